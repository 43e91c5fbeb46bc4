package io.raftwire.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.KvNodes;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.transport.netty.testkit.Await;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Feature levels on three members in one process (kryo, real transports, two groups), with
 * {@code raftwire.upgrade.auto-raise = false}: every group records level 1 by itself (the members run equal types),
 * {@code raftwire admin feature-level} prints it, and a raise is refused since there is nothing new to record.
 */
class FeatureLevelRaiseIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    private Path config;

    @Test
    @Timeout(120)
    void aClusterRecordsLevel1ByItselfAndRefusesARaiseWithNothingNew() throws Exception {
        config = Files.writeString(dir.resolve("cli.properties"),
                "raftwire.tls.enabled=false\nraftwire.cluster.id=it-groups\nraftwire.groups=2\n");
        Map<String, String> base = MemberCluster.base(2);
        base.put("raftwire.upgrade.auto-raise", "false");
        base.put("raftwire.upgrade.check-interval-ms", "100");
        try (MemberCluster cluster = MemberCluster.start(3, base, null)) {
            cluster.awaitLeaders(WAIT);
            FeatureLevels level1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, KvNodes.registry().schema()));
            for (int m = 0; m < cluster.size(); m++) {
                for (int g = 0; g < 2; g++) {
                    int member = m;
                    int group = g;
                    Await.until(WAIT, () -> level1.equals(cluster.member(member).group(group).levels().get()),
                            () -> MemberCluster.id(member) + " applied level 1 in group " + group + ", has "
                                    + cluster.member(member).group(group).levels().get());
                }
            }
            String expected = "* level 1  schema " + Long.toHexString(level1.current().get().digest())
                    + "  (current)";

            String[] show = cli("admin", "--members", members(cluster), "feature-level");
            assertEquals(String.valueOf(ExitCodes.OK), show[0], show[2]);
            assertEquals(expected, show[1]);
            String[] other = cli("admin", "--members", members(cluster), "--group", "it-groups-1", "feature-level");
            assertEquals(String.valueOf(ExitCodes.OK), other[0], other[2]);
            assertEquals(expected, other[1]);

            String[] raise = cli("admin", "--members", members(cluster), "feature-level", "--raise");
            assertEquals(String.valueOf(ExitCodes.FAILURE), raise[0], raise[1]);
            assertEquals("", raise[1]);
            assertEquals("raftwire admin feature-level: the cluster refused it: COMMAND_FAILURE: nothing to raise:"
                    + " every member runs the current level's types", raise[2]);
            for (int m = 0; m < cluster.size(); m++) {
                assertEquals(level1, cluster.member(m).group(0).levels().get(), "no level recorded by the refusal");
            }
        }
    }

    private static String members(MemberCluster cluster) {
        return cluster.clientAddresses().stream().map(PeerAddress::toString).collect(Collectors.joining(","));
    }

    /** The program in this JVM: exit status, stdout and stderr, each stripped. */
    private String[] cli(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add(1, "--config=" + config);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true),
                all.toArray(String[]::new));
        return new String[] {String.valueOf(status), out.toString().strip(), err.toString().strip()};
    }
}
