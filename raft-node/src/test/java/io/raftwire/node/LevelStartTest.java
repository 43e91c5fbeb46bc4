package io.raftwire.node;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftEndpointPersistentStateModel;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.LevelFile;
import io.raftwire.node.store.StoreOptions;
import io.raftwire.node.store.Syncer;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A member reads its groups' {@code level.state} before its store opens: a build below the recorded feature level is
 * refused and leaves every byte of the directory as it was, although the directory holds a torn tail the store would
 * cut; the build of the recorded level starts and sees its level.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class LevelStartTest {

    /** A user type the later build has. */
    record Added(String name) {
    }

    /** A user type of level 1 with a component the later build removed. */
    record Named(String name) {
    }

    /** The later build's type 1024: its one component removed, which kryo cannot write the default of. */
    record Nameless() {
    }

    static final Schema OWN = KvNodes.registry().schema();
    static final Schema LATER = KvNodes.registry(b -> b.register(1024, Added.class)).schema();
    static final FeatureLevels L1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, OWN));
    static final FeatureLevels L2 = L1.raisedTo(new FeatureLevel(2, LATER));

    /** The torn tail the positive control's store cuts. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", FileRaftStore.class.getName());

    @TempDir
    Path data;

    @Test
    void aBuildBelowTheRecordedLevelIsRefusedAndEveryByteOfTheDirectoryStaysAsItWas() throws Exception {
        RaftwireConfig config = config(data, 1);
        Serializer serializer = writeDirectory(data, config);
        new LevelFile(data, serializer, groupId(config, 0), Syncer.SYSTEM).write(L2);
        Map<String, String> before = hashes(data);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KvNodes.node(config));
        assertEquals("data directory " + data + " (raftwire.node.data-dir) records " + L2 + " in level.state, and this"
                + " build has the types of feature level 1 (schema " + Long.toHexString(OWN.digest()) + "), below the"
                + " cluster's level 2 (expected: the types of level 2 or a later build; a downgrade below the"
                + " cluster's level is refused); nothing in it was changed", e.getMessage());
        assertEquals(before, hashes(data), "every file and its bytes as before");

        // the control: at level 1 the same build starts, cutting the torn tail the refusal left in place
        new LevelFile(data, serializer, groupId(config, 0), Syncer.SYSTEM).write(L1);
        Map<String, String> atOne = hashes(data);
        try (RaftwireNode node = KvNodes.node(config)) {
            assertEquals(L1, node.group().knownLevels(), "known from level.state; its log holds no record");
        }
        logs.await("truncated torn tail of ");
        assertNotEquals(atOne, hashes(data), "the store repairs what the refusal left alone");
    }

    /** The levels read reach the store: it reads files another registry wrote once the group has a level. */
    @Test
    void aBuildWithOtherApplicationTypesOpensTheDirectoryOnceTheGroupHasALevel() throws Exception {
        RaftwireConfig config = config(data, 1);
        Serializer serializer = writeDirectory(data, config);
        TypeRegistry later = KvNodes.registry(b -> b.register(1024, Added.class));

        UncheckedIOException refused = assertThrows(UncheckedIOException.class, () -> laterNode(config, later));
        assertTrue(refused.getMessage().contains("the cluster has recorded no feature level"), refused.getMessage());

        new LevelFile(data, serializer, groupId(config, 0), Syncer.SYSTEM).write(L1);
        try (RaftwireNode node = laterNode(config, later)) {
            assertEquals(L1, node.group().knownLevels(), "known from level.state; its log holds no record");
        }
        logs.await("truncated torn tail of ");
    }

    private static RaftwireNode laterNode(RaftwireConfig config, TypeRegistry registry) {
        return RaftwireNode.builder(config, registry).stateMachine(new KvStateMachine(KvNodes.codecs(config,
                registry), System::currentTimeMillis)).build();
    }

    @Test
    void aMemberOfSeveralGroupsChecksEveryGroupBeforeItsSharedLogOpens() throws Exception {
        RaftwireConfig config = config(data, 2);
        Path second = GroupIds.dataDir(data, 1);
        Files.createDirectories(second);
        Serializer serializer = Serializers.create("kryo", KvNodes.registry(), SerializerOptions.defaults());
        new LevelFile(second, serializer, groupId(config, 1), Syncer.SYSTEM).write(L2);
        Map<String, String> before = hashes(data);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KvNodes.memberBuilder(config).build());
        assertEquals("data directory " + second + " (raftwire.node.data-dir) records " + L2 + " in level.state, and"
                + " this build has the types of feature level 1 (schema " + Long.toHexString(OWN.digest()) + "), below"
                + " the cluster's level 2 (expected: the types of level 2 or a later build; a downgrade below the"
                + " cluster's level is refused); nothing in it was changed", e.getMessage());
        assertEquals(before, hashes(data), "no shared log, no group directory created");
    }

    /**
     * level.state can be behind the log: a member stopped after a record reached its log but before it applied it (or
     * its write of level.state failed). Before the fix this build started on such a directory with no level.state,
     * then applied level 2 from its log and ran below the cluster's level.
     */
    @Test
    void aRecordInTheLogBeyondLevelStateRefusesABuildBelowIt() throws Exception {
        RaftwireConfig config = config(data, 1);
        writeDirectory(data, config, LevelOperations.record(L1), LevelOperations.record(L2));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KvNodes.node(config));
        assertEquals("data directory " + data + " (raftwire.node.data-dir) holds " + L2 + " in its log at index 2,"
                + " beyond no feature level in level.state, and this build has the types of feature level 1 (schema "
                + Long.toHexString(OWN.digest()) + "), below the cluster's level 2 (expected: the types of level 2 or"
                + " a later build; a downgrade below the cluster's level is refused)", e.getMessage());
        logs.await("truncated torn tail of ");
    }

    /**
     * LevelRules compares schemas only: the comparison allows a removed component, but kryo cannot write its default,
     * so before the fix this build started at level 1 and then failed every write (and its encoder creation named why
     * only then, per write).
     */
    @Test
    void aBuildWhoseSerializerCannotWriteAtTheRecordedLevelIsRefused() throws Exception {
        RaftwireConfig config = config(data, 1);
        Serializer serializer = writeDirectory(data, config);
        Schema named = KvNodes.registry(b -> b.register(1024, Named.class)).schema();
        FeatureLevels level = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, named));
        new LevelFile(data, serializer, groupId(config, 0), Syncer.SYSTEM).write(level);
        TypeRegistry later = KvNodes.registry(b -> b.register(1024, Nameless.class));
        Map<String, String> before = hashes(data);

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> laterNode(config, later));
        String prefix = "data directory " + data + " (raftwire.node.data-dir) records " + level + " in level.state,"
                + " and this build's types cannot be read or written by kryo in the schema of feature level 1 (schema "
                + Long.toHexString(named.digest()) + "): ";
        assertTrue(e.getMessage().startsWith(prefix), e.getMessage());
        assertTrue(e.getMessage().contains("kryo's down-level encoder cannot write a removed component into a type"
                + " with no components yet"), e.getMessage());
        assertTrue(e.getMessage().endsWith(" (expected: types kryo reads and writes in that schema,"
                + " raftwire.serializer); nothing in it was changed"), e.getMessage());
        assertEquals(before, hashes(data), "every file and its bytes as before");
    }

    @Test
    void aDamagedLevelStateStopsTheStartNamingFileAndOffset() throws Exception {
        RaftwireConfig config = config(data, 1);
        writeDirectory(data, config);
        Path level = data.resolve(LevelFile.NAME);
        Files.write(level, new byte[] {'R', 'W', 'S', 'T', 0, 1, 3});
        Map<String, String> before = hashes(data);
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> KvNodes.node(config));
        assertEquals("cannot open the data directory " + data + " (raftwire.node.data-dir): " + level + " at offset 0:"
                + " file ends at 7, inside its header (expected: a complete header)", e.getMessage());
        assertEquals(before, hashes(data));
    }

    @Test
    void aDirectoryWithoutLevelStateStartsAtNoLevel() throws Exception {
        RaftwireConfig config = config(data, 1);
        writeDirectory(data, config);
        try (RaftwireNode node = KvNodes.node(config)) {
            assertEquals(FeatureLevels.NONE, node.group().levels().get());
        }
        assertFalse(Files.exists(data.resolve(LevelFile.NAME)), "nothing recorded, nothing written");
        logs.await("truncated torn tail of ");
    }

    private static RaftwireConfig config(Path data, int groups) {
        return RaftwireConfig.of(Map.of(ConfigKeys.NODE_DATA_DIR.name(), data.toString(),
                ConfigKeys.TLS_ENABLED.name(), "false", ConfigKeys.GROUPS.name(), String.valueOf(groups),
                ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:0", ConfigKeys.NODE_CLIENT_ADDRESS.name(), "127.0.0.1:0"));
    }

    private static String groupId(RaftwireConfig config, int index) {
        return GroupIds.id(config.get(ConfigKeys.CLUSTER_ID), index);
    }

    /** A member's directory after one log entry, with a torn tail: half a frame after it. */
    private static Serializer writeDirectory(Path dir, RaftwireConfig config) throws IOException {
        return writeDirectory(dir, config, LevelOperations.record(L1));
    }

    /** As above, with {@code operations} as the log's entries from index 1, in term 1. */
    private static Serializer writeDirectory(Path dir, RaftwireConfig config, Object... operations)
            throws IOException {
        Serializer serializer = Serializers.create("kryo", KvNodes.registry(), SerializerOptions.defaults());
        NodeEndpoint self = new NodeEndpoint(config.get(ConfigKeys.NODE_ID));
        try (FileRaftStore store = FileRaftStore.open(dir, serializer, groupId(config, 0),
                StoreOptions.defaults().withPreallocation(false))) {
            store.takeRestoredState();
            store.persistAndFlushLocalEndpoint(new RaftEndpointPersistentStateModel(self, true));
            store.persistAndFlushInitialGroupMembers(new RaftGroupMembersViewModel(0, List.of(self), List.of(self)));
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(1, null));
            List<LogEntryModel> entries = new ArrayList<>();
            for (Object op : operations) {
                entries.add(new LogEntryModel(entries.size() + 1, 1, op));
            }
            store.persistLogEntries(List.copyOf(entries));
            store.flush();
        }
        try (Stream<Path> segments = Files.list(dir.resolve("log"))) {
            Path last = segments.sorted().reduce((a, b) -> b).orElseThrow();
            Files.write(last, new byte[] {0, 0, 0, 9, 0, 0}, StandardOpenOption.APPEND);
        }
        return serializer;
    }

    /** Every file and directory under {@code dir}, with a SHA-256 of each file's bytes. */
    private static Map<String, String> hashes(Path dir) throws IOException, NoSuchAlgorithmException {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) all::iterator) {
                out.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "dir" : HexFormat.of().formatHex(
                        MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
            }
        }
        return out;
    }
}
