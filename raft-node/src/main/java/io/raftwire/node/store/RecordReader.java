package io.raftwire.node.store;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Reads the records of one file in order, checking every frame (layout in {@link StoreFormat}). Not thread-safe; used
 * at start-up only.
 */
final class RecordReader {

    /** One intact record. */
    record Frame(long offset, int typeId, byte[] payload) {
        long end() {
            return offset + StoreFormat.FRAME_BYTES + payload.length;
        }
    }

    /**
     * A record damaged in a way a torn write could explain. Whether it is a torn tail depends on where it is: see
     * {@link RecordReader#validFrameFrom}.
     */
    static final class Damage extends Exception {
        private static final long serialVersionUID = 1L;
        final long offset;
        final String reason;
        /** Where a following record could start, if any; a torn tail has none from here on. */
        final long nextCandidate;

        Damage(long offset, String reason, long nextCandidate) {
            super(reason, null, false, false);
            this.offset = offset;
            this.reason = reason;
            this.nextCandidate = nextCandidate;
        }
    }

    private static final int WINDOW = 1 << 20;

    private final FileChannel ch;
    private final Path file;
    private final int maxRecordBytes;
    private final String limit;
    private final long size;
    private long position;

    RecordReader(FileChannel ch, Path file, long start, int maxRecordBytes) throws IOException {
        this(ch, file, start, maxRecordBytes, "StoreOptions.maxRecordBytes");
    }

    /** A reader whose length refusal names {@code limit} as where {@code maxRecordBytes} comes from. */
    RecordReader(FileChannel ch, Path file, long start, int maxRecordBytes, String limit) throws IOException {
        this.ch = ch;
        this.file = file;
        this.maxRecordBytes = maxRecordBytes;
        this.limit = limit;
        this.size = ch.size();
        this.position = start;
    }

    /** Where the next record starts. */
    long position() {
        return position;
    }

    /** The file's size when this reader was created. */
    long size() {
        return size;
    }

    /**
     * The next record.
     *
     * @return the record, or {@code null} at the end of the file
     * @throws Damage                  if the record is cut short or a CRC does not match
     * @throws StoreCorruptedException if the frame is intact but declares a length over the limit
     */
    Frame next() throws IOException, Damage {
        long at = position;
        if (at == size) {
            return null;
        }
        if (size - at < StoreFormat.FRAME_BYTES) {
            throw new Damage(at, "frame cut short: " + (size - at) + " of " + StoreFormat.FRAME_BYTES
                    + " bytes before the end of the file (expected: a complete frame)", size);
        }
        ByteBuffer head = read(at, StoreFormat.FRAME_BYTES);
        int len = head.getInt(0);
        int headerCrc = StoreFormat.crc(head, 0, 8);
        if (headerCrc != head.getInt(8)) {
            throw new Damage(at, "frame CRC32C 0x" + Integer.toHexString(head.getInt(8)) + " (expected: 0x"
                    + Integer.toHexString(headerCrc) + ")", at + 1);
        }
        if (len < 0 || len > maxRecordBytes) {
            throw new StoreCorruptedException(file, at, "record length " + Integer.toUnsignedString(len)
                    + " (expected: 0.." + maxRecordBytes + ", " + limit + ")");
        }
        long end = at + StoreFormat.FRAME_BYTES + len;
        if (end > size) {
            throw new Damage(at, "payload cut short: " + (size - at - StoreFormat.FRAME_BYTES) + " of " + len
                    + " bytes before the end of the file (expected: the whole payload)", size);
        }
        ByteBuffer payload = read(at + StoreFormat.FRAME_BYTES, len);
        int payloadCrc = StoreFormat.crc(payload, 0, len);
        if (payloadCrc != head.getInt(12)) {
            throw new Damage(at, "payload CRC32C 0x" + Integer.toHexString(head.getInt(12)) + " (expected: 0x"
                    + Integer.toHexString(payloadCrc) + ")", end);
        }
        position = end;
        return new Frame(at, head.getInt(4), payload.array());
    }

    /**
     * Whether a complete frame of 16 zero bytes starts at {@code at}: where the records of a preallocated file end, if
     * no intact record follows. Fewer than 16 bytes before the end of the file are a frame cut short, as in a grown
     * file, even if they are zeros.
     */
    boolean zerosAt(long at) throws IOException {
        if (size - at < StoreFormat.FRAME_BYTES) {
            return false;
        }
        ByteBuffer head = read(at, StoreFormat.FRAME_BYTES);
        return head.getLong(0) == 0 && head.getLong(8) == 0;
    }

    /**
     * The offset of the first intact record at or after {@code from}, or -1 if there is none: then damage before
     * {@code from} is the torn tail of the file. Reads the file in windows of {@value #WINDOW} bytes through the
     * channel (no mapping, so a simulated page cache sees every read); positions whose first 12 bytes are zero are
     * skipped without computing a CRC (a frame whose first 8 bytes are zero carries their CRC32C, which is not zero),
     * so the zeros of a preallocated segment are scanned quickly.
     */
    long validFrameFrom(long from) throws IOException {
        ByteBuffer window = null;
        for (long base = from; base + StoreFormat.FRAME_BYTES <= size; base += WINDOW) {
            int n = (int) Math.min(WINDOW + StoreFormat.FRAME_BYTES - 1, size - base);
            if (window == null) {
                window = ByteBuffer.allocate(WINDOW + StoreFormat.FRAME_BYTES - 1);
            }
            window.clear().limit(n);
            while (window.hasRemaining()) {
                if (ch.read(window, base + window.position()) < 0) {
                    throw new EOFException(file + " shrank while being read");
                }
            }
            int last = Math.min(WINDOW, n - StoreFormat.FRAME_BYTES + 1);
            for (int i = 0; i < last; i++) {
                if (window.getLong(i) == 0 && window.getInt(i + 8) == 0) {
                    continue;
                }
                if (intactAt(window, i, base)) {
                    return base + i;
                }
            }
        }
        return -1;
    }

    /** Whether an intact record starts at {@code i} of {@code window}, which holds the file from {@code base}. */
    private boolean intactAt(ByteBuffer window, int i, long base) throws IOException {
        int len = window.getInt(i);
        if (len < 0 || len > maxRecordBytes || base + i + StoreFormat.FRAME_BYTES + len > size
                || StoreFormat.crc(window, i, 8) != window.getInt(i + 8)) {
            return false;
        }
        int payloadCrc;
        if (i + StoreFormat.FRAME_BYTES + len <= window.limit()) {
            payloadCrc = StoreFormat.crc(window, i + StoreFormat.FRAME_BYTES, len);
        } else {
            payloadCrc = StoreFormat.crc(read(base + i + StoreFormat.FRAME_BYTES, len), 0, len);
        }
        return payloadCrc == window.getInt(i + 12);
    }

    private ByteBuffer read(long at, int len) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(len);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                throw new EOFException(file + " shrank while being read");
            }
        }
        return b.flip();
    }
}
