package io.raftwire.serializer.fory;

import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.Utf8;

import java.nio.charset.StandardCharsets;

import org.apache.fory.memory.MemoryBuffer;

/**
 * The reading half of the formats {@link PayloadWrites} writes. Every length is checked with {@link Bounds} against
 * the bytes left in the {@link MemoryBuffer} (which always covers exactly the payload) and against
 * {@code maxElements} before anything is allocated, and a refusal names the component. (Fory 1.6.0's own readers check
 * the bytes left too, but know neither the configured limit nor the field.) Labels are built once per component, so
 * reads allocate nothing but the values themselves. Stateless.
 */
final class PayloadReads {

    /** Returned by {@link #length} for the null marker. */
    static final int NULL = -1;

    private PayloadReads() {
    }

    /** A varuint32, with Fory's refusal of a fifth byte above 4 bits reported as malformed input naming the place. */
    static int varuint32(MemoryBuffer in, String label) {
        try {
            return in.readVarUInt32();
        } catch (IllegalArgumentException e) {
            throw new MalformedPayloadException(label + ": " + e.getMessage() + " (expected: a varuint32 of at most"
                    + " 32 bits)");
        }
    }

    /**
     * Reads a varuint32 {@code n + 1} (0 = null) and checks {@code n}.
     *
     * @return {@code n}, or {@link #NULL}
     */
    static int length(MemoryBuffer in, int minBytesPerItem, int maxElements, String label) {
        int raw = varuint32(in, label);
        if (raw == 0) {
            return NULL;
        }
        return Bounds.checkCount(Integer.toUnsignedLong(raw) - 1, minBytesPerItem, in.remaining(), maxElements,
                label);
    }

    /** Reads a byte that must be 0 or 1. */
    static boolean flag(MemoryBuffer in, String label) {
        byte b = in.readByte();
        if (b == 0 || b == 1) {
            return b == 1;
        }
        throw new MalformedPayloadException(label + " = " + b + " (expected: 0 or 1)");
    }

    /**
     * Reads a string written by {@link PayloadWrites#string}; malformed UTF-8 is refused ({@link Utf8}). A heap payload
     * is decoded in place; a direct one is first copied into the thread's {@link Scratch}.
     */
    static String string(MemoryBuffer in, int maxElements, String label, Scratch scratch) {
        int n = length(in, 1, maxElements, label);
        if (n <= 0) {
            return n == 0 ? "" : null;
        }
        byte[] heap = in.getHeapMemory();
        if (heap != null) {
            int p = in._unsafeHeapReaderIndex();
            String s = new String(heap, p, n, StandardCharsets.UTF_8);
            Utf8.requireWellFormed(s, heap, p, n, label);
            in.readerIndex(in.readerIndex() + n);
            return s;
        }
        byte[] b = scratch.atLeast(n);
        in.readBytes(b, 0, n);
        String s = new String(b, 0, n, StandardCharsets.UTF_8);
        Utf8.requireWellFormed(s, b, 0, n, label);
        return s;
    }

    /** Reads a byte array written by {@link PayloadWrites#bytes}. */
    static byte[] bytes(MemoryBuffer in, int maxElements, String label) {
        int n = length(in, 1, maxElements, label);
        return n == NULL ? null : in.readBytes(n);
    }

    /** Reads a long array written by {@link PayloadWrites#longs}. */
    static long[] longs(MemoryBuffer in, int maxElements, String label) {
        int n = length(in, 1, maxElements, label);
        if (n == NULL) {
            return null;
        }
        requireVarLongs(in, n, label);
        long[] a = new long[n];
        for (int k = 0; k < n; k++) {
            a[k] = in.readVarUInt64();
        }
        return a;
    }

    /**
     * Checks that {@code count} complete varuint64s follow before a {@code long[count]} (8 bytes per element) is
     * allocated: the one-byte-per-element bound alone would let a payload allocate eight times its size. A Fory
     * varuint64 ends at the first byte without the continuation bit, or at its ninth byte.
     */
    private static void requireVarLongs(MemoryBuffer in, int count, String label) {
        int limit = in.size();
        int p = in.readerIndex();
        for (int k = 0; k < count; k++) {
            int first = p;
            while (true) {
                if (p >= limit) {
                    throw new MalformedPayloadException(label + " = " + count + " (expected: at most the " + k
                            + " varints present)");
                }
                if (in.getByte(p++) >= 0 || p - first == 9) {
                    break;
                }
            }
        }
    }
}
