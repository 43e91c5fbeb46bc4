package io.raftwire.node.store;

import io.microraft.model.log.LogEntry;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static io.raftwire.node.store.StoreFixtures.GROUP;
import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.entry;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Log segments prepared by {@link SegmentPreparer}: zero-filled to their capacity before the first record, so a
 * segment's log ends where its records stop, not at the end of the file. Start-up must find that end exactly, take a
 * damaged record followed by zeros as a torn tail, and never take a record that does not belong there as data.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class PreallocatedSegmentTest {

    private static final long SEGMENT = 64 * 1024;
    private static final long WAIT_MILLIS = 20_000;

    @TempDir
    Path dir;

    private final List<TornTail> torn = new ArrayList<>();
    private final Serializer kryo = serializer("kryo");

    private FileRaftStore open(long segmentBytes) throws IOException {
        return FileRaftStore.open(dir, kryo, GROUP, StoreOptions.defaults().withSegmentBytes(segmentBytes)
                .withTornTailReporter(torn::add));
    }

    /** A store whose first segment is a prepared one holding entries {@code 1..last}, flushed, then closed. */
    private Path written(long last) throws Exception {
        try (FileRaftStore store = open(SEGMENT)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            assertTrue(store.awaitNextSegment(WAIT_MILLIS), "the first segment is prepared in the background");
            store.persistLogEntries(entries(1, last, 1));
            store.flush();
        }
        Path segment = segment(1);
        assertEquals(SEGMENT, Files.size(segment), "the segment was zero-filled to its capacity beforehand");
        return segment;
    }

    private Path segment(long base) {
        return dir.resolve(FileRaftStore.LOG_DIR).resolve(LogSegment.fileName(base));
    }

    private List<LogEntry> restored() throws IOException {
        torn.clear();
        try (FileRaftStore store = open(SEGMENT)) {
            return store.takeRestoredState().orElseThrow().getLogEntries();
        }
    }

    /** Where the records of a segment end: at the first frame of 16 zero bytes, or the end of the file. */
    private static long recordsEnd(byte[] file) {
        ByteBuffer b = ByteBuffer.wrap(file);
        int nameLength = b.get(32) & 0xFF;
        int groupLength = b.getShort(33 + nameLength) & 0xFFFF;
        int at = 33 + nameLength + 2 + groupLength + 4;
        while (at + StoreFormat.FRAME_BYTES <= file.length && (b.getLong(at) != 0 || b.getLong(at + 8) != 0)) {
            at += StoreFormat.FRAME_BYTES + b.getInt(at);
        }
        return at;
    }

    private static void writeAt(Path file, byte[] bytes, long at) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            RecordFiles.writeFully(ch, ByteBuffer.wrap(bytes), at);
        }
    }

    @Test
    void zerosAfterTheLastRecordAreTheEndOfTheLogAndAppendsContinueThere() throws Exception {
        assertNotEquals(0, StoreFormat.crc(new byte[8], 0, 8),
                "a frame of zeros never matches its header CRC, so zeros can only be the end");
        Path segment = written(10);
        assertEquals(entries(1, 10, 1), restored());
        assertEquals(List.of(), torn, "the end of a preallocated segment is no torn tail");
        assertEquals(SEGMENT, Files.size(segment), "finding the end changed nothing on disk");

        try (FileRaftStore store = open(SEGMENT)) {
            store.takeRestoredState();
            store.persistLogEntries(entries(11, 20, 1));
            store.flush();
        }
        assertEquals(entries(1, 20, 1), restored());
        assertEquals(List.of(), torn);
        assertEquals(SEGMENT, Files.size(segment), "appended over the zeros, not after them");
    }

    @Test
    void aTornRecordFollowedByZerosIsATornTailAndIsCutOff() throws Exception {
        Path segment = written(10);
        long end = recordsEnd(Files.readAllBytes(segment));
        byte[] record = new RecordCodec(kryo, StoreOptions.MAX_RECORD_BYTES).encode(entry(11, 1));
        byte[] half = java.util.Arrays.copyOf(record, record.length / 2 + StoreFormat.FRAME_BYTES / 2);
        writeAt(segment, half, end); // the write was interrupted: the rest of the record is still zeros

        assertEquals(entries(1, 10, 1), restored(), "the torn entry was never flushed, so never acknowledged");
        assertEquals(1, torn.size(), "one torn tail: " + torn);
        TornTail t = torn.get(0);
        assertEquals(end, t.offset());
        assertTrue(t.reason().startsWith("payload CRC32C"), t.reason());
        assertEquals(SEGMENT - end, t.bytesDropped(), "the file is cut where the torn record started");
        assertEquals(end, Files.size(segment));

        try (FileRaftStore store = open(SEGMENT)) {
            store.takeRestoredState();
            store.persistLogEntries(entries(11, 12, 2));
            store.flush();
        }
        List<LogEntry> expected = new ArrayList<>(entries(1, 10, 1));
        expected.addAll(entries(11, 12, 2));
        assertEquals(expected, restored());
        assertEquals(List.of(), torn);
    }

    @Test
    void aStaleRecordWhereTheNextRecordBelongsIsRefusedNeverRestored() throws Exception {
        Path segment = written(10);
        byte[] bytes = Files.readAllBytes(segment);
        long end = recordsEnd(bytes);
        // an intact record with a valid CRC, of an entry this segment already holds: what a reused file would hold
        byte[] stale = new RecordCodec(kryo, StoreOptions.MAX_RECORD_BYTES).encode(entry(3, 1));
        writeAt(segment, stale, end);
        byte[] before = Files.readAllBytes(segment);

        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, this::restored);
        assertTrue(e.getMessage().contains(segment + " at offset " + end + ": log entry index 3 (expected: 11, the "
                + "next index of this segment)"), e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(segment), "a refused directory is left as it was found");
    }

    @Test
    void aStaleRecordFurtherInTheZerosIsRefusedNeverRestored() throws Exception {
        Path segment = written(10);
        long end = recordsEnd(Files.readAllBytes(segment));
        byte[] stale = new RecordCodec(kryo, StoreOptions.MAX_RECORD_BYTES).encode(entry(11, 1));
        long at = end + 1000;
        writeAt(segment, stale, at);

        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, this::restored);
        assertTrue(e.getMessage().contains(segment + " at offset " + end + ": frame CRC32C 0x0 (expected: 0x"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("not a torn tail: an intact record follows at offset " + at),
                e.getMessage());
    }

    @Test
    void entriesCutByATruncationNeverComeBackFromBehindTheirReplacements() throws Exception {
        try (FileRaftStore store = open(SEGMENT)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            assertTrue(store.awaitNextSegment(WAIT_MILLIS));
            store.persistLogEntries(entries(1, 30, 1));
            store.flush();
            store.truncateLogEntriesFrom(20);
            // the same term and sizes: each replacement ends exactly where an old record started, so an old record left
            // behind the new end would read as the next entry
            store.persistLogEntries(entries(20, 25, 1));
            store.flush();
        }
        assertEquals(entries(1, 25, 1), restored());
        assertEquals(List.of(), torn);
    }

    @Test
    void fullSegmentsAreTrimmedToTheirRecordsAndTheNextIsAPreparedFile() throws Exception {
        long small = StoreOptions.MIN_SEGMENT_BYTES;
        try (FileRaftStore store = open(small)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            for (long i = 1; i <= 400; i += 10) {
                assertTrue(store.awaitNextSegment(WAIT_MILLIS), "prepared before index " + i);
                store.persistLogEntries(entries(i, i + 9, 1));
            }
            store.flush();
        }
        List<Path> segments;
        try (Stream<Path> files = Files.list(dir.resolve(FileRaftStore.LOG_DIR))) {
            segments = files.sorted().toList();
        }
        assertTrue(segments.size() > 3, "4 KiB segments roll: " + segments);
        assertFalse(segments.stream().anyMatch(p -> p.getFileName().toString().equals(SegmentPreparer.NAME)),
                "close deletes the prepared file nobody took: " + segments);
        for (Path p : segments.subList(0, segments.size() - 1)) {
            byte[] bytes = Files.readAllBytes(p);
            assertEquals(bytes.length, recordsEnd(bytes), p + " ends where its records end, as 0.1.0 reads it");
        }
        Path newest = segments.get(segments.size() - 1);
        assertTrue(Files.size(newest) >= small, "the newest segment is a prepared file of the segment size, "
                + "grown only by a last batch that went past it: " + Files.size(newest));
        torn.clear();
        try (FileRaftStore store = open(small)) {
            assertEquals(entries(1, 400, 1), store.takeRestoredState().orElseThrow().getLogEntries());
        }
        assertEquals(List.of(), torn);
    }

    @Test
    void aPreparedFileACrashLeftBehindIsReplacedAtOpen() throws Exception {
        Path log = dir.resolve(FileRaftStore.LOG_DIR);
        Files.createDirectories(log);
        Path leftover = log.resolve(SegmentPreparer.NAME);
        Files.write(leftover, new byte[] {1, 2, 3});
        try (FileRaftStore store = open(SEGMENT)) {
            assertTrue(store.awaitNextSegment(WAIT_MILLIS));
            byte[] prepared = Files.readAllBytes(leftover);
            assertEquals(SegmentedLog.FIRST_PREPARED_BYTES > SEGMENT ? SEGMENT : SegmentedLog.FIRST_PREPARED_BYTES,
                    prepared.length);
            for (byte b : prepared) {
                if (b != 0) {
                    throw new AssertionError("the prepared file holds a byte that is not zero: " + b);
                }
            }
        }
    }
}
