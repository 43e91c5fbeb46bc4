package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.cluster.KvClusterAccess;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.message.RaftResponse;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.StateCheck;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.LevelFile;
import io.raftwire.node.store.StoreOptions;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Writes a NEW fixture version folder: the data directories of a real durable 4-member KV cluster per provider, the
 * state they hold ({@code expected.properties}) and the golden frames ({@link FrameFixtures}). Not a test of the
 * default build: its name matches neither surefire's nor failsafe's patterns, so it runs only when named:
 *
 * <pre>
 * mvn -B -ntp -pl integration-tests -am verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
 *     -Dit.test=CompatFixtureWriter -Dcompat.version=0.2.0 \
 *     -Dcompat.root=$PWD/integration-tests/src/test/resources/compat
 * </pre>
 *
 * It refuses to write into a version folder that exists, so a committed fixture is never rewritten. With
 * {@code -Dcompat.levels=true} (how {@value CompatFixtures#LEVELS_VERSION} was written) the cluster records feature
 * level 1 before the workload, so the directories hold {@code level.state}, level-tagged operations and a snapshot
 * carrying the levels, and {@code expected.properties} adds what {@link CompatFixtures#levelSummary} and
 * {@link CompatFixtures#memberLevelSummary} read.
 *
 * <p>The workload, the same for every provider: puts (one key of non-ASCII text, one empty value), a delete, a
 * compare-and-set, then enough puts for a snapshot ({@link CompatFixtures#SNAPSHOT_INTERVAL}), node-4 removed from the
 * group, puts after the snapshot; segments of {@link CompatFixtures#SEGMENT_BYTES} so the log spans several files.
 */
class CompatFixtureWriter {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    @Timeout(600)
    void writeANewVersionFolder() throws Exception {
        String version = System.getProperty("compat.version", "");
        String root = System.getProperty("compat.root", "");
        assertTrue(!version.isBlank() && !root.isBlank(), "compat.version and compat.root must be set (expected: "
                + "-Dcompat.version=<new version> -Dcompat.root=<absolute path of src/test/resources/compat>)");
        Path folder = Path.of(root).resolve(version);
        assertTrue(Path.of(root).isAbsolute(), "compat.root = " + root + " (expected: an absolute path)");
        assertTrue(!Files.exists(folder), folder + " exists (expected: a new version; a committed fixture is never "
                + "rewritten)");
        boolean levels = Boolean.getBoolean("compat.levels");
        for (String provider : CompatFixtures.PROVIDERS) {
            Path dir = folder.resolve(provider);
            writeDataDirectories(provider, dir, version, levels);
            FrameFixtures.write(provider, dir.resolve("frames"));
        }
    }

    private static void writeDataDirectories(String provider, Path out, String release, boolean levels)
            throws Exception {
        Path root = out.resolve("data");
        Map<String, String> base = KvClusterAccess.base();
        base.put("raftwire.serializer", provider);
        base.put("raftwire.cluster.id", CompatFixtures.GROUP);
        base.put("raftwire.raft.snapshot-interval", String.valueOf(CompatFixtures.SNAPSHOT_INTERVAL));
        Map<String, String> expected = new TreeMap<>();
        Map<String, FeatureLevels> applied = new TreeMap<>();
        try (LocalCluster cluster = LocalCluster.start(4, base, root, CompatFixtureWriter::smallSegmentNode)) {
            if (levels) {
                recordLevelOne(cluster);
            }
            try (KvClient client = KvClusterAccess.client(cluster)) {
                put(client, CompatFixtures.ALPHA, "one");
                put(client, CompatFixtures.NON_ASCII, "wert ✓ значение 値");
                put(client, CompatFixtures.EMPTY, "");
                put(client, CompatFixtures.GONE, "to be deleted");
                assertTrue(join(client.delete(CompatFixtures.GONE)).success(), "delete");
                long version = join(client.get(CompatFixtures.ALPHA)).version();
                assertTrue(join(client.compareAndSet(CompatFixtures.ALPHA, version, bytes("two"))).success(), "cas");
                for (int i = 0; i < CompatFixtures.BEFORE_SNAPSHOT; i++) {
                    put(client, String.format("k%02d", i), "value " + i + CompatFixtures.PADDING);
                }
                RaftResponse left = join(client.session().leave(LocalCluster.id(3)));
                assertEquals(RaftResponse.Status.OK, left.status(), () -> "leave: " + left.error());
                cluster.stop(3);
                for (int i = 0; i < CompatFixtures.AFTER_SNAPSHOT; i++) {
                    put(client, String.format("after%02d", i), "after " + i + CompatFixtures.PADDING);
                }
            }
            // the client's session is closed: nothing commits any more; every member applies the same last index
            Map<String, StateCheck.MemberState> states = StateCheck.atOneIndex(cluster.running(), WAIT);
            RaftwireNode node = cluster.node(0);
            long appliedIndex = states.get(node.memberId()).appliedIndex();
            expected.putAll(node.read(appliedIndex, WAIT, sm -> CompatFixtures.kvSummary((KvStateMachine) sm,
                    CompatFixtures.workloadKeys())).get(WAIT.toMillis(), TimeUnit.MILLISECONDS));
            expected.put("appliedIndex", String.valueOf(appliedIndex));
            if (levels) {
                for (RaftwireNode member : cluster.running()) {
                    applied.put(member.memberId(), member.group().levels().get());
                }
                expected.putAll(CompatFixtures.levelSummary(node.group().levels().get()));
            }
        }
        deleteRecursively(root.resolve(LocalCluster.id(3)));
        for (String member : CompatFixtures.MEMBERS) {
            Path dir = root.resolve(member);
            Serializer serializer = CompatFixtures.serializer(provider);
            if (levels) {
                // the writer's store is given to the builder (for its small segments), and a given store keeps the
                // levels in memory: level.state is written here, by the build's LevelFile, with what the member applied
                FeatureLevels history = applied.get(member);
                assertEquals(CompatFixtures.levelOne(), history, member + "'s levels at the end of the workload");
                new LevelFile(dir, serializer, CompatFixtures.GROUP, StoreOptions.defaults().syncer()).write(history);
            }
            RestoredRaftState restored = FileRaftStore.restore(dir, serializer, CompatFixtures.GROUP).orElseThrow();
            expected.putAll(CompatFixtures.storeSummary(member, restored));
            if (levels) {
                expected.putAll(CompatFixtures.memberLevelSummary(member, dir, serializer, restored));
            }
            Files.deleteIfExists(dir.resolve("lock"));
        }
        CompatFixtures.write(out.resolve("expected.properties"), List.of(
                "What data/ holds, written by CompatFixtureWriter with " + provider + " (raftwire " + release
                        + " format); read by DataDirectoryCompatTest and DataDirectoryCompatIT.",
                "kv.<key> = <value in hex, - if empty>@<version>; appliedIndex = the last index every member applied."),
                expected);
    }

    /**
     * Records feature level 1 (the KV node's registry's schema) through the leader's log, as a cluster of this build
     * does once every member announces the leader's schema digest; waits until it is applied on the leader.
     */
    private static void recordLevelOne(LocalCluster cluster) throws Exception {
        RaftwireNode leader = cluster.node(cluster.awaitLeader(WAIT));
        FeatureLevels one = CompatFixtures.levelOne();
        if (leader.group().levels().get().currentLevel() == 0) { // a leader that records it by itself may have done so
            join(leader.group().replicate(LevelOperations.record(one)));
        }
        assertEquals(one, leader.group().levels().get(), "the leader's levels after recording level 1");
    }

    /** The shipped KV node, except that its store rolls segments at {@link CompatFixtures#SEGMENT_BYTES}. */
    private static RaftwireNode smallSegmentNode(RaftwireConfig config) {
        TypeRegistry registry = KvNodes.registry();
        try {
            Path dir = Path.of(config.get(ConfigKeys.NODE_DATA_DIR));
            Files.createDirectories(dir);
            String name = FileRaftStore.serializerOf(dir).orElse(config.get(ConfigKeys.SERIALIZER));
            Serializer serializer = Serializers.create(name, registry, SerializerConfig.options(config));
            FileRaftStore store = FileRaftStore.open(dir, serializer, config.get(ConfigKeys.CLUSTER_ID),
                    StoreOptions.defaults().withSegmentBytes(CompatFixtures.SEGMENT_BYTES));
            return RaftwireNode.builder(config, registry)
                    .store(store, store.takeRestoredState().orElse(null), store::close)
                    .stateMachine(new KvStateMachine(KvNodes.codecs(config, registry), System::currentTimeMillis))
                    .build();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void put(KvClient client, String key, String value) throws Exception {
        KvResult r = join(client.put(key, bytes(value)));
        assertTrue(r.success(), () -> "put " + key + ": " + r);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T join(CompletableFuture<T> f) throws Exception {
        return f.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var files = Files.walk(dir)) {
                for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
