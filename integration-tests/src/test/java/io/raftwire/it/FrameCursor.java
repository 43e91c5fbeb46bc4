package io.raftwire.it;

import io.raftwire.transport.netty.codec.FrameDescriptor;

/**
 * Follows raftwire frames ({@link FrameDescriptor}) through one direction of one connection's byte stream, as a
 * proxy forwards it: where the current frame began, how long it is, and its message type id once its header is in.
 * Every frame on a raftwire connection, handshake included, has that layout (no TLS); a stream whose bytes are not
 * raftwire frames (wrong magic, length shorter than a header) is marked {@link #lost()} and followed no further.
 *
 * <p>Not thread-safe: one per direction of a connection, used by the thread that reads that direction.
 */
final class FrameCursor {

    /** Bytes of a frame needed to know its length and message type id. */
    static final int HEAD_BYTES = FrameDescriptor.TYPE_ID_OFFSET + 2;

    private final byte[] head = new byte[HEAD_BYTES];
    private int headFilled;
    private long position;
    private long frameStart;
    private long frameEnd = -1;
    private int typeId = -1;
    private boolean headJustComplete;
    private boolean lost;

    /**
     * Consumes bytes from {@code b[off..off+len)}, stopping right after the byte that completes a frame's head (then
     * {@link #headJustComplete()} is true until the next call); returns how many bytes it consumed ({@code len} once
     * the stream is lost).
     */
    int consume(byte[] b, int off, int len) {
        headJustComplete = false;
        if (lost) {
            position += len;
            return len;
        }
        int used;
        if (frameEnd < 0) {
            used = Math.min(len, HEAD_BYTES - headFilled);
            System.arraycopy(b, off, head, headFilled, used);
            headFilled += used;
            if (headFilled == HEAD_BYTES) {
                readHead();
            }
        } else {
            used = (int) Math.min(len, frameEnd - position);
        }
        position += used;
        if (frameEnd >= 0 && position == frameEnd) {
            frameStart = frameEnd;
            frameEnd = -1;
            headFilled = 0;
            typeId = -1;
        }
        return used;
    }

    private void readHead() {
        long length = ((long) uint16(0) << 16) | uint16(2); // uint32 at offset 0
        int magic = uint16(FrameDescriptor.MAGIC_OFFSET);
        if (magic != FrameDescriptor.MAGIC || length < FrameDescriptor.HEADER_LENGTH_AFTER_LENGTH_FIELD) {
            lost = true;
            return;
        }
        typeId = uint16(FrameDescriptor.TYPE_ID_OFFSET);
        frameEnd = frameStart + FrameDescriptor.LENGTH_FIELD_LENGTH + length;
        headJustComplete = true;
    }

    /** The big-endian unsigned 16-bit integer at {@code offset} of the head. */
    private int uint16(int offset) {
        return ((head[offset] & 0xFF) << 8) | (head[offset + 1] & 0xFF);
    }

    /** Whether the last {@link #consume} call completed a frame's head (its type and length are known). */
    boolean headJustComplete() {
        return headJustComplete;
    }

    /** Whether the stream turned out not to be raftwire frames. */
    boolean lost() {
        return lost;
    }

    /** The message type id of the frame whose head just completed. */
    int typeId() {
        return typeId;
    }

    /** Stream offset of the first byte (the first length byte) of the frame whose head just completed. */
    long frameStart() {
        return frameStart;
    }

    /** Bytes of the frame whose head just completed, length field included. */
    long frameBytes() {
        return frameEnd - frameStart;
    }

    /** Bytes of the stream consumed so far. */
    long position() {
        return position;
    }
}
