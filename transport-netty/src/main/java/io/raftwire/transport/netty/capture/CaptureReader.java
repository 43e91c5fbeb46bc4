package io.raftwire.transport.netty.capture;

import io.raftwire.transport.netty.capture.CaptureRecord.Direction;

import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * Reads a capture file written in the {@link CaptureFormat} layout, record by record. Every declared length is checked
 * against its limit before it is read, and a frame's bytes are read as they arrive, never allocated up front from a
 * declared length, so a corrupt or hostile file cannot make the reader allocate more than the file holds.
 *
 * <p>Not thread-safe. Closes the stream it reads when closed.
 */
public final class CaptureReader implements Closeable {

    private final DataInputStream in;
    private long offset;
    private int records;

    /**
     * Reads and checks the file header.
     *
     * @param in the file's bytes from the start; owned by the reader from now on
     * @throws CaptureFormatException if the header is missing, the magic is wrong, or the version is not
     *                                {@value CaptureFormat#VERSION}
     * @throws IOException            if reading fails
     */
    public CaptureReader(InputStream in) throws IOException {
        this.in = new DataInputStream(in);
        byte[] header = this.in.readNBytes(CaptureFormat.HEADER_BYTES);
        if (header.length < CaptureFormat.HEADER_BYTES || !CaptureFormat.startsWithMagic(header)) {
            throw new CaptureFormatException("not a raftwire capture file: it starts with " + hex(header)
                    + " (expected: the magic 52 57 43 50 \"RWCP\" and a version byte)");
        }
        int version = header[4] & 0xFF;
        if (version != CaptureFormat.VERSION) {
            throw new CaptureFormatException("capture format version = " + version + " (expected: "
                    + CaptureFormat.VERSION + ")");
        }
        offset = CaptureFormat.HEADER_BYTES;
    }

    /**
     * Reads the next record.
     *
     * @return the record, or {@code null} at the end of the file
     * @throws CaptureFormatException naming the record, its file offset and what was expected, if the record is
     *                                truncated or a field is out of range; the rest of the file cannot be read then
     * @throws IOException            if reading fails
     */
    public CaptureRecord next() throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        long start = offset;
        int index = records;
        try {
            Direction direction;
            try {
                direction = Direction.ofCode(first);
            } catch (IllegalArgumentException e) {
                throw malformed(index, start, e.getMessage());
            }
            long micros = in.readLong();
            int peerLength = in.readUnsignedByte();
            if (peerLength > CaptureFormat.MAX_PEER_CHARS) {
                throw malformed(index, start, "peer length = " + peerLength + " (expected: 0.."
                        + CaptureFormat.MAX_PEER_CHARS + ")");
            }
            String peer = new String(readExactly(peerLength, index, start, "peer id"), StandardCharsets.US_ASCII);
            int frameLength = in.readInt();
            if (frameLength < 0 || frameLength > CaptureFormat.MAX_FRAME_BYTES) {
                throw malformed(index, start, "frame length = " + frameLength + " (expected: 0.."
                        + CaptureFormat.MAX_FRAME_BYTES + ")");
            }
            byte[] frame = readExactly(frameLength, index, start, "frame");
            offset = start + CaptureFormat.RECORD_OVERHEAD_BYTES + peerLength + frameLength;
            records++;
            return new CaptureRecord(direction, micros, peer, frame);
        } catch (EOFException e) {
            throw malformed(index, start, "the file ends inside the record (expected: a complete record; was the"
                    + " writer stopped abruptly?)");
        }
    }

    /** Records read so far. */
    public int recordsRead() {
        return records;
    }

    private byte[] readExactly(int length, int index, long start, String field) throws IOException {
        byte[] bytes = in.readNBytes(length);
        if (bytes.length < length) {
            throw malformed(index, start, field + " needs " + length + " bytes, the file has " + bytes.length
                    + " left (expected: a complete record; was the writer stopped abruptly?)");
        }
        return bytes;
    }

    private static CaptureFormatException malformed(int index, long offset, String what) {
        return new CaptureFormatException("capture record " + index + " at offset " + offset + ": " + what);
    }

    private static String hex(byte[] bytes) {
        if (bytes.length == 0) {
            return "nothing (an empty file)";
        }
        StringBuilder s = new StringBuilder();
        for (byte b : bytes) {
            s.append(s.length() == 0 ? "" : " ").append(String.format("%02x", b & 0xFF));
        }
        return s.toString();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
