package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.io.Output;

/**
 * A growable Kryo {@link Output} over its own {@code byte[]}, with the provider's length-prefixed formats. Strings are
 * encoded as UTF-8 directly into the buffer, so writing one allocates nothing. Not thread-safe: one per thread.
 */
final class PayloadOutput extends Output {

    /** @param bufferBytes initial capacity; the buffer doubles as needed, without upper limit */
    PayloadOutput(int bufferBytes) {
        super(bufferBytes, -1);
    }

    /** Writes {@code s} as varint (UTF-8 byte length + 1, 0 = null) and its UTF-8 bytes. */
    void writeUtf8(String s) {
        if (s == null) {
            writeByte(0);
            return;
        }
        long bytes = utf8Length(s);
        if (bytes >= Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("string of " + bytes + " UTF-8 bytes (expected: < 2 GiB)");
        }
        writeVarInt((int) bytes + 1, true);
        require((int) bytes);
        position = writeUtf8(s, buffer, position);
    }

    /** Writes {@code b} as varint (length + 1, 0 = null) and the bytes. */
    void writeByteArray(byte[] b) {
        if (b == null) {
            writeByte(0);
            return;
        }
        writeVarInt(b.length + 1, true);
        writeBytes(b);
    }

    /** Writes {@code a} as varint (count + 1, 0 = null) and one {@code writeVarLong(v, true)} per element. */
    void writeLongArray(long[] a) {
        if (a == null) {
            writeByte(0);
            return;
        }
        writeVarInt(a.length + 1, true);
        writeLongs(a, 0, a.length, true);
    }

    /** Bytes of {@code s} in UTF-8, an unpaired surrogate counting as one byte ({@code '?'}). */
    static long utf8Length(String s) {
        int n = s.length();
        long bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes++;
                } else if (!Character.isSurrogate(c)) {
                    bytes += 2;
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    bytes += 2; // two chars, four bytes
                    i++;
                }
            }
        }
        return bytes;
    }

    private static int writeUtf8(String s, byte[] b, int p) {
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
                b[p++] = '?';
            }
        }
        return p;
    }
}
