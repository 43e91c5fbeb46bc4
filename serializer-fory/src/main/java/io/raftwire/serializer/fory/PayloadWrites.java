package io.raftwire.serializer.fory;

import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Utf16;
import org.apache.fory.memory.MemoryBuffer;

/**
 * The length-prefixed formats of {@link ForySerializerProvider} written with Fory's {@link MemoryBuffer} primitives.
 * The buffer is always the thread's own heap buffer, so strings are encoded as UTF-8 straight into its array and
 * writing one allocates nothing. Stateless.
 */
final class PayloadWrites {

    private PayloadWrites() {
    }

    /**
     * Writes {@code s} as varuint32 (UTF-8 byte length + 1, 0 = null) and its UTF-8 bytes; more UTF-8 bytes than
     * {@code maxElements} are refused, naming {@code label}, as decoding refuses them.
     */
    static void string(MemoryBuffer out, String s, int maxElements, String label) {
        if (s == null) {
            out.writeByte(0);
            return;
        }
        long length = Utf16.utf8Length(s);
        if (length >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("string of " + length + " UTF-8 bytes (expected: < 2 GiB)");
        }
        Bounds.checkEncodeCount(length, maxElements, label);
        int n = (int) length;
        out.writeVarUInt32(n + 1);
        int start = out.writerIndex();
        out.ensure(start + n);
        byte[] heap = out.getHeapMemory();
        if (heap == null) {
            throw new IllegalStateException("encode buffer is off-heap (expected: the thread's heap buffer)");
        }
        writeUtf8(s, heap, out._unsafeHeapWriterIndex());
        out.writerIndex(start + n);
    }

    /** Writes {@code b} as varuint32 (length + 1, 0 = null) and the bytes; longer than maxElements is refused. */
    static void bytes(MemoryBuffer out, byte[] b, int maxElements, String label) {
        if (b == null) {
            out.writeByte(0);
            return;
        }
        Bounds.checkEncodeCount(b.length, maxElements, label);
        out.writeVarUInt32(b.length + 1);
        out.writeBytes(b, 0, b.length);
    }

    /** Writes {@code a} as varuint32 (count + 1, 0 = null) and one varuint64 per element; refused as bytes are. */
    static void longs(MemoryBuffer out, long[] a, int maxElements, String label) {
        if (a == null) {
            out.writeByte(0);
            return;
        }
        Bounds.checkEncodeCount(a.length, maxElements, label);
        out.writeVarUInt32(a.length + 1);
        for (long v : a) {
            out.writeVarUInt64(v);
        }
    }

    private static void writeUtf8(String s, byte[] b, int p) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
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
    }
}
