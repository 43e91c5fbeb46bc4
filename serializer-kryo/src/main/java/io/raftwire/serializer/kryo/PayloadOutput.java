package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.io.Output;
import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Utf16;

/**
 * A growable Kryo {@link Output} over its own {@code byte[]}, with the provider's length-prefixed formats. Strings are
 * encoded as UTF-8 directly into the buffer, so writing one allocates nothing. Not thread-safe: one per thread.
 *
 * <p>The {@code direct} methods are the generated path's: the same bytes as Kryo's {@code writeVarInt(v, true)},
 * {@code writeVarLong(v, true)} and the formats below, written into the array with one capacity check per value and
 * small enough to inline into the generated code (Kryo's {@code writeVarLong} is over 1000 bytecodes, which the JIT
 * never inlines). The walk keeps using Kryo's methods, so the contract suite compares the two byte for byte.
 *
 * <p>While a destination is attached ({@link #attach}), a byte array of at least {@value #WRITE_THROUGH_BYTES} bytes
 * is not copied into the array: what the array holds so far goes to the destination, then the byte array itself, and
 * the array starts again from position 0; {@link #drain} moves the rest. The bytes in the destination are the same
 * either way. So the array never grows to hold a snapshot chunk or a large command: before, a chunk larger than
 * {@code maxPooledBufferBytes} grew the array on every encode, to be dropped afterwards (now no garbage:
 * {@code KryoBuffersTest}), and a chunk is copied once on encode instead of twice. The point is memory, not speed:
 * the benchmark's full message set, where a snapshot chunk and two operation results take this path, showed no
 * difference in speed.
 */
final class PayloadOutput extends Output {

    /** The longest Kryo varlong (optimizePositive): eight 7-bit groups and a last byte of 8 bits. */
    private static final int MAX_VARLONG_BYTES = 9;
    /** The longest Kryo varint. */
    private static final int MAX_VARINT_BYTES = 5;
    /** Strings of fewer chars than this are written in one pass, their length prefix patched (one byte). */
    private static final int ONE_PASS_CHARS = 127;

    /**
     * Values entered by a direct call of the generated path (not through {@code Kryo.writeObject}), counted into the
     * depth together with Kryo's own count; see {@code ModelSerializer}. Zero between payloads.
     */
    int directDepth;

    /**
     * While a {@link KryoDownLevelEncoder} encodes a value: how each type is written in the target schema, nested
     * values included; null otherwise.
     */
    DownLevelRoutes downLevel;

    /** Byte arrays at least this long go straight to an attached destination (see the class comment). */
    static final int WRITE_THROUGH_BYTES = 1024;

    /** Where the payload goes, while an encode runs; null otherwise. Owned by the caller of {@link #attach}. */
    private ByteBuf destination;
    /** The destination's writer index when it was attached. */
    private int destinationStart;

    /** Most elements of a collection or array, and UTF-8 bytes of a string, written (as decoding accepts). */
    private final int maxElements;

    /** No element limit (for tests of the formats). */
    PayloadOutput(int bufferBytes) {
        this(bufferBytes, Integer.MAX_VALUE);
    }

    /**
     * @param bufferBytes initial capacity; the buffer doubles as needed, without upper limit
     * @param maxElements the configured max-elements: a longer count or string is refused as decoding refuses it
     */
    PayloadOutput(int bufferBytes, int maxElements) {
        super(bufferBytes, -1);
        this.maxElements = maxElements;
    }

    /** The configured max-elements. */
    int maxElements() {
        return maxElements;
    }

    /** Refuses a collection count above max-elements, with the message decoding gives ({@link Bounds}). */
    void checkCount(int n, String label) {
        Bounds.checkEncodeCount(n, maxElements, label);
    }

    /**
     * Writes {@code s} as varint (UTF-8 byte length + 1, 0 = null) and its UTF-8 bytes; more UTF-8 bytes than
     * max-elements are refused, naming {@code label}.
     */
    void writeUtf8(String s, String label) {
        if (s == null) {
            writeByte(0);
            return;
        }
        long bytes = Utf16.utf8Length(s);
        if (bytes >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("string of " + bytes + " UTF-8 bytes (expected: < 2 GiB)");
        }
        Bounds.checkEncodeCount(bytes, maxElements, label);
        writeVarInt((int) bytes + 1, true);
        require((int) bytes);
        position = writeUtf8(s, 0, buffer, position);
    }

    /** Writes {@code b} as varint (length + 1, 0 = null) and the bytes; longer than max-elements is refused. */
    void writeByteArray(byte[] b, String label) {
        if (b == null) {
            writeByte(0);
            return;
        }
        Bounds.checkEncodeCount(b.length, maxElements, label);
        writeVarInt(b.length + 1, true);
        writeBody(b);
    }

    /** Writes {@code a} as varint (count + 1, 0 = null) and one {@code writeVarLong(v, true)} per element. */
    void writeLongArray(long[] a, String label) {
        if (a == null) {
            writeByte(0);
            return;
        }
        Bounds.checkEncodeCount(a.length, maxElements, label);
        writeVarInt(a.length + 1, true);
        writeLongs(a, 0, a.length, true);
    }

