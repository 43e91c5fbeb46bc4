package io.raftwire.serializer.kryo;

import com.esotericsoftware.kryo.io.Output;

import java.nio.charset.StandardCharsets;

/**
 * Builds payloads by hand in the layout of {@link KryoSerializerProvider}, with Kryo's own {@link Output} primitives,
 * so tests can declare any length, count or type id, including impossible ones.
 */
final class Crafted {

    private final Output out = new Output(64, -1);

    /** A varint as Kryo writes it ({@code writeVarInt(v, true)}); {@code -1} is the 5 bytes ff ff ff ff 0f. */
    Crafted varint(int v) {
        out.writeVarInt(v, true);
        return this;
    }

    /** A varlong ({@code writeVarLong(v, true)}): LONG components and long[] elements. */
    Crafted varlong(long v) {
        out.writeVarLong(v, true);
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
        out.writeBytes(bytes);
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
        return out.toBytes();
    }
}
