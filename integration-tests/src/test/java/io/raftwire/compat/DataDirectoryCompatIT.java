package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.cluster.KvClusterAccess;
import io.raftwire.it.ItProviders;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Whole members of today restart from copies of the committed data directories of every fixture folder
 * ({@link CompatFixtures#VERSIONS}, issue 26's N-1 fixtures) on loopback sockets, with the shipped KV node: they elect a
 * leader, apply the whole recovered log, hold exactly the key-value state {@code expected.properties} records, run
 * the membership the log left (node-4 removed) and take new writes; members of the levels folder start at the feature level it recorded, and the client learns it. The
 * default test command runs one provider per folder, the long profile all four ({@link ItProviders}).
 */
class DataDirectoryCompatIT {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.engine.StalePreVoteWatchdog",
            // node-4, in the peer table but never started: the client and the members report it unreachable
            "io.raftwire.transport.netty.Lane");

    @TempDir
    Path tmp;

    static Stream<Arguments> folders() {
        // one provider per folder in the default command (a different one each), all four in the long profile
        return Stream.concat(
                ItProviders.of("fory", "kryo", "protostuff", "jdk", "fory").stream()
                        .map(p -> Arguments.of(CompatFixtures.VERSION, p)),
                ItProviders.of("kryo", "kryo", "protostuff", "jdk", "fory").stream()
                        .map(p -> Arguments.of(CompatFixtures.LEVELS_VERSION, p)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("folders")
    @Timeout(120)
    void membersRestartedFromTheFixtureHoldItsStateAndTakeNewWrites(String version, String provider)
            throws Exception {
        Path folder = CompatFixtures.folder(version, provider);
        Map<String, String> expected = CompatFixtures.read(folder.resolve("expected.properties"));
        Path root = tmp.resolve("data");
        for (String member : CompatFixtures.MEMBERS) {
            CompatFixtures.copy(folder.resolve("data").resolve(member), root.resolve(member));
        }
        long applied = Long.parseLong(expected.get("appliedIndex"));
        Map<String, String> base = KvClusterAccess.base();
        base.put("raftwire.serializer", provider);
        base.put("raftwire.cluster.id", CompatFixtures.GROUP);
        base.put("raftwire.raft.snapshot-interval", String.valueOf(CompatFixtures.SNAPSHOT_INTERVAL));
        // node-4 stays in the peer table, never started: the recovered log removed it from the group
        try (LocalCluster cluster = LocalCluster.start(4, 3, base, root, KvNodes::node)) {
            int leader = cluster.awaitLeader(WAIT);
            List<String> members = cluster.node(leader).raftNode().getEffectiveMembers().getMembers().stream()
                    .map(e -> String.valueOf(e.getId())).sorted().toList();
            assertEquals(CompatFixtures.MEMBERS, members, "the group after the fixture's membership change");
            for (RaftwireNode node : cluster.running()) {
                Map<String, Object> state = node.read(applied, WAIT, sm -> Map.<String, Object>of(
                        "kv", CompatFixtures.kvSummary((KvStateMachine) sm, CompatFixtures.workloadKeys()),
                        "applied", ((KvStateMachine) sm).lastAppliedIndex()))
                        .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                assertEquals(new TreeMap<>(CompatFixtures.only(expected, "kv.")), state.get("kv"),
                        node.memberId() + " restarted from the " + provider + " fixture");
                assertTrue((Long) state.get("applied") >= applied, () -> node.memberId() + " applied "
                        + state.get("applied") + " (expected: at least the fixture's " + applied + ")");
                if (CompatFixtures.recordsLevels(version)) { // 0.1.0 recorded none; a leader may record level 1 now
                    assertEquals(expected.get("level.history"), CompatFixtures.describe(node.group().levels().get()),
                            node.memberId() + "'s feature levels after starting from the " + version + " fixture");
                }
            }
            try (KvClient client = KvClusterAccess.client(cluster)) {
                byte[] value = "written after the upgrade".getBytes(StandardCharsets.UTF_8);
                assertTrue(client.put(CompatFixtures.ALPHA, value).get(WAIT.toMillis(), TimeUnit.MILLISECONDS)
                        .success());
                assertArrayEquals(value, client.get(CompatFixtures.ALPHA).get(WAIT.toMillis(),
                        TimeUnit.MILLISECONDS).value());
                if (CompatFixtures.recordsLevels(version)) {
                    assertEquals(expected.get("level.current"),
                            String.valueOf(client.session().featureLevels().currentLevel()),
                            "the level the client learnt from the members, and writes at");
                }
            }
        }
    }
}
