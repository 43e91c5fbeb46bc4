package io.raftwire.cluster;

import io.microraft.Ordered;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftGroup;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.store.LevelFile;
import io.raftwire.node.store.Syncer;
import io.raftwire.config.ConfigKeys;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A feature level recorded through the Raft log of three members with data directories: the leader replicates the
 * record entry, every member applies it and keeps it in its {@code level.state}, a client reads it with the read
 * query, a record that skips a level is refused by every member without a change, a restarted member keeps its level,
 * and a member that lost its directory learns it from the leader's snapshot.
 */
class FeatureLevelIT {

    /** A user type of a later build. */
    record Added(String name) {
    }

    /** A user type of a build after that. */
    record Other(long id) {
    }

    static final FeatureLevels L1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, KvNodes.registry().schema()));
    static final Schema LATER = KvNodes.registry(b -> b.register(1024, Added.class)).schema();
    static final Schema OTHER = KvNodes.registry(b -> b.register(1024, Other.class)).schema();

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.store.FileRaftStore",
            // the refused record, on every member
            "io.raftwire.node.level.LevelRecorder",
            "io.raftwire.node.engine.StalePreVoteWatchdog",
            // members stopped on purpose: their peers report them unreachable
            "io.raftwire.transport.netty.Lane");

    @TempDir
    Path data;

    private static <T> T join(CompletableFuture<T> f) throws Exception {
        return f.get(KvCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * A restarted member replays its log from the start: the entries applied before level 1 was recorded must be
     * applied again at no level (their events' type ids carry no level), not at the level its level.state kept, or
     * its state's bytes differ from its peers' at the same index (found by ShardedKvIT's digest check).
     */
    @Test
    @Timeout(120)
    void aRestartedMemberReplaysEntriesFromBeforeLevel1AtNoLevelSoEveryMembersStateIsEqual() throws Exception {
        Map<String, String> base = KvCluster.base("kryo");
        base.put("raftwire.upgrade.check-interval-ms", "3600000"); // the test records level 1 itself, later
        try (KvCluster kv = KvCluster.start(3, 3, base, data); KvClient client = kv.client()) {
            int leader = kv.awaitLeader();
            assertTrue(join(client.watch("w", true)).success());
            join(client.put("w-before", "1".getBytes(StandardCharsets.UTF_8))); // an event at no level
            join(kv.cluster.node(leader).group().replicate(LevelOperations.record(L1)));
            join(client.put("w-after", "2".getBytes(StandardCharsets.UTF_8)));
            int follower = (leader + 1) % 3;
            kv.cluster.stop(follower);
            RaftwireNode restarted = kv.cluster.restart(follower);
            assertEquals(L1, restarted.group().knownLevels(), "its gates know level 1 from level.state at once");
            Map<String, Long> digests = kv.digests();
            assertEquals(1, Set.copyOf(digests.values()).size(), "every member's state at one index: " + digests);
            assertEquals(L1, restarted.group().levels().get(), "applied again from its log");
        }
    }

    @Test
    @Timeout(120)
    void aRecordedLevelReachesEveryMembersLevelStateAndOutlivesRestartsAndALostDirectory() throws Exception {
        Map<String, String> base = KvCluster.base("kryo");
        base.put("raftwire.raft.snapshot-interval", "20");
        try (KvCluster kv = KvCluster.start(3, 3, base, data); KvClient client = kv.client()) {
            int leader = kv.awaitLeader();
            RaftGroup group = kv.cluster.node(leader).group();
            assertEquals(Set.of(LocalCluster.id(0), LocalCluster.id(1), LocalCluster.id(2)), group.memberIds());
            Ordered<Object> recorded = join(group.replicate(LevelOperations.record(L1)));
            assertEquals(L1, recorded.getResult(), "the leader's apply answers the history after it");
            for (int i = 0; i < 3; i++) {
                RaftwireNode node = kv.cluster.node(i);
                Await.until(KvCluster.WAIT, () -> L1.equals(node.group().levels().get()),
                        () -> node.memberId() + " at " + L1);
                assertEquals(L1, levelState(kv, i), node.memberId() + "'s level.state");
            }

            int follower = (leader + 1) % 3;
            Throwable notLeader = Await.failure(kv.cluster.node(follower).group().replicate(
                    LevelOperations.record(L1)), KvCluster.WAIT);
            assertEquals("NotLeaderException", notLeader.getClass().getSimpleName(), String.valueOf(notLeader));

            // a record that skips a level is refused by every member, which stays where it was
            FeatureLevels skipping = L1.raisedTo(new FeatureLevel(2, LATER)).raisedTo(new FeatureLevel(3, OTHER));
            Throwable refused = Await.failure(group.replicate(LevelOperations.record(skipping)), KvCluster.WAIT);
            assertEquals(IllegalArgumentException.class, refused.getClass(), String.valueOf(refused));
            assertTrue(refused.getMessage().endsWith(" goes from level 1 to level 3 (expected: at most one level more"
                    + " than this member's 1)"), refused.getMessage());
            for (int i = 0; i < 3; i++) {
                String id = LocalCluster.id(i);
                logs.await(" - group " + kv.cluster.node(i).groupId() + " on " + id + " refused the feature level"
                        + " record at log index");
                assertEquals(L1, kv.cluster.node(i).group().levels().get(), id);
                assertEquals(L1, levelState(kv, i), id + "'s level.state");
            }

            QueryResponse read = join(client.session().query(LevelOperations.read()));
            assertEquals(RaftResponse.Status.OK, read.status(), String.valueOf(read.error()));
            assertEquals(L1, FeatureLevels.fromBytes(read.result()), "a client reads the history with the read query");

            kv.cluster.stop(follower);
            RaftwireNode restarted = kv.cluster.restart(follower);
            assertEquals(L1, restarted.group().knownLevels(), "a restarted member knows its level from level.state");
            Await.until(KvCluster.WAIT, () -> L1.equals(restarted.group().levels().get()),
                    () -> restarted.memberId() + " applies level 1 again as its log replays");

            int lost = (leader + 2) % 3;
            kv.cluster.stop(lost);
            deleteContents(Path.of(kv.cluster.config(lost).get(ConfigKeys.NODE_DATA_DIR)));
            for (int i = 0; i < 60; i++) { // three snapshots: the record entry leaves the leader's log
                join(client.put("k" + i, ("v" + i).getBytes(StandardCharsets.UTF_8)));
            }
            RaftwireNode fresh = kv.cluster.restart(lost);
            Await.until(KvCluster.WAIT, () -> L1.equals(fresh.group().levels().get()),
                    () -> fresh.memberId() + " at " + L1 + " from the leader's snapshot");
            assertEquals(L1, levelState(kv, lost), "kept after the snapshot's install");
            int installed = join(fresh.raftNode().getReport()).getResult().getLog().getInstallSnapshotCount();
            assertTrue(installed >= 1, "the member caught up through a snapshot (installed: " + installed + ")");
        }
    }

    private static FeatureLevels levelState(KvCluster kv, int index) throws IOException {
        Path dir = Path.of(kv.cluster.config(index).get(ConfigKeys.NODE_DATA_DIR));
        return new LevelFile(dir, Serializers.create("kryo", KvNodes.registry(), SerializerOptions.defaults()),
                kv.cluster.node(index).groupId(), Syncer.SYSTEM).read();
    }

    private static void deleteContents(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                if (!p.equals(dir)) {
                    Files.delete(p);
                }
            }
        }
    }
}
