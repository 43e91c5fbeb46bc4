package io.raftwire.cli.inspect;

import io.raftwire.transport.netty.capture.CaptureFormat;
import io.raftwire.transport.netty.capture.CaptureReader;
import io.raftwire.transport.netty.capture.CaptureRecord;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Splits an input into frames: a stream of raw frames as they travel on the wire (each with its 4-byte length), or a
 * capture file ({@link CaptureFormat}), told apart by the capture magic unless the format is given.
 *
 * <p>A frame whose bytes are wrong is still a frame: it is handed on and inspected on its own. Only when the framing
 * itself is lost (a length larger than the input, bytes that cannot hold a length, a broken capture record) does
 * reading stop, with {@link BrokenInput} saying where and why.
 */
final class FrameInput {

    /** How to read the input. */
    enum Format {
        /** A capture file if it starts with the capture magic, raw frames otherwise. */
        AUTO,
        /** Concatenated frames, each with its length field. */
        RAW,
        /** A capture file. */
        CAPTURE
    }

    /**
     * One frame of the input.
     *
     * @param index  zero-based position in the input
     * @param origin where it was found: a byte offset, or the capture record's direction, peer and time
     * @param frame  the complete frame, length field included
     */
    record InputFrame(int index, String origin, byte[] frame) {
    }

    /** The framing of the input is lost; nothing after this point can be read. */
    static final class BrokenInput extends Exception {

        private static final long serialVersionUID = 1L;

        BrokenInput(String message) {
            super(message);
        }
    }

    private FrameInput() {
    }

    /**
     * Reads every frame and hands it to {@code frames}, in order.
     *
     * @param in     the input; not closed
     * @param format how to read it
     * @throws BrokenInput when the framing is lost; the frames before were handed on
     * @throws IOException when reading fails
     */
    static void read(InputStream in, Format format, Consumer<InputFrame> frames) throws IOException, BrokenInput {
        BufferedInputStream buffered = new BufferedInputStream(in, 64 * 1024);
        Format actual = format;
        if (format == Format.AUTO) {
            buffered.mark(4);
            byte[] start = buffered.readNBytes(4);
            buffered.reset();
            actual = CaptureFormat.startsWithMagic(start) ? Format.CAPTURE : Format.RAW;
        }
        if (actual == Format.CAPTURE) {
            readCapture(buffered, frames);
        } else {
            readRaw(buffered, frames);
        }
    }

    private static void readRaw(InputStream in, Consumer<InputFrame> frames) throws IOException, BrokenInput {
        long offset = 0;
        for (int index = 0; ; index++) {
            byte[] lengthField = in.readNBytes(4);
            if (lengthField.length == 0) {
                return;
            }
            if (lengthField.length < 4) {
                throw new BrokenInput("offset " + offset + ": " + lengthField.length + " trailing byte(s), too few"
                        + " for a frame length field (expected: 4)");
            }
            int length = (lengthField[0] & 0xFF) << 24 | (lengthField[1] & 0xFF) << 16 | (lengthField[2] & 0xFF) << 8
                    | lengthField[3] & 0xFF;
            if (length < 0 || length > CaptureFormat.MAX_FRAME_BYTES - 4) {
                throw new BrokenInput("offset " + offset + ": frame length = " + Integer.toUnsignedString(length)
                        + " (expected: 0.." + (CaptureFormat.MAX_FRAME_BYTES - 4) + "; is this raftwire frames, or a"
                        + " capture file without its header?)");
            }
            byte[] rest = in.readNBytes(length);
            if (rest.length < length) {
                throw new BrokenInput("offset " + offset + ": frame length = " + length + " but only " + rest.length
                        + " bytes follow (expected: the whole frame; the input is cut short)");
            }
            byte[] frame = new byte[4 + length];
            System.arraycopy(lengthField, 0, frame, 0, 4);
            System.arraycopy(rest, 0, frame, 4, length);
            frames.accept(new InputFrame(index, "offset " + offset, frame));
            offset += frame.length;
        }
    }

    private static void readCapture(BufferedInputStream in, Consumer<InputFrame> frames)
            throws IOException, BrokenInput {
        checkHeaderComplete(in);
        try {
            CaptureReader reader = new CaptureReader(in);
            long offset = CaptureFormat.HEADER_BYTES;
            for (CaptureRecord r = reader.next(); r != null; r = reader.next()) {
                int index = reader.recordsRead() - 1;
                checkPrintable(r.peerId(), index, offset);
                String way = r.direction() == CaptureRecord.Direction.INBOUND ? "received from " : "sent to ";
                // escaped all the same: the file, not a capture writer, decides what a peer id holds
                String peer = r.peerId().isEmpty() ? "(peer not known yet)" : Text.escape(r.peerId());
                frames.accept(new InputFrame(index, way + peer + " at " + instant(r.timestampMicros()), r.frame()));
                offset += CaptureFormat.RECORD_OVERHEAD_BYTES + r.peerId().length() + r.frame().length;
            }
        } catch (io.raftwire.transport.netty.capture.CaptureFormatException e) {
            throw new BrokenInput(e.getMessage());
        }
    }

    /**
     * Input that ends after the start of the magic, inside the header, is a capture file cut short rather than some
     * other file: say so, instead of letting {@link CaptureReader} call its magic wrong.
     */
    private static void checkHeaderComplete(BufferedInputStream in) throws IOException, BrokenInput {
        in.mark(CaptureFormat.HEADER_BYTES);
        byte[] header = in.readNBytes(CaptureFormat.HEADER_BYTES);
        in.reset();
        if (header.length == 0 || header.length == CaptureFormat.HEADER_BYTES) {
            return;
        }
        byte[] magic = ByteBuffer.allocate(4).putInt(CaptureFormat.MAGIC).array();
        if (header.length <= magic.length && Arrays.equals(header, 0, header.length, magic, 0, header.length)) {
            throw new BrokenInput("the input ends after " + header.length + " byte(s), inside the "
                    + CaptureFormat.HEADER_BYTES + "-byte header of a capture file (expected: the magic 52 57 43 50"
                    + " \"RWCP\" and a version byte)");
        }
    }

    /**
     * A capture writer stores a peer id as printable ASCII (it replaces anything else by {@code ?}), so any other
     * character means the record was not written by one: the file is damaged or crafted, and reading stops there.
     */
    private static void checkPrintable(String peerId, int index, long offset) throws BrokenInput {
        for (int i = 0; i < peerId.length(); i++) {
            char c = peerId.charAt(i);
            if (c < 0x20 || c > 0x7E) {
                throw new BrokenInput("capture record " + index + " at offset " + offset + ": peer id "
                        + Text.quote(peerId) + " has a non-printable character at index " + i + " (expected:"
                        + " printable ASCII, as a capture writer records it; the file is damaged or was not written"
                        + " by raftwire)");
            }
        }
    }

    private static Instant instant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
    }
}