    /** Exactly {@code writeVarInt(value, true)}. */
    void directVarInt(int value) {
        if (capacity - position < MAX_VARINT_BYTES) {
            require(MAX_VARINT_BYTES);
        }
        byte[] b = buffer;
        int p = position;
        while ((value & ~0x7F) != 0) {
            b[p++] = (byte) (value | 0x80);
            value >>>= 7;
        }
        b[p++] = (byte) value;
        position = p;
    }

    /** Exactly {@code writeVarLong(value, true)}: after eight 7-bit groups, the last byte carries 8 bits. */
    void directVarLong(long value) {
        if (capacity - position < MAX_VARLONG_BYTES) {
            require(MAX_VARLONG_BYTES);
        }
        byte[] b = buffer;
        int p = position;
        for (int group = 0; group < MAX_VARLONG_BYTES - 1 && (value & ~0x7FL) != 0; group++) {
            b[p++] = (byte) (value | 0x80);
            value >>>= 7;
        }
        b[p++] = (byte) value;
        position = p;
    }

    /** Exactly {@code writeByte(value)}. */
    void directByte(int value) {
        if (position == capacity) {
            require(1);
        }
        buffer[position++] = (byte) value;
    }

    /**
     * Exactly {@link #writeUtf8(String, String)}. A short string (the usual case) is encoded in one pass into room
     * reserved for its longest UTF-8 form, its one-byte length prefix patched afterwards; a longer one, or one whose
     * UTF-8 form needs a longer prefix, is measured first as {@link #writeUtf8(String, String)} does.
     */
    void directUtf8(String s, String label) {
        if (s == null) {
            directByte(0);
            return;
        }
        int n = s.length();
        if (n < ONE_PASS_CHARS) {
            int room = 1 + 3 * n;
            if (capacity - position < room) {
                require(room);
            }
            int prefix = position;
            int end = writeAsciiThenUtf8(s, buffer, prefix + 1);
            int bytes = end - prefix - 1;
            if (bytes < ONE_PASS_CHARS) {
                Bounds.checkEncodeCount(bytes, maxElements, label);
                buffer[prefix] = (byte) (bytes + 1);
                position = end;
                return;
            }
        }
        writeUtf8(s, label);
    }

    /** Exactly {@link #writeByteArray(byte[], String)}. */
    void directByteArray(byte[] b, String label) {
        if (b == null) {
            directByte(0);
            return;
        }
        Bounds.checkEncodeCount(b.length, maxElements, label);
        directVarInt(b.length + 1);
        writeBody(b);
    }

    /** The bytes of {@code b}: through to the destination if it is long and one is attached, else into the array. */
    private void writeBody(byte[] b) {
        if (b.length >= WRITE_THROUGH_BYTES && destination != null) {
            destination.writeBytes(buffer, 0, position);
            position = 0;
            destination.writeBytes(b);
        } else {
            writeBytes(b);
        }
    }

    /**
     * Sends long byte arrays written from now on straight to {@code out} (at its writer index); the caller must end
     * with {@link #drain} or, on failure, {@link #detach}.
     */
    void attach(ByteBuf out) {
        destination = out;
        destinationStart = out.writerIndex();
    }

    /** Payload bytes written since {@link #attach}: those sent to the destination and those still in the array. */
    long written() {
        return position + (destination == null ? 0 : destination.writerIndex() - destinationStart);
    }

    /** Writes what the array holds to the destination and detaches it. */
    void drain() {
        destination.writeBytes(buffer, 0, position);
        destination = null;
    }

    /** Forgets the destination without writing to it (after a failed encode, whose caller resets it). */
    void detach() {
        destination = null;
    }

    /** Exactly {@link #writeLongArray(long[], String)}. */
    void directLongArray(long[] a, String label) {
        if (a == null) {
            directByte(0);
            return;
        }
        Bounds.checkEncodeCount(a.length, maxElements, label);
        directVarInt(a.length + 1);
        for (long v : a) {
            directVarLong(v);
        }
    }

    /**
     * Exactly {@link #writeUtf8(String, int, byte[], int)} from char 0: a tight loop while the chars are ASCII (nearly
     * always, on this wire), then the general encoder for the rest.
     */
    private static int writeAsciiThenUtf8(String s, byte[] b, int p) {
        int n = s.length();
        int i = 0;
        for (; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                break;
            }
            b[p + i] = (byte) c;
        }
        return i == n ? p + n : writeUtf8(s, i, b, p + i);
    }

    /** Encodes {@code s} from char {@code from} at {@code b[p]}; returns the position after the last byte. */
    private static int writeUtf8(String s, int from, byte[] b, int p) {
        int n = s.length();
        for (int i = from; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | c >> 6);
                b[p++] = (byte) (0x80 | c & 0x3F);
            } else if (!Character.isSurrogate(c)) {
                b[p++] = (byte) (0xE0 | c >> 12);
                b[p++] = (byte) (0x80 | c >> 6 & 0x3F);
                b[p++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b[p++] = (byte) (0xF0 | cp >> 18);
                b[p++] = (byte) (0x80 | cp >> 12 & 0x3F);
                b[p++] = (byte) (0x80 | cp >> 6 & 0x3F);
                b[p++] = (byte) (0x80 | cp & 0x3F);
            } else {
                throw Utf16.unpairedSurrogate(s, i);
            }
        }
        return p;
    }
}
