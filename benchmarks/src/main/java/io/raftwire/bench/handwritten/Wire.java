package io.raftwire.bench.handwritten;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.raftwire.serializer.model.MalformedPayloadException;

import java.nio.charset.StandardCharsets;

/**
 * The primitive encodings of the hand-written codec, written straight into a {@link ByteBuf}:
 *
 * <ul>
 *   <li>{@code long} and {@code int}: unsigned LEB128 varints (7 bits a byte, low group first); every catalog number
 *       is non-negative, so small values take one byte and a full 63-bit value nine;</li>
 *   <li>{@code boolean} and enum ordinals: one byte;</li>
 *   <li>{@code String}: a varint UTF-8 byte count, then the bytes, encoded by Netty without an intermediate
 *       {@code byte[]}; a nullable string writes {@code count + 1}, with 0 for {@code null};</li>
 *   <li>{@code byte[]}: a varint length, then the bytes; {@code long[]}: a varint length, then one varint each.</li>
 * </ul>
 *
 * <p>Every declared length is checked against the readable bytes before anything is allocated; malformed input
 * throws {@link MalformedPayloadException}. Stateless; never takes ownership of a buffer.
 */
final class Wire {

    /** The longest varint of a 64-bit value. */
    private static final int MAX_VARLONG_BYTES = 10;
    /** Values below this take one varint byte. */
    private static final int ONE_BYTE_VARINT = 0x80;
    /** A UTF-16 char takes at most 3 UTF-8 bytes (a surrogate pair, two chars, takes 4). */
    private static final int MAX_UTF8_BYTES_PER_CHAR = 3;

    private Wire() {
    }

    static void writeLong(ByteBuf out, long value) {
        if ((value & ~0x7FL) == 0) {
            out.writeByte((int) value);
            return;
        }
        out.ensureWritable(MAX_VARLONG_BYTES);
        int i = out.writerIndex();
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.setByte(i++, (int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.setByte(i++, (int) v);
        out.writerIndex(i);
    }

    static long readLong(ByteBuf in) {
        byte b = in.readByte();
        if (b >= 0) {
            return b;
        }
        long value = b & 0x7F;
        for (int shift = 7; shift < 64; shift += 7) {
            b = in.readByte();
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new MalformedPayloadException("varint longer than " + MAX_VARLONG_BYTES + " bytes (expected: at most "
                + MAX_VARLONG_BYTES + ")");
    }

    static void writeInt(ByteBuf out, int value) {
        writeLong(out, value & 0xFFFFFFFFL);
    }

    static int readInt(ByteBuf in) {
        long value = readLong(in);
        if (value >>> 32 != 0) {
            throw new MalformedPayloadException("int varint = " + value + " (expected: 32 bits)");
        }
        return (int) value;
    }

    static void writeBoolean(ByteBuf out, boolean value) {
        out.writeByte(value ? 1 : 0);
    }

    static boolean readBoolean(ByteBuf in) {
        byte b = in.readByte();
        if ((b & ~1) != 0) {
            throw new MalformedPayloadException("boolean = " + b + " (expected: 0 or 1)");
        }
        return b == 1;
    }

    /** Reads an enum ordinal and checks it against the constant count. */
    static int readOrdinal(ByteBuf in, int constants, String name) {
        int ordinal = in.readUnsignedByte();
        if (ordinal >= constants) {
            throw new MalformedPayloadException(name + " ordinal = " + ordinal + " (expected: < " + constants + ")");
        }
        return ordinal;
    }

    static void writeString(ByteBuf out, String value) {
        writeUtf8(out, value, 0);
    }

    static String readString(ByteBuf in) {
        return readUtf8(in, readLength(in, "string"));
    }

    static void writeNullableString(ByteBuf out, String value) {
        if (value == null) {
            out.writeByte(0);
            return;
        }
        writeUtf8(out, value, 1);
    }

    /**
     * Writes {@code bytes + bias} as a varint, then the UTF-8 bytes. Short strings (the usual case) are encoded in one
     * pass: a one-byte prefix is reserved and patched once the byte count is known; only when that count does not fit
     * in one byte is the string measured first.
     */
    private static void writeUtf8(ByteBuf out, String value, int bias) {
        int chars = value.length();
        if (chars + bias < ONE_BYTE_VARINT) {
            int prefixAt = out.writerIndex();
            out.writeByte(0);
            int bytes = ByteBufUtil.reserveAndWriteUtf8(out, value, chars * MAX_UTF8_BYTES_PER_CHAR);
            if (bytes + bias < ONE_BYTE_VARINT) {
                out.setByte(prefixAt, bytes + bias);
                return;
            }
            out.writerIndex(prefixAt);
        }
        int bytes = ByteBufUtil.utf8Bytes(value);
        writeInt(out, bytes + bias);
        ByteBufUtil.reserveAndWriteUtf8(out, value, bytes);
    }

    static String readNullableString(ByteBuf in) {
        int tag = readInt(in);
        if (tag == 0) {
            return null;
        }
        return readUtf8(in, checkLength(in, tag - 1, "string"));
    }

    static void writeBytes(ByteBuf out, byte[] value) {
        writeInt(out, value.length);
        out.writeBytes(value);
    }

    static byte[] readBytes(ByteBuf in) {
        byte[] value = new byte[readLength(in, "byte[]")];
        in.readBytes(value);
        return value;
    }

    static void writeLongs(ByteBuf out, long[] value) {
        writeInt(out, value.length);
        for (long v : value) {
            writeLong(out, v);
        }
    }

    static long[] readLongs(ByteBuf in) {
        long[] value = new long[readLength(in, "long[]")];
        for (int i = 0; i < value.length; i++) {
            value[i] = readLong(in);
        }
        return value;
    }

    /**
     * Reads an element count or byte length; every element takes at least one byte, so a count above the readable
     * bytes is malformed.
     */
    static int readLength(ByteBuf in, String what) {
        return checkLength(in, readInt(in), what);
    }

    private static int checkLength(ByteBuf in, int length, String what) {
        if (length < 0 || length > in.readableBytes()) {
            throw new MalformedPayloadException(what + " length = " + (length & 0xFFFFFFFFL) + " (expected: <= the "
                    + in.readableBytes() + " bytes remaining)");
        }
        return length;
    }

    private static String readUtf8(ByteBuf in, int bytes) {
        if (bytes == 0) {
            return "";
        }
        String value = in.toString(in.readerIndex(), bytes, StandardCharsets.UTF_8);
        in.skipBytes(bytes);
        return value;
    }
}
