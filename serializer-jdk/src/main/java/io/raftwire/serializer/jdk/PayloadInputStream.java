package io.raftwire.serializer.jdk;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;

import java.io.InputStream;
import java.io.ObjectStreamConstants;
import java.util.Objects;

/**
 * The payload {@link ByteBuf} as the {@link InputStream} under a {@link CarrierInputStream}: reads advance the
 * buffer's reader index, nothing is copied up front, heap and direct buffers alike. It also refuses the declared
 * string lengths that {@code ObjectInputStream} would allocate for before checking them.
 *
 * <p><b>Why.</b> JDK 17's {@code ObjectInputStream} reads a string body in chunks of 1 KiB, so a declared length
 * beyond the payload ends in {@code EOFException}; but it first sizes a {@code StringBuilder} for
 * {@code min(declared, 65535)} characters (64 KiB), and strings do not pass through the
 * {@link java.io.ObjectInputFilter}. A three-byte {@code TC_STRING ffff} would allocate 64 KiB. A dynamic proxy
 * descriptor likewise allocates a {@code String[]} of up to 65535 interface names before anything is filtered.
 *
 * <p><b>How.</b> Outside block-data mode, which is the only mode a jdk payload uses, {@code ObjectInputStream} reads
 * every type code with a one-byte {@link #read()} (its peek) and the length that follows with one bulk read. So:
 * <ul>
 *   <li>a 2-byte bulk read right after a one-byte read is a declared length or count (of a {@code TC_STRING}, of a
 *       class, field or enum-constant name, of a field list), each unit at least one byte: it must fit in the bytes
 *       that follow;</li>
 *   <li>an 8-byte bulk read right after {@code TC_LONGSTRING} is a long string's length: same check;</li>
 *   <li>a 4-byte bulk read right after {@code TC_PROXYCLASSDESC} is an interface count: refused, a jdk payload has
 *       no proxies.</li>
 * </ul>
 * Only the payload bounds these lengths: a string's characters are checked against {@code maxElements} once it is
 * read ({@link CarrierReader}), and the stream's own strings (class names, field type signatures such as
 * {@code [Ljava/lang/Object;}) are not the value's, so a small {@code maxElements} must not refuse them.
 *
 * <p>One instance per decode; not thread-safe. The buffer stays owned by the caller.
 */
final class PayloadInputStream extends InputStream {

    private static final int NONE = -1;

    private final ByteBuf payload;
    private int lastSingleByte = NONE;

    /** @param payload the payload; read from its reader index to its writer index */
    PayloadInputStream(ByteBuf payload) {
        this.payload = payload;
    }

    @Override
    public int read() {
        if (!payload.isReadable()) {
            lastSingleByte = NONE;
            return -1;
        }
        lastSingleByte = payload.readUnsignedByte();
        return lastSingleByte;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        int tag = lastSingleByte;
        lastSingleByte = NONE;
        int n = Math.min(len, payload.readableBytes());
        if (n == 0) {
            return -1;
        }
        if (tag != NONE && n == len) {
            checkDeclaredLength(tag, len);
        }
        payload.readBytes(b, off, n);
        return n;
    }

    @Override
    public int available() {
        return payload.readableBytes();
    }

    private void checkDeclaredLength(int tag, int len) {
        int at = payload.readerIndex();
        if (len == Short.BYTES) {
            Bounds.checkCount(payload.getUnsignedShort(at), 1, payload.readableBytes() - len, Integer.MAX_VALUE,
                    what(tag));
        } else if (len == Long.BYTES && tag == ObjectStreamConstants.TC_LONGSTRING) {
            Bounds.checkCount(payload.getLong(at), 1, payload.readableBytes() - len, Integer.MAX_VALUE,
                    "long string length");
        } else if (len == Integer.BYTES && tag == ObjectStreamConstants.TC_PROXYCLASSDESC) {
            throw new MalformedPayloadException("dynamic proxy class descriptor (expected: none in a jdk payload)");
        }
    }

    private static String what(int tag) {
        switch (tag) {
            case ObjectStreamConstants.TC_STRING:
                return "string length";
            case ObjectStreamConstants.TC_CLASSDESC:
                return "class name length";
            default:
                return "declared length";
        }
    }
}
