package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.io.Input;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.Utf8;

import java.nio.charset.StandardCharsets;

/**
 * The reading half of the formats {@link PayloadOutput} writes. Every length is checked with {@link Bounds} against
 * the bytes left in the {@link Input} (which always wraps the whole payload, never a stream) before anything is
 * allocated. Labels name the component for messages and are built once per component, so reads allocate nothing
 * but the values themselves.
 */
final class PayloadReads {

    /** Returned by {@link #length} for the null marker. */
    static final int NULL = -1;

    private PayloadReads() {
    }

    /** Bytes between the read position and the end of the payload. */
    static int remaining(Input in) {
        return in.limit() - in.position();
    }

    /**
     * Reads a varint {@code n + 1} (0 = null) and checks {@code n}.
     *
     * @return {@code n}, or {@link #NULL}
     */
    static int length(Input in, int minBytesPerItem, int maxElements, String label) {
        int raw = in.readVarInt(true);
        if (raw == 0) {
            return NULL;
        }
        return Bounds.checkCount(Integer.toUnsignedLong(raw) - 1, minBytesPerItem, remaining(in), maxElements, label);
    }

    /** Reads a byte that must be 0 or 1. */
    static boolean flag(Input in, String label) {
        byte b = in.readByte();
        if (b == 0 || b == 1) {
            return b == 1;
        }
        throw new MalformedPayloadException(label + " = " + b + " (expected: 0 or 1)");
    }

    /** Reads a string written by {@link PayloadOutput#writeUtf8}; malformed UTF-8 is refused ({@link Utf8}). */
    static String string(Input in, int maxElements, String label) {
        int n = length(in, 1, maxElements, label);
        if (n <= 0) {
            return n == 0 ? "" : null;
        }
        int p = in.position();
        String s = new String(in.getBuffer(), p, n, StandardCharsets.UTF_8);
        Utf8.requireWellFormed(s, in.getBuffer(), p, n, label);
        in.setPosition(p + n);
        return s;
    }

    /** Reads a byte array written by {@link PayloadOutput#writeByteArray}. */
    static byte[] bytes(Input in, int maxElements, String label) {
        int n = length(in, 1, maxElements, label);
        return n == NULL ? null : in.readBytes(n);
    }

    /** Reads a long array written by {@link PayloadOutput#writeLongArray}. */
    static long[] longs(Input in, int maxElements, String label) {
        int n = length(in, 1, maxElements, label);
        if (n == NULL) {
            return null;
        }
        requireVarLongs(in, n, label);
        return in.readLongs(n, true);
    }

    /**
     * Checks that {@code count} complete varlongs follow before a {@code long[count]} (8 bytes per element) is
     * allocated: the one-byte-per-element bound alone would let a payload allocate eight times its size. A Kryo varlong
     * ends at the first byte without the continuation bit, or at its ninth byte.
     */
    static void requireVarLongs(Input in, int count, String label) {
        byte[] b = in.getBuffer();
        int limit = in.limit();
        int p = in.position();
        for (int k = 0; k < count; k++) {
            int first = p;
            while (true) {
                if (p >= limit) {
                    throw missingVarLongs(count, k, label);
                }
                if (b[p++] >= 0 || p - first == 9) {
                    break;
                }
            }
        }
    }

    /** The refusal of a long array of {@code count} elements whose element {@code k} runs past the payload's end. */
    static MalformedPayloadException missingVarLongs(int count, int k, String label) {
        return new MalformedPayloadException(label + " = " + count + " (expected: at most the " + k
                + " varlongs present)");
    }
}
