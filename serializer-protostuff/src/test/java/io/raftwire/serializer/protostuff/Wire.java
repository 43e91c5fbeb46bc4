package io.raftwire.serializer.protostuff;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Builds protostuff-format bytes by hand, independently of the code under test: tags, varints, strings and groups.
 * For crafted payloads (hostile lengths, smuggled class names) and for pinning the encoding of single rules.
 */
final class Wire {

    static final int VARINT = 0;
    static final int LENGTH_DELIMITED = 2;
    static final int START_GROUP = 3;
    static final int END_GROUP = 4;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    /** A field tag: {@code field << 3 | wireType}. */
    Wire tag(int field, int wireType) {
        return varint((long) field << 3 | wireType);
    }

    /** A raw base-128 varint; negative values take 10 bytes, as protobuf writes an int64. */
    Wire varint(long value) {
        long v = value;
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
        return this;
    }

    /** Raw bytes. */
    Wire raw(int... bytes) {
        for (int b : bytes) {
            out.write(b);
        }
        return this;
    }

    /** Raw bytes. */
    Wire append(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    /** A varint field. */
    Wire int64(int field, long value) {
        return tag(field, VARINT).varint(value);
    }

    /** A length-delimited UTF-8 string field. */
    Wire string(int field, String value) {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        tag(field, LENGTH_DELIMITED).varint(utf8.length);
        out.writeBytes(utf8);
        return this;
    }

    /** The start tag of a group (a nested message). */
    Wire start(int field) {
        return tag(field, START_GROUP);
    }

    /** The end tag of a group. */
    Wire end(int field) {
        return tag(field, END_GROUP);
    }

    /** A nested MemberId {1: id} as a group in {@code field}. */
    Wire member(int field, String id) {
        return start(field).string(1, id).end(field);
    }

    /** Number of bytes so far. */
    int size() {
        return out.size();
    }

    byte[] bytes() {
        return out.toByteArray();
    }
}
