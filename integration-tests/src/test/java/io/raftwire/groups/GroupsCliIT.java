package io.raftwire.groups;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.transport.netty.testkit.Await;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code raftwire status} and {@code raftwire admin} against members of four groups: without {@code --group} status
 * shows every group (the configuration says {@code raftwire.groups = 4}), with it one, and an admin command with
 * {@code --group} acts on that group only; the commands that address every group refuse a configuration whose
 * {@code raftwire.groups} is not the members' count.
 */
class GroupsCliIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path config;

    @Test
    @Timeout(120)
    void statusShowsEveryGroupOrTheOneNamedAndAdminActsOnTheGroupNamed() throws Exception {
        config = Files.writeString(dir.resolve("cli.properties"),
                "raftwire.tls.enabled=false\nraftwire.cluster.id=it-groups\nraftwire.groups=4\n");
        try (MemberCluster cluster = MemberCluster.start(3, MemberCluster.base(4), null)) {
            int[] leaders = cluster.awaitLeaders(WAIT);
            String member = cluster.clientAddresses().get(0).toString();

            String[] all = cli("status", "--member", member);
            assertEquals(String.valueOf(ExitCodes.OK), all[0], all[2]);
            List<String> firstLines = all[1].lines().filter(l -> l.startsWith("member ")).toList();
            assertEquals(4, firstLines.size(), all[1]);
            for (int g = 0; g < 4; g++) {
                String id = g == 0 ? "it-groups" : "it-groups-" + g;
                assertTrue(firstLines.get(g).startsWith("member    m-1 (") && firstLines.get(g).endsWith(" of group "
                        + id), firstLines.get(g));
            }
            JsonNode array = JSON.readTree(cli("status", "--member", member, "--json")[1]);
            assertEquals(4, array.size());
            assertEquals("it-groups-3", array.get(3).get("group").asText());

            String[] one = cli("status", "--member", member, "--group", "it-groups-2", "--json");
            assertEquals(String.valueOf(ExitCodes.OK), one[0], one[2]);
            assertEquals("it-groups-2", JSON.readTree(one[1]).get("group").asText());

            String[] wrong = cli("status", "--member", member, "--group", "other-2");
            assertEquals(String.valueOf(ExitCodes.USAGE), wrong[0], wrong[1]);
            assertTrue(wrong[2].contains("--group = ") && wrong[2].contains("other-2 (no group of cluster it-groups"
                    + " (expected: it-groups or it-groups-<i>, i = 1..1023))"), wrong[2]);

            String[] put = cli("client", "--members", members(cluster), "--group", "it-groups-1", "put", "greeting",
                    "hello");
            assertEquals(String.valueOf(ExitCodes.OK), put[0], put[2]);
            assertTrue(put[1].startsWith("OK version "), put[1]);
            String[] get = cli("client", "--members", members(cluster), "--group", "it-groups-1", "get", "greeting");
            assertTrue(get[1].startsWith("hello (version "), get[1]);
            String[] elsewhere = cli("client", "--members", members(cluster), "--group", "it-groups-3", "get",
                    "greeting");
            assertEquals("(absent)", elsewhere[1], "group it-groups-3 holds no key group it-groups-1 was given");

            int target = (leaders[2] + 1) % 3;
            String[] transfer = cli("admin", "--members", members(cluster), "--group", "it-groups-2",
                    "transfer-leadership", MemberCluster.id(target));
            assertEquals(String.valueOf(ExitCodes.OK), transfer[0], transfer[2]);
            NodeEndpoint expected = new NodeEndpoint(MemberCluster.id(target));
            Await.until(WAIT, () -> expected.equals(cluster.member(target).group(2).raftNode().getTerm()
                    .getLeaderEndpoint()) && cluster.member(target).group(2).isLeader(),
                    () -> MemberCluster.id(target) + " leads group it-groups-2");

            config = Files.writeString(dir.resolve("eight.properties"),
                    "raftwire.tls.enabled=false\nraftwire.cluster.id=it-groups\nraftwire.groups=8\n");
            String[] balance = cli("admin", "--members", members(cluster), "balance-leaders");
            assertTrue(!String.valueOf(ExitCodes.OK).equals(balance[0]) && balance[2].contains("member m-1 hosts 4"
                    + " group(s), but raftwire.groups = 8 here"), balance[0] + " " + balance[2]);
            config = Files.writeString(dir.resolve("two.properties"),
                    "raftwire.tls.enabled=false\nraftwire.cluster.id=it-groups\nraftwire.groups=2\n");
            String[] add = cli("admin", "--members", members(cluster), "add-member", "--all-groups", "m-9");
            assertTrue(!String.valueOf(ExitCodes.OK).equals(add[0]) && add[2].contains("member m-1 hosts 4"
                    + " group(s), but raftwire.groups = 2 here"), add[0] + " " + add[2]);
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
