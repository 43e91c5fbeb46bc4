package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.io.Input;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Utf8;

import java.nio.charset.StandardCharsets;

/**
 * The Kryo {@link Input} of a thread's reads: always wraps a whole payload (never a stream), with the reads of the
 * generated path. Those read the array directly, checking the payload's end as they go, in a few dozen bytecodes
 * (Kryo's {@code readVarLong} is about 300 bytecodes and {@code readVarInt} 180, which the JIT did not inline into the
 * generated methods: every varint was a call). Each returns exactly what Kryo's own read returns; a value that runs
 * past the end of the payload is handed over to Kryo's read from its start, so a truncated payload fails exactly as on
 * the walk (the contract suite compares both paths' refusals). The walk keeps using Kryo's reads and
 * {@link PayloadReads}. Not thread-safe: one per thread.
 */
final class PayloadInput extends Input {

    /**
     * Values entered by a direct call of the generated path (not through {@code Kryo.readObject}), counted into the
     * depth together with Kryo's own count; see {@code ModelSerializer}. Zero between payloads.
     */
    int directDepth;

    /**
     * While a {@link KryoResolvingDecoder} decodes a payload: the resolved type of each changed type id (null for an
     * unchanged one), through which every value of that type is read, nested ones included; null otherwise.
     */
    java.util.function.IntFunction<ResolvedType> resolving;

    /** Long arrays of up to this many elements are read without scanning their varlongs first. */
    static final int UNSCANNED_LONGS = 64;

    PayloadInput(byte[] buffer) {
        super(buffer);
    }

    /** Exactly {@code readVarInt(true)}: at most five bytes, the fifth carrying the top four bits. */
    int directVarInt() {
        int p = position;
        int end = limit;
        byte[] b = buffer;
        if (p >= end) {
            return readVarInt(true); // fails as the walk does
        }
        int v = b[p++];
        int result = v & 0x7F;
        for (int shift = 7; v < 0 && shift <= 28; shift += 7) {
            if (p == end) {
                return readVarInt(true); // truncated: Kryo reads it again from the start and fails as on the walk
            }
            v = b[p++];
            result |= (v & 0x7F) << shift;
        }
        position = p;
        return result;
    }

    /** Exactly {@code readVarLong(true)}: after eight 7-bit groups, the ninth byte carries 8 bits. */
    long directVarLong() {
        int p = position;
        int end = limit;
        byte[] b = buffer;
        if (p >= end) {
            return readVarLong(true); // fails as the walk does
        }
        int v = b[p++];
        long result = v & 0x7F;
        for (int shift = 7; v < 0; shift += 7) {
            if (p == end) {
                return readVarLong(true); // truncated: Kryo reads it again from the start and fails as on the walk
            }
            v = b[p++];
            if (shift == 56) {
                result |= (long) v << 56;
                break;
            }
            result |= (long) (v & 0x7F) << shift;
        }
        position = p;
        return result;
    }

    /** Exactly {@link PayloadReads#flag}: a byte that must be 0 or 1. */
    boolean directFlag(String label) {
        int p = position;
        if (p < limit) {
            byte v = buffer[p];
            if ((v & ~1) == 0) {
                position = p + 1;
                return v == 1;
            }
        }
        return PayloadReads.flag(this, label);
    }

    /**
     * Exactly {@link PayloadReads#length}: a varint {@code n + 1} (0 = null), {@code n} checked against the bytes left
     * and {@code maxElements}.
     */
    int directLength(int minBytesPerItem, int maxElements, String label) {
        int raw = directVarInt();
        if (raw == 0) {
            return PayloadReads.NULL;
        }
        return Bounds.checkCount(Integer.toUnsignedLong(raw) - 1, minBytesPerItem, limit - position, maxElements,
                label);
    }

    /** Exactly {@link PayloadReads#string}. */
    String directString(int maxElements, String label) {
        int n = directLength(1, maxElements, label);
        if (n <= 0) {
            return n == 0 ? "" : null;
        }
        int p = position;
        String s = new String(buffer, p, n, StandardCharsets.UTF_8);
        Utf8.requireWellFormed(s, buffer, p, n, label);
        position = p + n;
        return s;
    }

    /** Exactly {@link PayloadReads#bytes}. */
    byte[] directBytes(int maxElements, String label) {
        int n = directLength(1, maxElements, label);
        if (n == PayloadReads.NULL) {
            return null;
        }
        byte[] bytes = new byte[n];
        System.arraycopy(buffer, position, bytes, 0, n);
        position += n;
        return bytes;
    }

    /**
     * Exactly {@link PayloadReads#longs}, including its refusal of an array whose varlongs are not all present. An
     * array of at most {@link #UNSCANNED_LONGS} elements is read in one pass, refused at the first varlong that runs
     * past the end (the array allocated before that is at most 8 x {@value #UNSCANNED_LONGS} bytes); a longer one is
     * scanned for its varlongs first, as the walk does, so that a payload cannot allocate 8 bytes per byte it holds.
     */
    long[] directLongs(int maxElements, String label) {
        int n = directLength(1, maxElements, label);
        if (n == PayloadReads.NULL) {
            return null;
        }
        if (n > UNSCANNED_LONGS) {
            PayloadReads.requireVarLongs(this, n, label);
        }
        long[] values = new long[n];
        int p = position;
        int end = limit;
        byte[] b = buffer;
        for (int k = 0; k < n; k++) {
            long result = 0;
            for (int shift = 0; ; shift += 7) {
                if (p == end) {
                    throw PayloadReads.missingVarLongs(n, k, label);
                }
                int v = b[p++];
                if (shift == 56) {
                    result |= (long) v << 56;
                    break;
                }
                result |= (long) (v & 0x7F) << shift;
                if (v >= 0) {
                    break;
                }
            }
            values[k] = result;
        }
        position = p;
        return values;
    }
}
