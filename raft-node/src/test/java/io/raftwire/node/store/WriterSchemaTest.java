package io.raftwire.node.store;

import io.microraft.MembershipChangeMode;
import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.model.EngineType;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.SnapshotEntryModel;
import io.raftwire.node.model.UpdateRaftGroupMembersOpModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.SchemaCodec;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

import static io.raftwire.node.store.StoreFixtures.A;
import static io.raftwire.node.store.StoreFixtures.B;
import static io.raftwire.node.store.StoreFixtures.C;
import static io.raftwire.node.store.StoreFixtures.FIRST_TERM;
import static io.raftwire.node.store.StoreFixtures.MEMBERS;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A directory written with one set of application types is read by a member with another once the cluster has
 * recorded a feature level, through the writer's schema file; every other case is refused naming what failed.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class WriterSchemaTest {

    /** An application type, as the writer had it. */
    public record ItemV1(String name) {
    }

    /** The same application type, one field more. */
    public record ItemV2(String name, int count) {
    }

    /** A type in raftwire's own range (key-value and session ids) that only one build has. */
    public record OwnExtra(String text) {
    }

    private static final TypeRegistry WRITER = registry(ItemV1.class, false);
    private static final TypeRegistry READER = registry(ItemV2.class, false);
    private static final TypeRegistry OTHER_OWN = registry(ItemV1.class, true);
    private static final RaftTermPersistentStateModel SECOND_TERM = new RaftTermPersistentStateModel(2, A);
    private static final FeatureLevels LEVEL_1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, READER.schema()));

    @TempDir
    Path dir;

    /** The warning of a replaced schema file, captured and checked. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", SchemaFile.class.getName());

    private final List<TornTail> torn = new ArrayList<>();

    private static TypeRegistry registry(Class<?> app, boolean ownExtra) {
        TypeRegistry.Builder b = EngineType.registerAll(TypeRegistry.builder()).register(1024, app);
        if (ownExtra) {
            b.register(1100, OwnExtra.class);
        }
        return b.build();
    }

    private static Serializer serializer(String provider, TypeRegistry registry) {
        return Serializers.create(provider, registry, SerializerOptions.defaults());
    }

    private static Stream<String> providers() {
        return StoreFixtures.providers();
    }

    private StoreOptions options(FeatureLevels levels) {
        return StoreOptions.defaults().withTornTailReporter(torn::add).withLevels(levels);
    }

    /** Entries whose operations are raftwire's own types, as every record of a store is. */
    private static List<LogEntry> entries(long from, long to) {
        List<LogEntry> list = new ArrayList<>();
        for (long i = from; i <= to; i++) {
            list.add(new LogEntryModel(i, 1, new UpdateRaftGroupMembersOpModel(List.of(A, B, C), List.of(A, B), C,
                    MembershipChangeMode.ADD_LEARNER)));
        }
        return list;
    }

    private static SnapshotChunkModel chunk() {
        return new SnapshotChunkModel(3, 1, MEMBERS, 0, 1, MEMBERS);
    }

    /** Writes state, a snapshot at 3 and entries 1..5 with {@code s}. */
    private void write(Path at, Serializer s) throws IOException {
        try (FileRaftStore store = FileRaftStore.open(at, s, StoreFixtures.GROUP, options(FeatureLevels.NONE))) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            store.persistLogEntries(entries(1, 5));
            store.persistSnapshotChunk(chunk());
            store.flush();
        }
    }

    private RestoredRaftState restore(Path at, Serializer s, FeatureLevels levels) throws IOException {
        return FileRaftStore.restore(at, s, StoreFixtures.GROUP, options(levels)).orElseThrow();
    }

    private static Path schemaFile(Path at, TypeRegistry r) {
        return at.resolve("schema").resolve(HexFormat.of().toHexDigits(r.fingerprint()) + ".schema");
    }

    private static void assertContains(String message, String... parts) {
        for (String p : parts) {
            assertTrue(message.contains(p), "expected to contain: " + p + "\nin: " + message);
        }
    }

    private void assertRestoredAsWritten(RestoredRaftState r) {
        StoreFixtures.assertRestored(r, FIRST_TERM, new SnapshotEntryModel(3, 1, List.of(chunk()), MEMBERS),
                entries(4, 5));
    }

    @Test
    void otherApplicationTypesAreRefusedWhileNoFeatureLevelIsRecordedAndNothingIsWritten() throws IOException {
        write(dir, serializer("kryo", WRITER));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> restore(dir, serializer("kryo", READER), FeatureLevels.NONE));
        assertEquals(dir.resolve(FileRaftStore.ENDPOINT), e.file(), "the first file read");
        assertEquals(16, e.offset(), "the registry fingerprint's field");
        assertEquals(dir.resolve(FileRaftStore.ENDPOINT) + " at offset 16: type registry fingerprint "
                + Long.toHexString(WRITER.fingerprint()) + " (expected: " + Long.toHexString(READER.fingerprint())
                + ", or another registry's once the cluster has recorded a feature level, if "
                + schemaFile(dir, WRITER) + " holds that registry's schema and raftwire's own types in it equal this"
                + " build's; here the cluster has recorded no feature level (until it has, every member reads only"
                + " its own registry's files): start the member with the build and types that wrote this directory,"
                + " or move the directory away and let the member catch up from its peers; the registered types"
                + " differ from those this directory was written with)", e.getMessage());
        assertFalse(Files.exists(schemaFile(dir, READER)), "a refused open writes no schema file");
    }

    @ParameterizedTest
    @MethodSource("providers")
    void otherApplicationTypesAreReadOnceALevelIsRecordedAndTheReaderWritesItsOwnSchema(String provider)
            throws IOException {
        Serializer writer = serializer(provider, WRITER);
        Serializer reader = serializer(provider, READER);
        assertNotEquals(writer.fingerprint(), reader.fingerprint());
        write(dir, writer);
        assertTrue(Files.isRegularFile(schemaFile(dir, WRITER)), "the writer recorded its schema");
        try (FileRaftStore store = FileRaftStore.open(dir, reader, StoreFixtures.GROUP, options(LEVEL_1))) {
            assertRestoredAsWritten(store.takeRestoredState().orElseThrow());
            assertArrayEquals(SchemaCodec.write(READER.schema()), payload(schemaFile(dir, READER)),
                    "the reader recorded its own schema before writing");
            store.persistAndFlushTerm(SECOND_TERM); // term.state now has the reader's header
            store.persistLogEntries(entries(6, 6)); // into the writer's segment, under its header
            store.flush();
        }
        List<LogEntry> all = entries(4, 6);
        RestoredRaftState again = restore(dir, reader, LEVEL_1);
        assertEquals(all, again.getLogEntries(), "the reader reopens what it appended");
        assertEquals(SECOND_TERM, again.getTermPersistentState());
        RestoredRaftState back = restore(dir, writer, LEVEL_1);
        assertEquals(all, back.getLogEntries(), "the writer's build reads it back, through the reader's schema file");
        assertEquals(SECOND_TERM, back.getTermPersistentState());
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> restore(dir, writer, FeatureLevels.NONE));
        assertEquals(dir.resolve(FileRaftStore.TERM), e.file(), "without a level, the reader's term file is refused");
        assertEquals(List.of(), torn);
    }

    @Test
    void anAcceptedRegistrysFileMustStillCarryItsSerializerFingerprintForThisFormatVersion() throws IOException {
        Serializer writer = serializer("kryo", WRITER);
        write(dir, writer);
        Path endpoint = dir.resolve(FileRaftStore.ENDPOINT);
        byte[] bytes = Files.readAllBytes(endpoint);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        b.putLong(8, b.getLong(8) + 1); // as a writer of another kryo format version would have it
        int crcAt = (int) recordOffset(bytes) - 4;
        b.putInt(crcAt, StoreFormat.crc(bytes, 0, crcAt));
        Files.write(endpoint, bytes);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> restore(dir, serializer("kryo", READER), LEVEL_1));
        assertEquals(endpoint + " at offset 8: serializer fingerprint " + Long.toHexString(writer.fingerprint() + 1)
                + " (expected: " + Long.toHexString(writer.fingerprint()) + "; the serializer's format version"
                + " differs)", e.getMessage(), "the fingerprint expected is the writer registry's, as kryo makes it");
    }

    @Test
    void aSchemaFileWhoseRaftwireTypesDifferIsRefusedNamingTheType() throws IOException {
        write(dir, serializer("kryo", OTHER_OWN));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> restore(dir, serializer("kryo", READER), LEVEL_1));
        assertContains(e.getMessage(), "here raftwire's own types differ between this build (first) and the"
                + " writer's schema in " + schemaFile(dir, OTHER_OWN) + " (second): raftwire's type 1100 ("
                + OwnExtra.class.getName() + ", only in the second) differs: start the member");
        assertFalse(e.getMessage().contains("no feature level"), "the level is recorded: " + e.getMessage());
    }

    @Test
    void aHeaderExpectedWithoutWriterCheckRefusesAnotherRegistryAsBefore() {
        Path file = dir.resolve(FileRaftStore.TERM);
        FileHeader found = FileHeader.of(FileKind.STATE, 0, serializer("kryo", WRITER), StoreFixtures.GROUP);
        FileHeader expected = FileHeader.of(FileKind.STATE, 0, serializer("kryo", READER), StoreFixtures.GROUP);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> expected.check(found, file),
                "before, WriterCheck.NONE's empty refusal read as its 'accepted' verdict: an IllegalStateException");
        assertEquals(file + " at offset 16: type registry fingerprint " + Long.toHexString(WRITER.fingerprint())
                + " (expected: " + Long.toHexString(READER.fingerprint()) + "; the registered types differ from those"
                + " this directory was written with)", e.getMessage());
    }

    @Test
    void aMissingSchemaFileIsRefusedNamingIt() throws IOException {
        write(dir, serializer("kryo", WRITER));
        Files.delete(schemaFile(dir, WRITER));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> restore(dir, serializer("kryo", READER), LEVEL_1));
        assertContains(e.getMessage(), "here no schema file " + schemaFile(dir, WRITER) + " (the writer recorded no"
                + " schema: a build without schema files such as 0.1.0 wrote the directory, or the file was removed):"
                + " start the member");
    }

    @Test
    void aDamagedSchemaFileIsRefusedNamingItAndTheOffset() throws IOException {
        write(dir, serializer("kryo", WRITER));
        Path file = schemaFile(dir, WRITER);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 0x40; // inside the schema's bytes: the payload CRC no longer matches
        Files.write(file, bytes);
        long record = recordOffset(bytes);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> restore(dir, serializer("kryo", READER), LEVEL_1));
        assertContains(e.getMessage(), "here the schema file is damaged: " + file + " at offset " + record
                + ": payload CRC32C 0x", "; not a torn write: this file was complete and flushed before it got its"
                + " name: start the member");
        bytes[bytes.length - 1] ^= 0x40;
        ByteBuffer frame = ByteBuffer.wrap(bytes);
        frame.putInt((int) record, 2 << 20).putInt((int) record + 8, StoreFormat.crc(bytes, (int) record, 8));
        Files.write(file, bytes);
        e = assertThrows(StoreCorruptedException.class, () -> restore(dir, serializer("kryo", READER), LEVEL_1));
        assertContains(e.getMessage(), "here the schema file is damaged: " + file + " at offset " + record
                + ": record length 2097152 (expected: 0..1048576, FeatureLevels.MAX_SCHEMA_BYTES): start the member");
        Files.write(file, Arrays.copyOf(bytes, 10));
        e = assertThrows(StoreCorruptedException.class, () -> restore(dir, serializer("kryo", READER), LEVEL_1));
        assertContains(e.getMessage(), "here the schema file is damaged: " + file + " at offset 0: file ends at 10,"
                + " inside its header (expected: a complete header)");
    }

    @Test
    void theSchemaFileIsWrittenOnceFsyncedWithItsDirectoriesAndLaidOutAsTheFormatSays() throws IOException {
        StoreFixtures.CountingSyncer syncs = new StoreFixtures.CountingSyncer();
        Serializer s = serializer("kryo", WRITER);
        StoreOptions o = options(FeatureLevels.NONE).withSyncer(syncs);
        try (FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, o)) {
            store.takeRestoredState();
        }
        assertEquals("1 file(s), 2 directory(ies)", syncs.files + " file(s), " + syncs.directories
                + " directory(ies)", "the schema file, then schema/ after the rename and the directory holding it");
        Path file = schemaFile(dir, WRITER);
        byte[] first = Files.readAllBytes(file);
        FileTimes before = FileTimes.of(file);
        syncs.files = 0;
        syncs.directories = 0;
        try (FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, o)) {
            store.takeRestoredState();
        }
        assertEquals(0, syncs.total(), "reopened: the file is there, nothing written or forced");
        assertArrayEquals(first, Files.readAllBytes(file));
        assertEquals(before, FileTimes.of(file), "not rewritten");
        assertEquals(List.of(file.getFileName().toString()), names(file.getParent()), "no temporary file left");

        ByteBuffer b = ByteBuffer.wrap(first);
        assertEquals(StoreFormat.MAGIC, b.getInt(0));
        assertEquals(3, b.get(6), "file kind: state file");
        assertEquals(WRITER.fingerprint(), b.getLong(16), "the registry fingerprint the name carries");
        int record = (int) recordOffset(first);
        byte[] schema = SchemaCodec.write(WRITER.schema());
        assertEquals(schema.length, b.getInt(record), "payload length");
        assertEquals(0, b.getInt(record + 4), "type id 0: a schema");
        assertEquals(record + StoreFormat.FRAME_BYTES + schema.length, first.length, "one record, nothing after");
        assertArrayEquals(schema, payload(file));
    }

    @Test
    void aSchemaFileWhoseWriteACrashInterruptedIsWrittenAgainAtTheNextOpen() throws IOException {
        Path file = schemaFile(dir, WRITER);
        Files.createDirectories(file.getParent());
        Path temp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.write(temp, new byte[] {'R', 'W'}); // the crash came before the rename
        StoreFixtures.CountingSyncer syncs = new StoreFixtures.CountingSyncer();
        try (FileRaftStore store = FileRaftStore.open(dir, serializer("kryo", WRITER), StoreFixtures.GROUP,
                options(FeatureLevels.NONE).withSyncer(syncs))) {
            store.takeRestoredState();
        }
        assertArrayEquals(SchemaCodec.write(WRITER.schema()), payload(file));
        assertEquals(List.of(file.getFileName().toString()), names(file.getParent()), "the leftover was renamed over");
        assertEquals("1 file(s), 2 directory(ies)", syncs.files + " file(s), " + syncs.directories
                + " directory(ies)", "schema/ after the rename, then the directory above it: the crash may have come"
                + " before schema/'s own name was forced");
    }

    @Test
    void aSchemaDirectoryACrashLeftBeforeItsNameWasForcedIsForcedWithTheFile() throws IOException {
        Files.createDirectories(dir.resolve("schema")); // created, then the crash: its name in dir never forced
        List<Path> forced = new ArrayList<>();
        Syncer recording = new Syncer() {
            @Override
            public void force(java.nio.channels.FileChannel channel) throws IOException {
                Syncer.SYSTEM.force(channel);
            }

            @Override
            public void forceDirectory(Path directory) throws IOException {
                forced.add(directory);
                Syncer.SYSTEM.forceDirectory(directory);
            }
        };
        try (FileRaftStore store = FileRaftStore.open(dir, serializer("kryo", WRITER), StoreFixtures.GROUP,
                options(FeatureLevels.NONE).withSyncer(recording))) {
            store.takeRestoredState();
        }
        assertEquals(List.of(dir.resolve("schema"), dir), forced, "the file's name in schema/, then schema/'s in the"
                + " data directory (before, only schema/ was forced, as it existed)");
    }

    @Test
    void aDamagedOwnSchemaFileIsReplacedAtOpenWithAWarning() throws IOException {
        Serializer s = serializer("kryo", WRITER);
        write(dir, s);
        Path file = schemaFile(dir, WRITER);
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length - 1] ^= 0x40; // the payload CRC no longer matches
        Files.write(file, bytes);
        assertRestoredAsWritten(restore(dir, s, FeatureLevels.NONE));
        assertArrayEquals(SchemaCodec.write(WRITER.schema()), payload(file), "rewritten from the member's types");
        String warning = logs.await("schema file " + file + " is replaced with this member's schema (digest "
                + String.format("0x%016x", WRITER.schema().digest()) + "): it is damaged: " + file + " at offset "
                + recordOffset(bytes) + ": payload CRC32C 0x");
        assertTrue(warning.contains("not a torn write"), warning);
        assertEquals(List.of(file.getFileName().toString()), names(file.getParent()), "no temporary file left");
    }

    @Test
    void anOwnSchemaFileHoldingAnotherSchemaIsReplacedSoALaterReaderIsNotMisled() throws IOException {
        Serializer s = serializer("kryo", WRITER);
        // a file under the writer's registry fingerprint whose content is another registry's schema
        SchemaFile.ensure(dir, FileHeader.of(FileKind.STATE, 0, s, StoreFixtures.GROUP),
                SchemaCodec.write(OTHER_OWN.schema()), Syncer.SYSTEM, ChannelOpener.SYSTEM);
        Path file = schemaFile(dir, WRITER);
        assertArrayEquals(SchemaCodec.write(OTHER_OWN.schema()), payload(file));
        write(dir, s);
        assertArrayEquals(SchemaCodec.write(WRITER.schema()), payload(file), "before, the other schema stayed");
        logs.await("schema file " + file + " is replaced with this member's schema (digest "
                + String.format("0x%016x", WRITER.schema().digest()) + "): it holds another schema than this"
                + " member's (digest " + String.format("0x%016x", OTHER_OWN.schema().digest()) + ")");
        try (FileRaftStore store = FileRaftStore.open(dir, serializer("kryo", READER), StoreFixtures.GROUP,
                options(LEVEL_1))) {
            assertRestoredAsWritten(store.takeRestoredState().orElseThrow());
        }
    }

    @Test
    void aRegistryWhoseSchemaNoSchemaFileCanHoldIsRefusedBeforeAnythingIsWritten() throws Exception {
        TypeRegistry big = EngineType.registerAll(TypeRegistry.builder()).register(1024, BigSchema.type(dir.resolve("classes"))).build();
        int length = SchemaCodec.write(big.schema()).length;
        assertTrue(length > FeatureLevels.MAX_SCHEMA_BYTES, length + " bytes");
        Serializer s = serializer("jdk", big);
        Path at = dir.resolve("data");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FileRaftStore.open(at, s, StoreFixtures.GROUP, options(FeatureLevels.NONE)));
        assertEquals("data directory " + at + ": the schema of the registered types takes " + length + " bytes"
                + " (expected: at most 1048576, FeatureLevels.MAX_SCHEMA_BYTES, what a schema file, a feature level"
                + " and the handshake hold; register fewer types or shorter names)", e.getMessage());
        assertFalse(Files.exists(at), "nothing written, not even the directory (before, the store opened and"
                + " wrote a schema file it could not read back)");
        Path shared = dir.resolve(SharedLog.DIRECTORY);
        e = assertThrows(IllegalArgumentException.class,
                () -> SharedLog.open(shared, s, "cluster-1", 2, options(FeatureLevels.NONE)));
        assertTrue(e.getMessage().startsWith("data directory " + shared + ": the schema of the registered types"
                + " takes " + length + " bytes"), e.getMessage());
        assertFalse(Files.exists(shared));
    }

    @Test
    void refusedOpensOfAnotherRegistrysDirectoryLeaveNoFileOpen() throws IOException {
        write(dir, serializer("kryo", WRITER));
        Serializer reader = serializer("kryo", READER);
        long before = openFiles();
        for (int i = 0; i < 20; i++) {
            assertThrows(StoreCorruptedException.class, () -> restore(dir, reader, FeatureLevels.NONE));
        }
        // a leak is one descriptor per refused open at least; the margin is for another test's segment preparer
        assertTrue(openFiles() - before < 10, "file descriptors: " + before + " before 20 refused opens, "
                + openFiles() + " after");
    }

    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    @Test
    void aMemberOfSeveralGroupsRecordsItsSchemaInTheSharedLogToo() throws IOException {
        Path shared = dir.resolve(SharedLog.DIRECTORY);
        Serializer writer = serializer("kryo", WRITER);
        try (SharedLog log = SharedLog.open(shared, writer, "cluster-1", 2, options(FeatureLevels.NONE));
                FileRaftStore g0 = FileRaftStore.open(dir.resolve("group-0"), writer, StoreFixtures.GROUP,
                        options(FeatureLevels.NONE), StoreListener.NONE, log, 0)) {
            g0.takeRestoredState();
            StoreFixtures.initialise(g0);
            g0.persistLogEntries(entries(1, 3));
            g0.flush();
        }
        assertArrayEquals(SchemaCodec.write(WRITER.schema()), payload(schemaFile(shared, WRITER)));
        assertArrayEquals(SchemaCodec.write(WRITER.schema()), payload(schemaFile(dir.resolve("group-0"), WRITER)));

        Serializer reader = serializer("kryo", READER);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> SharedLog.open(shared, reader, "cluster-1", 2, options(FeatureLevels.NONE)).close());
        assertEquals(shared.resolve(LogSegment.fileName(1)), e.file(), "the shared segment");
        assertContains(e.getMessage(), "type registry fingerprint " + Long.toHexString(WRITER.fingerprint()),
                "if " + schemaFile(shared, WRITER) + " holds that registry's schema",
                "here the cluster has recorded no feature level");
        assertFalse(Files.exists(schemaFile(shared, READER)), "a refused open writes no schema file");

        try (SharedLog log = SharedLog.open(shared, reader, "cluster-1", 2, options(LEVEL_1));
                FileRaftStore g0 = FileRaftStore.open(dir.resolve("group-0"), reader, StoreFixtures.GROUP,
                        options(LEVEL_1), StoreListener.NONE, log, 0)) {
            StoreFixtures.assertRestored(g0.takeRestoredState().orElseThrow(), FIRST_TERM, null, entries(1, 3));
        }
        assertTrue(Files.isRegularFile(schemaFile(shared, READER)), "the reader's schema in the shared log");
        assertTrue(Files.isRegularFile(schemaFile(dir.resolve("group-0"), READER)), "and in the group's directory");
    }

    @Test
    void aDirectoryOfTheMembersOwnTypesNeedsNoSchemaFileAndGetsOne() throws IOException {
        Serializer s = serializer("kryo", WRITER);
        write(dir, s);
        Files.delete(schemaFile(dir, WRITER));
        Files.delete(schemaFile(dir, WRITER).getParent()); // as 0.1.0 left it
        assertRestoredAsWritten(restore(dir, s, FeatureLevels.NONE));
        assertArrayEquals(SchemaCodec.write(WRITER.schema()), payload(schemaFile(dir, WRITER)),
                "written at open");
    }

    /** The offset of the first record of a store file: after its header. */
    private static long recordOffset(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file);
        int nameLength = b.get(32) & 0xFF;
        int groupLength = b.getShort(33 + nameLength) & 0xFFFF;
        return 33 + nameLength + 2 + groupLength + 4;
    }

    private static byte[] payload(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int at = (int) recordOffset(bytes) + StoreFormat.FRAME_BYTES;
        return Arrays.copyOfRange(bytes, at, bytes.length);
    }

    private static List<String> names(Path d) throws IOException {
        try (Stream<Path> s = Files.list(d)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** A file's modification time and inode, to tell a rewrite. */
    private record FileTimes(Object key, Object modified) {
        static FileTimes of(Path p) throws IOException {
            return new FileTimes(Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class).fileKey(),
                    Files.getLastModifiedTime(p));
        }
    }
}
