package io.raftwire.transport.netty.capture;

import io.raftwire.testkit.Seeds;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.transport.netty.capture.CaptureRecord.Direction;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@link CaptureFormat} layout through {@link CaptureWriter} and {@link CaptureReader}. */
@ExtendWith(LeakDetectionExtension.class)
class CaptureFileTest {

    static {
        QuietCapture.hideExpectedWarnings();
    }

    @TempDir
    Path dir;

    private final AtomicLong clock = new AtomicLong(1_700_000_000_000_000L);

    @Test
    void shouldWriteTheDocumentedLayout() throws IOException {
        Path file = dir.resolve("one.rwcap");
        ByteBuf frame = Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 2, 0x52, 0x77});
        try (CaptureWriter writer = CaptureWriter.open(file, 1024, 1024, clock::get)) {
            assertTrue(writer.offerFrame(Direction.OUTBOUND, "n2", frame));
        } finally {
            frame.release();
        }
        assertEquals("5257435001" // magic "RWCP", version 1
                + "01" + "00060a24181e4000" // direction outbound, timestamp micros
                + "02" + "6e32" // peer length, "n2"
                + "00000006" + "000000025277", // frame length, the frame as given
                HexFormat.of().formatHex(Files.readAllBytes(file)));
    }

    @Test
    void shouldReadBackEveryRecordInOrder() throws IOException {
        long seed = Seeds.seed("CaptureFileTest");
        Random random = new Random(seed);
        Path file = dir.resolve("many.rwcap");
        List<CaptureRecord> expected = new ArrayList<>();
        try (CaptureWriter writer = CaptureWriter.open(file, 1 << 20, 1 << 20, clock::get)) {
            for (int i = 0; i < 200; i++) {
                byte[] bytes = new byte[4 + random.nextInt(300)];
                random.nextBytes(bytes);
                Direction direction = random.nextBoolean() ? Direction.INBOUND : Direction.OUTBOUND;
                String peer = i % 7 == 0 ? "" : "member-" + random.nextInt(5);
                ByteBuf buf = Unpooled.wrappedBuffer(bytes);
                boolean stripped = random.nextBoolean();
                long micros = clock.incrementAndGet();
                if (stripped) {
                    assertTrue(writer.offerStrippedFrame(direction, peer, buf));
                    byte[] withLength = ByteBuffer.allocate(bytes.length + 4).putInt(bytes.length).put(bytes).array();
                    expected.add(new CaptureRecord(direction, micros, peer, withLength));
                } else {
                    assertTrue(writer.offerFrame(direction, peer, buf));
                    expected.add(new CaptureRecord(direction, micros, peer, bytes));
                }
                assertEquals(0, buf.readerIndex(), "the writer must not move the caller's indexes");
                buf.release();
            }
            assertEquals(200, writer.recorded());
            assertEquals(0, writer.dropped());
        }
        assertEquals(expected, readAll(Files.newInputStream(file)));
    }

    @Test
    void shouldStopAtTheFileLimitAndKeepTheFileReadable() throws IOException {
        Path file = dir.resolve("small.rwcap");
        byte[] frame = new byte[100];
        int recordBytes = CaptureFormat.RECORD_OVERHEAD_BYTES + 1 + frame.length;
        long limit = CaptureFormat.HEADER_BYTES + 3L * recordBytes + 10;
        try (CaptureWriter writer = CaptureWriter.open(file, limit, 1 << 20, clock::get)) {
            for (int i = 0; i < 5; i++) {
                ByteBuf buf = Unpooled.wrappedBuffer(frame);
                assertEquals(i < 3, writer.offerFrame(Direction.INBOUND, "p", buf), "record " + i);
                buf.release();
            }
            assertEquals(3, writer.recorded());
            assertEquals(2, writer.dropped());
        }
        assertTrue(Files.size(file) <= limit);
        assertEquals(3, readAll(Files.newInputStream(file)).size());
    }

    @Test
    void shouldDropOffersAfterClose() throws IOException {
        CaptureWriter writer = CaptureWriter.open(dir.resolve("closed.rwcap"), 1024, 1024, clock::get);
        writer.close();
        ByteBuf buf = Unpooled.wrappedBuffer(new byte[8]);
        assertFalse(writer.offerFrame(Direction.INBOUND, "p", buf));
        buf.release();
        assertEquals(1, writer.dropped());
    }

    @Test
    void shouldCleanUpPeerIdsThatAreNotPrintableAscii() throws IOException {
        Path file = dir.resolve("peer.rwcap");
        try (CaptureWriter writer = CaptureWriter.open(file, 4096, 4096, clock::get)) {
            ByteBuf buf = Unpooled.wrappedBuffer(new byte[4]);
            writer.offerFrame(Direction.INBOUND, "a\nb\u00e9" + "x".repeat(100), buf);
            buf.release();
        }
        CaptureRecord record = readAll(Files.newInputStream(file)).get(0);
        assertEquals("a?b?" + "x".repeat(60), record.peerId());
    }

    /**
     * A capture path naming an existing file that is not a capture (a store file, the node's config) is refused and
     * the file left as it was: `--capture` once truncated whatever it was given. An earlier capture, or an empty
     * file, is replaced.
     */
    @Test
    void shouldRefuseToReplaceAFileThatIsNotACapture() throws IOException {
        Path config = dir.resolve("node.properties");
        byte[] text = "raftwire.cluster.id = solo\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Files.write(config, text);
        NotACaptureFileException e = assertThrows(NotACaptureFileException.class, () -> CaptureWriter.open(config));
        assertEquals(config + " holds 27 bytes that are not a raftwire capture (it starts with 72 61 66 74; expected:"
                + " a new or empty file, or an earlier capture, which is replaced)", e.getMessage());
        assertArrayEquals(text, Files.readAllBytes(config));
        Path tiny = dir.resolve("tiny");
        Files.write(tiny, new byte[] {0x52, 0x57});
        e = assertThrows(NotACaptureFileException.class, () -> CaptureWriter.open(tiny));
        assertTrue(e.getMessage().contains("holds 2 bytes that are not a raftwire capture (it starts with 52 57;"),
                e.getMessage());

        Path earlier = dir.resolve("earlier.rwcap");
        ByteBuf frame = Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 2, 0x52, 0x77});
        try {
            try (CaptureWriter first = CaptureWriter.open(earlier, 1024, 1024, clock::get)) {
                assertTrue(first.offerFrame(Direction.INBOUND, "n2", frame));
            }
            long before = Files.size(earlier);
            Path empty = Files.createFile(dir.resolve("empty.rwcap"));
            for (Path replaced : List.of(earlier, empty)) {
                CaptureWriter.open(replaced, 1024, 1024, clock::get).close();
                assertEquals(CaptureFormat.HEADER_BYTES, Files.size(replaced), replaced.toString());
            }
            assertTrue(before > CaptureFormat.HEADER_BYTES, "the earlier capture held a record");
        } finally {
            frame.release();
        }
    }

    /**
     * Two writers on one file used to wreck it: the second truncated it and wrote from the start while the first
     * went on at its own offset, so the first one's records became zeros and garbage (a member's capture file
     * clobbered by a second transport configured with the same file kept only the second one's frames).
     */
    @Test
    void shouldRefuseASecondWriterOnTheSameFileAndLeaveTheFirstOneIntact() throws IOException {
        Path file = dir.resolve("shared.rwcap");
        ByteBuf frame = Unpooled.wrappedBuffer(new byte[] {0, 0, 0, 2, 0x52, 0x77});
        try {
            try (CaptureWriter first = CaptureWriter.open(file, 1024, 1024, clock::get)) {
                assertTrue(first.offerFrame(Direction.INBOUND, "n2", frame));
                CaptureFileInUseException e = assertThrows(CaptureFileInUseException.class,
                        () -> CaptureWriter.open(dir.resolve(".").resolve("shared.rwcap")));
                assertEquals(dir.resolve(".").resolve("shared.rwcap") + " is already being written by another capture"
                        + " (expected: a file of its own for each transport)", e.getMessage());
                assertTrue(first.offerFrame(Direction.OUTBOUND, "n2", frame));
            }
            List<CaptureRecord> records = readAll(Files.newInputStream(file));
            assertEquals(List.of(Direction.INBOUND, Direction.OUTBOUND),
                    records.stream().map(CaptureRecord::direction).toList());
            try (CaptureWriter again = CaptureWriter.open(file, 1024, 1024, clock::get)) {
                assertEquals(0, again.recorded(), "closing the first writer released the file");
            }
            assertEquals(CaptureFormat.HEADER_BYTES, Files.size(file), "a new writer starts an empty file");
        } finally {
            frame.release();
        }
    }

    @Test
    void shouldRefuseAFileThatIsNotACapture() {
        byte[] raw = HexFormat.of().parseHex("0000000f5277020101");
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> new CaptureReader(new ByteArrayInputStream(raw)));
        assertEquals("not a raftwire capture file: it starts with 00 00 00 0f 52 (expected: the magic 52 57 43 50"
                + " \"RWCP\" and a version byte)", e.getMessage());
        assertFalse(CaptureFormat.startsWithMagic(raw));
    }

    @Test
    void shouldRefuseAnotherVersion() {
        byte[] v2 = HexFormat.of().parseHex("5257435002");
        CaptureFormatException e = assertThrows(CaptureFormatException.class,
                () -> new CaptureReader(new ByteArrayInputStream(v2)));
        assertEquals("capture format version = 2 (expected: 1)", e.getMessage());
    }

    @Test
    void shouldReportATruncatedRecordWithItsOffset() throws IOException {
        Path file = dir.resolve("cut.rwcap");
        try (CaptureWriter writer = CaptureWriter.open(file, 4096, 4096, clock::get)) {
            for (int i = 0; i < 2; i++) {
                ByteBuf buf = Unpooled.wrappedBuffer(new byte[20]);
                writer.offerFrame(Direction.OUTBOUND, "p", buf);
                buf.release();
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        byte[] cut = Arrays.copyOf(bytes, bytes.length - 5);
        try (CaptureReader reader = new CaptureReader(new ByteArrayInputStream(cut))) {
            assertEquals(20, reader.next().frame().length);
            CaptureFormatException e = assertThrows(CaptureFormatException.class, reader::next);
            assertEquals("capture record 1 at offset 40: frame needs 20 bytes, the file has 15 left (expected: a"
                    + " complete record; was the writer stopped abruptly?)", e.getMessage());
        }
    }

    @Test
    void shouldRefuseOutOfRangeFieldsBeforeReadingThem() throws IOException {
        byte[] badDirection = HexFormat.of().parseHex("5257435001" + "07");
        try (CaptureReader reader = new CaptureReader(new ByteArrayInputStream(badDirection))) {
            assertEquals("capture record 0 at offset 5: direction = 7 (expected: 0 = inbound, 1 = outbound)",
                    assertThrows(CaptureFormatException.class, reader::next).getMessage());
        }
        byte[] hugeFrame = HexFormat.of().parseHex("5257435001" + "00" + "0000000000000001" + "00" + "7fffffff");
        try (CaptureReader reader = new CaptureReader(new ByteArrayInputStream(hugeFrame))) {
            assertEquals("capture record 0 at offset 5: frame length = 2147483647 (expected: 0..1073741824)",
                    assertThrows(CaptureFormatException.class, reader::next).getMessage());
        }
    }

    static List<CaptureRecord> readAll(InputStream in) throws IOException {
        List<CaptureRecord> records = new ArrayList<>();
        try (CaptureReader reader = new CaptureReader(in)) {
            for (CaptureRecord r = reader.next(); r != null; r = reader.next()) {
                records.add(r);
            }
            assertNull(reader.next());
        }
        return records;
    }
}
