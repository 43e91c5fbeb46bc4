package io.raftwire.serializer.fory;

import java.nio.charset.StandardCharsets;

import org.apache.fory.memory.MemoryBuffer;

/**
 * Builds payloads by hand in the layout of {@link ForySerializerProvider}, with Fory's own {@link MemoryBuffer}
 * primitives, so tests can declare any length, count or type id, including impossible ones.
 */
final class Crafted {

    private final MemoryBuffer out = MemoryBuffer.newHeapBuffer(64);

    /** A varuint32 as Fory writes it; {@code -1} is the 5 bytes ff ff ff ff 0f. */
    Crafted varint(int v) {
        out.writeVarUInt32(v);
        return this;
    }

    /** A varuint64: LONG components and long[] elements. */
    Crafted varlong(long v) {
        out.writeVarUInt64(v);
        return this;
    }

    /** A length or count field declaring {@code n} elements (written as {@code n + 1}, wrapping at 32 bits). */
    Crafted count(long n) {
        return varint((int) (n + 1));
    }

    /** The null marker of a length, count, enum or type id. */
    Crafted nul() {
        return varint(0);
    }

    /** A presence or boolean byte. */
    Crafted flag(boolean b) {
        out.writeByte(b ? 1 : 0);
        return this;
    }

    /** Raw bytes. */
    Crafted raw(byte... bytes) {
        out.writeBytes(bytes, 0, bytes.length);
        return this;
    }

    /** A well-formed string. */
    Crafted string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        return count(utf8.length).raw(utf8);
    }

    /** A present MemberId: presence byte, then its one string. */
    Crafted memberId(String id) {
        return flag(true).string(id);
    }

    /** The bytes so far. */
    byte[] bytes() {
        return out.getBytes(0, out.writerIndex());
    }

    /** Concatenates byte arrays. */
    static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) {
            n += p.length;
        }
        byte[] all = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, all, at, p.length);
            at += p.length;
        }
        return all;
    }
}
