package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.model.EngineType;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

import static io.raftwire.node.store.StoreFixtures.GROUP;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code level.state}: what a group's feature levels look like on disk, that they come back as written, and that a
 * damaged file is refused naming the file and the offset. The golden file ({@code level-golden/level.state} in this
 * package's test resources) pins the bytes; rewrite it after a deliberate format change by running this test with
 * {@code -Draftwire.level.writeGolden=<absolute path of that file>}.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class LevelFileTest {

    /** A user type that only level 2 has. */
    record Added(String name) {
    }

    private static final Schema ONE = StoreFixtures.REGISTRY.schema();
    private static final Schema TWO = EngineType.registerAll(TypeRegistry.builder())
            .register(1024, StoreFixtures.Put.class).register(1025, StoreFixtures.Chunk.class)
            .register(1026, Added.class).build().schema();
    private static final FeatureLevels LEVELS = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, ONE))
            .raisedTo(new FeatureLevel(2, TWO));

    @TempDir
    Path dir;

    private LevelFile file(Serializer s) {
        return new LevelFile(dir, s, GROUP, Syncer.SYSTEM);
    }

    @Test
    void aMissingFileIsNoLevelAndReadingCreatesNothing() throws IOException {
        assertEquals(FeatureLevels.NONE, file(serializer("kryo")).read());
        try (var files = Files.list(dir)) {
            assertEquals(0, files.count(), "reading wrote nothing");
        }
    }

    /**
     * A group closes its level.state with its store: a Raft thread still running after the group gave up waiting for
     * it (5 s) applied a record and, before, rewrote level.state in a directory whose lock the store had released.
     */
    @Test
    void aWriteAfterCloseIsRefusedAndTheFileStaysAsItWas() throws IOException {
        LevelFile f = file(serializer("kryo"));
        FeatureLevels one = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, ONE));
        f.write(one);
        byte[] before = Files.readAllBytes(f.path());
        f.close();
        IOException e = assertThrows(IOException.class, () -> f.write(LEVELS));
        assertEquals(f.path() + " is closed: its group stopped (expected: no feature level recorded after the"
                + " group closed)", e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(f.path()));
        assertFalse(Files.exists(dir.resolve(LevelFile.NAME + ".tmp")), "no temporary file either");
        assertEquals(one, f.read(), "reading a closed file still works: it is only the writes that are refused");
    }

    @Test
    void whatIsWrittenIsReadBackWithEveryProviderAndAWriteReplacesTheFile() throws IOException {
        for (String provider : new String[] {"kryo", "protostuff", "jdk"}) {
            LevelFile f = file(serializer(provider));
            f.write(FeatureLevels.NONE.raisedTo(new FeatureLevel(1, ONE)));
            f.write(LEVELS);
            assertEquals(LEVELS, f.read(), provider);
            assertEquals(LEVELS, new LevelFile(dir, serializer(provider), GROUP, Syncer.SYSTEM).read(), provider);
            assertFalse(Files.exists(dir.resolve("level.state.tmp")), "no temporary file is left");
        }
    }

    @Test
    void aWriteForcesTheFileThenTheDirectory() throws IOException {
        StoreFixtures.CountingSyncer syncer = new StoreFixtures.CountingSyncer();
        new LevelFile(dir, serializer("kryo"), GROUP, syncer).write(LEVELS);
        assertEquals(1, syncer.files, "the file is forced before its rename");
        assertEquals(1, syncer.directories, "the directory is forced after it");
    }

    /** The bytes: a state file header (kind 3) and one record of type 65 holding the record entry. */
    @Test
    void theBytesAreThoseOfTheGoldenFile() throws IOException, URISyntaxException {
        LevelFile f = file(serializer("kryo"));
        f.write(LEVELS);
        byte[] written = Files.readAllBytes(f.path());
        String target = System.getProperty("raftwire.level.writeGolden");
        if (target != null) {
            Files.write(Path.of(target), written);
        }
        Path golden = Path.of(LevelFileTest.class.getResource("level-golden/level.state").toURI());
        assertArrayEquals(Files.readAllBytes(golden), written, "level.state bytes changed: a store format change");
        assertEquals("RWST", new String(written, 0, 4, StandardCharsets.US_ASCII));
        assertEquals(3, written[6], "file kind: state file");
        int headerLength = FileHeader.of(FileKind.STATE, 0, serializer("kryo"), GROUP).length();
        assertEquals(65, ByteBuffer.wrap(written, headerLength + 4, 4).getInt(), "type id: PrimitiveOperation");
        byte[] history = LEVELS.toBytes();
        assertTrue(indexOf(written, history) > headerLength, "the history's bytes are in the record");

        Files.copy(golden, f.path(), StandardCopyOption.REPLACE_EXISTING);
        assertEquals(LEVELS, f.read(), "the golden file reads back");
    }

    @Test
    void aFileCutInsideItsHeaderIsRefusedAtOffsetZero() throws IOException {
        Path p = written();
        truncate(p, 20);
        assertEquals(p + " at offset 0: file ends at 20, inside its header (expected: a complete header)",
                refusal(p));
    }

    @Test
    void aFileCutInsideItsRecordIsRefusedAtTheRecord() throws IOException {
        Path p = written();
        int header = headerLength();
        long size = Files.size(p);
        truncate(p, size - 3);
        assertEquals(p + " at offset " + header + ": payload cut short: " + (size - 3 - header - 16) + " of "
                + (size - header - 16) + " bytes before the end of the file (expected: the whole payload); not a torn"
                + " tail: this file was complete and flushed before it got its name", refusal(p));
    }

    @Test
    void aDamagedByteIsRefusedAtItsRecord() throws IOException {
        Path p = written();
        int header = headerLength();
        byte[] bytes = Files.readAllBytes(p);
        bytes[bytes.length - 5] ^= 0x40;
        Files.write(p, bytes);
        String message = refusal(p);
        assertTrue(message.startsWith(p + " at offset " + header + ": payload CRC32C 0x"), message);
        assertTrue(message.endsWith("; not a torn tail: this file was complete and flushed before it got its name"),
                message);
    }

    @Test
    void aRecordWhoseHistoryDoesNotParseIsRefusedNamingWhatItFound() throws IOException {
        Path p = dir.resolve(LevelFile.NAME);
        writeRecord(p, new PrimitiveOperation(DefaultOperationId.command(LevelOperations.RECORD), new byte[] {7}));
        assertEquals(p + " at offset " + (headerLength() + 16) + ": the feature levels in the record's value do not"
                + " parse: feature levels version 7 at offset 0 (expected: 1)", refusal(p));
    }

    @Test
    void aRecordOfAnotherOperationIsRefused() throws IOException {
        Path p = dir.resolve(LevelFile.NAME);
        writeRecord(p, LevelOperations.read());
        assertEquals(p + " at offset " + (headerLength() + 16) + ": operation 'raftwire.feature-level.read' (expected: "
                + "raftwire.feature-level.record)", refusal(p));
    }

    @Test
    void aFileOfAnotherGroupOrSerializerIsRefused() throws IOException {
        new LevelFile(dir, serializer("kryo"), "other-group", Syncer.SYSTEM).write(LEVELS);
        Path p = dir.resolve(LevelFile.NAME);
        String group = refusal(p);
        assertTrue(group.startsWith(p + " at offset "), group);
        assertTrue(group.contains(": group id 'other-group' (expected: 'group-1'; this file belongs to another Raft"
                + " group)"), group);

        file(serializer("jdk")).write(LEVELS);
        assertEquals(p + " at offset 7: serializer 'jdk' (id " + serializer("jdk").id() + ") (expected: 'kryo' (id "
                + serializer("kryo").id() + "); this directory was written with another serializer)", refusal(p));
    }

    /** A member whose application types changed reads a file written before the change. */
    @Test
    void aFileWrittenWithOtherApplicationTypesIsRead() throws IOException {
        TypeRegistry before = EngineType.registerAll(TypeRegistry.builder()).register(1024, StoreFixtures.Put.class)
                .build();
        Serializer old = Serializers.create("kryo", before, SerializerOptions.defaults());
        assertNotEquals(before.fingerprint(), StoreFixtures.REGISTRY.fingerprint());
        new LevelFile(dir, old, GROUP, Syncer.SYSTEM).write(LEVELS);
        assertEquals(LEVELS, file(serializer("kryo")).read());
    }

    private Path written() throws IOException {
        LevelFile f = file(serializer("kryo"));
        f.write(LEVELS);
        return f.path();
    }

    private String refusal(Path p) {
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> file(serializer("kryo")).read());
        assertEquals(p, e.file());
        return e.getMessage();
    }

    private static int headerLength() {
        return FileHeader.of(FileKind.STATE, 0, serializer("kryo"), GROUP).length();
    }

    private static void writeRecord(Path p, Object value) throws IOException {
        Serializer s = serializer("kryo");
        ByteBuf record = Unpooled.buffer();
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            new RecordCodec(s, StoreOptions.MAX_RECORD_BYTES).append(value, record);
            RecordFiles.write(ch, FileHeader.of(FileKind.STATE, 0, s, GROUP), record);
        } finally {
            record.release();
        }
    }

    private static void truncate(Path p, long size) throws IOException {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
            ch.truncate(size);
        }
    }

    private static int indexOf(byte[] in, byte[] part) {
        for (int i = 0; i + part.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        return -1;
    }
}
