package io.raftwire.node.store;

import io.microraft.model.log.LogEntry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.node.model.EngineType;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A crash's torn tail is cut off and reported; every other kind of damage stops start-up with file, offset and
 * expectation, and changes nothing on disk.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(120)
class StoreDamageTest {

    private static final int ENTRIES = 6;

    @TempDir
    Path dir;

    private final List<TornTail> torn = new ArrayList<>();

    private static Stream<String> providers() {
        return StoreFixtures.providers();
    }

    /** Writes a node's state and {@code ENTRIES} entries, flushed, in one segment; returns the segment. */
    private Path written(Serializer s) throws IOException {
        try (FileRaftStore store = StoreFixtures.openGrown(dir, s, torn)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            store.persistLogEntries(entries(1, 2, 1));
            store.persistLogEntries(entries(3, ENTRIES, 1));
            store.flush();
        }
        return dir.resolve("log").resolve(LogSegment.fileName(1));
    }

    private List<LogEntry> restoredEntries(Serializer s) throws IOException {
        return FileRaftStore.restore(dir, s, StoreFixtures.GROUP,
                StoreOptions.defaults().withTornTailReporter(torn::add)).orElseThrow().getLogEntries();
    }

    /** Record start offsets of a segment, read by walking the frames as the format comment describes. */
    private static long[] recordOffsets(byte[] file, int count) {
        ByteBuffer b = ByteBuffer.wrap(file);
        int nameLength = b.get(32) & 0xFF;
        int groupLength = b.getShort(33 + nameLength) & 0xFFFF;
        long at = 33 + nameLength + 2 + groupLength + 4;
        long[] offsets = new long[count + 1];
        for (int i = 0; i <= count; i++) {
            offsets[i] = at;
            if (i < count) {
                at += StoreFormat.FRAME_BYTES + b.getInt((int) at);
            }
        }
        assertEquals(file.length, offsets[count], "the records fill the file exactly");
        return offsets;
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aCutAnywhereInsideTheLastRecordIsATornTail(String provider) throws IOException {
        Serializer s = serializer(provider);
        Path segment = written(s);
        byte[] original = Files.readAllBytes(segment);
        long[] at = recordOffsets(original, ENTRIES);
        long last = at[ENTRIES - 1];
        for (long cut = last + 1; cut < original.length; cut++) {
            Files.write(segment, Arrays.copyOf(original, (int) cut));
            torn.clear();
            assertEquals(entries(1, ENTRIES - 1, 1), restoredEntries(s), "cut at " + cut);
            assertEquals(1, torn.size(), "one torn tail reported for a cut at " + cut);
            TornTail t = torn.get(0);
            assertEquals(segment, t.file());
            assertEquals(last, t.offset());
            assertEquals(cut - last, t.bytesDropped());
            String reason = cut - last < StoreFormat.FRAME_BYTES ? "frame cut short: " + (cut - last) + " of 16 bytes"
                    : "payload cut short: " + (cut - last - 16) + " of " + (original.length - last - 16) + " bytes";
            assertTrue(t.reason().startsWith(reason), t.reason() + " (expected to start with: " + reason + ")");
            assertTrue(t.describe().contains(segment + " at offset " + last + ": dropped " + (cut - last) + " bytes"),
                    t.describe());
            assertEquals(last, Files.size(segment), "the file is cut where the torn record started");
        }
        Files.write(segment, Arrays.copyOf(original, (int) last));
        torn.clear();
        assertEquals(entries(1, ENTRIES - 1, 1), restoredEntries(s));
        assertEquals(List.of(), torn, "a cut on a record boundary is a clean end, not a torn tail");
    }

    @Test
    void aBadCrcInTheLastRecordIsATornTailAndAppendsContinue() throws IOException {
        Serializer s = serializer("kryo");
        Path segment = written(s);
        byte[] bytes = Files.readAllBytes(segment);
        long last = recordOffsets(bytes, ENTRIES)[ENTRIES - 1];
        bytes[bytes.length - 1] ^= 0x40;
        Files.write(segment, bytes);
        try (FileRaftStore store = StoreFixtures.openGrown(dir, s, torn)) {
            assertEquals(entries(1, ENTRIES - 1, 1), store.takeRestoredState().orElseThrow().getLogEntries());
            store.persistLogEntries(entries(ENTRIES, ENTRIES + 1, 2));
            store.flush();
        }
        assertEquals(1, torn.size());
        assertTrue(torn.get(0).reason().startsWith("payload CRC32C"), torn.get(0).reason());
        assertEquals(last, torn.get(0).offset());
        torn.clear();
        List<LogEntry> want = entries(1, ENTRIES - 1, 1);
        want.addAll(entries(ENTRIES, ENTRIES + 1, 2));
        assertEquals(want, restoredEntries(s));
        assertEquals(List.of(), torn);
    }

    @Test
    void zerosAfterTheLastRecordAreTheEndOfAPreallocatedSegmentButFewerThanAFrameAreATornTail() throws IOException {
        Serializer s = serializer("kryo");
        Path segment = written(s);
        byte[] bytes = Files.readAllBytes(segment);
        Files.write(segment, Arrays.copyOf(bytes, bytes.length + 4096));
        assertEquals(entries(1, ENTRIES, 1), restoredEntries(s));
        assertEquals(List.of(), torn, "zeros after the records are where a preallocated segment's log ends");
        assertEquals(bytes.length + 4096, Files.size(segment), "nothing is cut");

        Files.write(segment, Arrays.copyOf(bytes, bytes.length + StoreFormat.FRAME_BYTES - 1));
        assertEquals(entries(1, ENTRIES, 1), restoredEntries(s));
        assertEquals(1, torn.size(), "15 zeros are a frame cut short: " + torn);
        assertEquals(StoreFormat.FRAME_BYTES - 1, torn.get(0).bytesDropped());
        assertEquals(bytes.length, Files.size(segment));
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aBadCrcMidFileStopsStartUp(String provider) throws IOException {
        Serializer s = serializer(provider);
        Path segment = written(s);
        byte[] bytes = Files.readAllBytes(segment);
        long[] at = recordOffsets(bytes, ENTRIES);
        int victim = (int) at[2] + StoreFormat.FRAME_BYTES + 1;
        bytes[victim] ^= 0x01;
        Files.write(segment, bytes);
        StoreCorruptedException e = refused(s, segment, bytes);
        assertEquals(at[2], e.offset());
        assertTrue(e.getMessage().startsWith(segment + " at offset " + at[2] + ": payload CRC32C 0x"), e.getMessage());
        assertTrue(e.getMessage().contains("(expected: 0x"), e.getMessage());
        assertTrue(e.getMessage().endsWith("not a torn tail: an intact record follows at offset " + at[3]),
                e.getMessage());
    }

    @Test
    void aDamagedFrameMidFileStopsStartUp() throws IOException {
        Serializer s = serializer("kryo");
        Path segment = written(s);
        byte[] bytes = Files.readAllBytes(segment);
        long[] at = recordOffsets(bytes, ENTRIES);
        bytes[(int) at[1] + 2] ^= 0x10; // the length field: without the frame CRC the reader would lose its place
        Files.write(segment, bytes);
        StoreCorruptedException e = refused(s, segment, bytes);
        assertTrue(e.getMessage().startsWith(segment + " at offset " + at[1] + ": frame CRC32C 0x"), e.getMessage());
        assertTrue(e.getMessage().contains("not a torn tail: an intact record follows at offset " + at[2]),
                e.getMessage());
    }

    @Test
    void anUnknownTypeIdStopsStartUp() throws IOException {
        Serializer s = serializer("kryo");
        Path segment = written(s);
        byte[] bytes = Files.readAllBytes(segment);
        long last = recordOffsets(bytes, ENTRIES)[ENTRIES - 1];
        ByteBuffer b = ByteBuffer.wrap(bytes);
        b.putInt((int) last + 4, 999);
        b.putInt((int) last + 8, StoreFormat.crc(b, (int) last, 8));
        Files.write(segment, bytes);
        StoreCorruptedException e = refused(s, segment, bytes);
        assertEquals(segment + " at offset " + (last + 4) + ": unknown type id 999 (expected: 101, LogEntryModel)",
                e.getMessage());
    }

    @Test
    void aRecordThatDoesNotDecodeStopsStartUp() throws IOException {
        Serializer s = serializer("protostuff");
        Path segment = written(s);
        byte[] bytes = Files.readAllBytes(segment);
        long[] at = recordOffsets(bytes, ENTRIES);
        int from = (int) at[3] + StoreFormat.FRAME_BYTES;
        int len = (int) (at[4] - from);
        Arrays.fill(bytes, from, from + len, (byte) 0xFF);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        b.putInt((int) at[3] + 12, StoreFormat.crc(b, from, len));
        Files.write(segment, bytes);
        StoreCorruptedException e = refused(s, segment, bytes);
        assertTrue(e.getMessage().startsWith(segment + " at offset " + at[3] + ": record of " + len
                + " bytes does not decode: protostuff: cannot decode LogEntryModel"), e.getMessage());
        assertTrue(e.getMessage().endsWith("(expected: a LogEntryModel written by protostuff)"), e.getMessage());
    }

    @Test
    void aFileOfAnotherGroupStopsStartUp() throws IOException {
        Serializer s = serializer("kryo");
        Path segment = written(s);
        byte[] bytes = Files.readAllBytes(segment);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.open(dir, s, "group-2"));
        Path state = dir.resolve(FileRaftStore.ENDPOINT);
        int groupAt = 35 + s.name().length(); // the group id follows the serializer name, per StoreFormat
        assertEquals(state + " at offset " + groupAt + ": group id 'group-1' (expected: 'group-2'; this file belongs "
                + "to another Raft group)", e.getMessage());
        assertArrayEquals(bytes, Files.readAllBytes(segment));
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aDirectoryOfAnotherSerializerStopsStartUp(String provider) throws IOException {
        Serializer writer = serializer(provider);
        Serializer reader = serializer(provider.equals("kryo") ? "jdk" : "kryo");
        written(writer);
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.open(dir, reader, StoreFixtures.GROUP));
        assertEquals(dir.resolve(FileRaftStore.ENDPOINT) + " at offset 7: serializer '" + writer.name() + "' (id "
                + writer.id() + ") (expected: '" + reader.name() + "' (id " + reader.id() + "); this directory was "
                + "written with another serializer)", e.getMessage());
    }

    @Test
    void aDirectoryOfOtherTypesStopsStartUp() throws IOException {
        written(serializer("kryo"));
        TypeRegistry fewer = EngineType.registerAll(TypeRegistry.builder())
                .register(1024, StoreFixtures.Put.class).build();
        Serializer reader = Serializers.create("kryo", fewer, SerializerOptions.defaults());
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.open(dir, reader, StoreFixtures.GROUP));
        assertTrue(e.getMessage().startsWith(dir.resolve(FileRaftStore.ENDPOINT) + " at offset 16: type registry "
                + "fingerprint "), e.getMessage());
        assertTrue(e.getMessage().endsWith("; the registered types differ from those this directory was written "
                + "with)"), e.getMessage());
    }

    @Test
    void aMissingSegmentStopsStartUp() throws IOException {
        Serializer s = serializer("kryo");
        StoreOptions small = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                .withPreallocation(false);
        try (FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, small)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            for (long i = 1; i <= 300; i += 10) {
                store.persistLogEntries(entries(i, i + 9, 1));
            }
            store.flush();
        }
        List<Path> segments;
        try (var files = Files.list(dir.resolve("log"))) {
            segments = files.sorted().toList();
        }
        Files.delete(segments.get(1));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.open(dir, s, StoreFixtures.GROUP));
        String third = segments.get(2).getFileName().toString();
        String second = segments.get(1).getFileName().toString();
        assertEquals(segments.get(2) + " at offset 24: segment starts at index " + Long.parseLong(third.substring(0, 20))
                + " (expected: " + Long.parseLong(second.substring(0, 20)) + ", right after the last entry of "
                + segments.get(0).getFileName() + "; entries are missing)", e.getMessage());
    }

    @Test
    void aTornHeaderOfTheNewestSegmentIsRemovedAndReported() throws IOException {
        Serializer s = serializer("kryo");
        Path segment = written(s);
        // a crash while the next segment was being created: its header is cut after 10 bytes
        Path next = dir.resolve("log").resolve(LogSegment.fileName(ENTRIES + 1));
        Files.write(next, Arrays.copyOf(Files.readAllBytes(segment), 10));
        assertEquals(entries(1, ENTRIES, 1), restoredEntries(s), "every entry of the intact segment is restored");
        assertFalse(Files.exists(next), "the torn segment is removed");
        assertEquals(List.of(new TornTail(next, 0, 10, "file ends at 10, inside its header; the file was removed")),
                torn);
        torn.clear();
        assertEquals(entries(1, ENTRIES, 1), restoredEntries(s), "a second start finds nothing left to repair");
        assertEquals(List.of(), torn);
    }

    @Test
    void aTornHeaderOfAnOlderSegmentIsCorruption() throws IOException {
        Serializer s = serializer("kryo");
        Path segment = written(s);
        Path next = dir.resolve("log").resolve(LogSegment.fileName(ENTRIES + 1));
        Files.copy(segment, next);
        Files.write(segment, Arrays.copyOf(Files.readAllBytes(segment), 10));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.open(dir, s, StoreFixtures.GROUP));
        assertEquals(segment + " at offset 0: file ends at 10, inside its header (expected: a complete header)",
                e.getMessage());
        assertEquals(10, Files.size(segment), "a corrupt older segment is left as it was found");
    }

    @Test
    void aTornRecordInAnOlderSegmentIsCorruption() throws IOException {
        Serializer s = serializer("kryo");
        StoreOptions small = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                .withPreallocation(false);
        try (FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, small)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            for (long i = 1; i <= 200; i += 10) {
                store.persistLogEntries(entries(i, i + 9, 1));
            }
            store.flush();
        }
        Path first = dir.resolve("log").resolve(LogSegment.fileName(1));
        byte[] bytes = Files.readAllBytes(first);
        Files.write(first, Arrays.copyOf(bytes, bytes.length - 3));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.open(dir, s, StoreFixtures.GROUP));
        assertTrue(e.getMessage().startsWith(first + " at offset "), e.getMessage());
        assertTrue(e.getMessage().contains("payload cut short"), e.getMessage());
        assertTrue(e.getMessage().endsWith("not a torn tail: this is not the newest log segment"), e.getMessage());
    }

    @Test
    void aDamagedStateFileStopsStartUp() throws IOException {
        Serializer s = serializer("jdk");
        written(s);
        Path members = dir.resolve(FileRaftStore.MEMBERS);
        byte[] bytes = Files.readAllBytes(members);
        bytes[bytes.length - 2] ^= 0x01;
        Files.write(members, bytes);
        StoreCorruptedException e = refused(s, members, bytes);
        assertTrue(e.getMessage().contains("payload CRC32C"), e.getMessage());
        assertTrue(e.getMessage().endsWith("not a torn tail: this file was complete and flushed before it got its "
                + "name"), e.getMessage());
    }

    @Test
    void aRefusedDirectoryLeavesNoFileOpen() throws IOException {
        Serializer s = serializer("kryo");
        written(s);
        Files.delete(dir.resolve(FileRaftStore.MEMBERS)); // a log without its members: refused after the log is read
        long before = openFiles();
        for (int i = 0; i < 20; i++) {
            assertThrows(StoreCorruptedException.class, () -> FileRaftStore.open(dir, s, StoreFixtures.GROUP));
        }
        long after = openFiles();
        // a leak is one descriptor per refused open at least (the segment), 20 in all; the margin is for a segment
        // preparer of an earlier test that may open or close a file meanwhile
        assertTrue(after - before < 10, "file descriptors of this process: " + before + " before 20 refused opens, "
                + after + " after");
    }

    /** This process's open file descriptors (Linux, the only system the store's fsync guarantees are stated for). */
    private static long openFiles() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }

    @Test
    void aDamagedStateFileHeaderIsReportedOnceWithOneExpectation() throws IOException {
        Serializer s = serializer("kryo");
        written(s);
        Path endpoint = dir.resolve(FileRaftStore.ENDPOINT);
        byte[] bytes = Files.readAllBytes(endpoint);
        bytes[24] ^= 0x01; // the base index, covered by the header CRC
        Files.write(endpoint, bytes);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        int crcAt = 35 + s.name().length() + StoreFixtures.GROUP.length(); // per StoreFormat
        String want = endpoint + " at offset 0: header CRC32C 0x" + Integer.toHexString(b.getInt(crcAt))
                + " (expected: 0x" + Integer.toHexString(StoreFormat.crc(b, 0, crcAt)) + ")";
        StoreCorruptedException read = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.serializerOf(dir));
        assertEquals(want, read.getMessage(), "reading the directory's serializer");
        assertEquals(want, refused(s, endpoint, bytes).getMessage(), "opening the directory");
    }

    @Test
    void aRecordWrittenLongerThanTheLimitIsRefusedAndNothingIsWritten() throws IOException {
        Serializer s = serializer("kryo");
        ByteBuf buf = Unpooled.buffer();
        try {
            RecordCodec codec = new RecordCodec(s, 2);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> codec.append(entries(1, 1, 1).get(0), buf));
            assertTrue(e.getMessage().startsWith("LogEntryModel encodes to "), e.getMessage());
            assertTrue(e.getMessage().endsWith(" bytes (expected: <= 2, StoreOptions.maxRecordBytes)"));
            assertEquals(0, buf.writerIndex());
        } finally {
            buf.release();
        }
    }

    /** Start-up refuses, with the exception naming {@code file}, and leaves its bytes as they were. */
    private StoreCorruptedException refused(Serializer s, Path file, byte[] bytes) throws IOException {
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class,
                () -> FileRaftStore.open(dir, s, StoreFixtures.GROUP));
        assertEquals(file, e.file());
        assertArrayEquals(bytes, Files.readAllBytes(file), "a refused start-up changes nothing");
        assertEquals(List.of(), torn);
        return e;
    }
}
