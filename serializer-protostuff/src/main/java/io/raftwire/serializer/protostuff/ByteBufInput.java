package io.raftwire.serializer.protostuff;

import static io.protostuff.WireFormat.WIRETYPE_END_GROUP;
import static io.protostuff.WireFormat.WIRETYPE_FIXED32;
import static io.protostuff.WireFormat.WIRETYPE_FIXED64;
import static io.protostuff.WireFormat.WIRETYPE_LENGTH_DELIMITED;
import static io.protostuff.WireFormat.WIRETYPE_START_GROUP;
import static io.protostuff.WireFormat.WIRETYPE_VARINT;

import io.netty.buffer.ByteBuf;
import io.protostuff.ByteString;
import io.protostuff.Input;
import io.protostuff.Output;
import io.protostuff.Schema;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.Utf8;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A protostuff {@link Input} reading the protostuff wire format (protobuf tags and varints, nested messages as groups)
 * straight from a {@link ByteBuf}, heap or direct, without copying the payload first. Written because protostuff
 * 1.8.0's own inputs are not safe on hostile bytes: {@code ByteArrayInput.readByteArray} checks
 * {@code offset + size > limit}, which overflows for sizes near 2^31 and allocates the declared size
 * (docs/library-behaviour.md §2 P2); {@code ByteBufferInput} and {@code CodedInput} check sizes against
 * what remains, but none of them limits nesting (P7), refuses unknown fields (P6 skips them) or knows an element
 * limit, and a {@code ByteBufferInput} needs an NIO view of the buffer per payload.
 *
 * <p>Here every declared length is checked with {@link Bounds} against the bytes remaining and the element limit
 * before anything is allocated; every read checks the wire type of its tag; a group must end with the end tag of its
 * own field; truncation, unknown fields and nesting beyond {@code maxDepth} are refused with a
 * {@link MalformedPayloadException}. Field order and presence rules are the schema's business
 * ({@link ModelSchema}); a field is skipped ({@link #skipField}) only where a resolving decoder's plan says the reader
 * lacks it ({@link ResolvedSchema}).
 *
 * <p>One instance reads one payload, on one thread. It advances the buffer's reader index and never releases it.
 */
final class ByteBufInput implements Input {

    private static final String[] WIRE_TYPES = {"varint", "fixed64", "length-delimited", "start-group",
        "end-group", "fixed32", "6 (unused)", "7 (unused)"};

    private final ByteBuf buf;
    private final int maxDepth;
    private final int maxElements;
    /** The tag of the field about to be read; 0 once a message has ended. */
    private int lastTag;
    /** The field number of the group being read; 0 for the top-level message. */
    private int groupField;
    /** Nesting depth of the message being read; the top-level value is 1. */
    private int depth = 1;
    /** What is being read, for messages, e.g. {@code "OpenSessionRequest.name"}; set by the schema. */
    private String label = "payload";

    /**
     * @param buf         the payload, read from its reader index to its writer index; owned by the caller
     * @param maxDepth    deepest nesting accepted
     * @param maxElements most elements (bytes of a string or byte[]) accepted in one length
     */
    ByteBufInput(ByteBuf buf, int maxDepth, int maxElements) {
        this.buf = buf;
        this.maxDepth = maxDepth;
        this.maxElements = maxElements;
    }

    /** Names what the next reads are for, so that refusals say which component was wrong. */
    void label(String what) {
        this.label = what;
    }

    @Override
    public <T> int readFieldNumber(Schema<T> schema) throws IOException {
        if (!buf.isReadable()) {
            if (groupField != 0) {
                throw new MalformedPayloadException("payload ends inside the group of field " + groupField
                        + ", after " + label + " (expected: its end-group tag)");
            }
            lastTag = 0;
            return 0;
        }
        long tag = readRawVarint64();
        int field = (int) (tag >>> 3);
        // a 10-byte varint can be negative: it is no tag either
        if (tag < 0 || tag > Integer.MAX_VALUE || field == 0) {
            throw new MalformedPayloadException("invalid tag " + Long.toUnsignedString(tag) + " in " + label
                    + " (expected: a field number >= 1)");
        }
        if ((tag & 7) == WIRETYPE_END_GROUP) {
            if (field != groupField) {
                throw new MalformedPayloadException("end-group tag of field " + field + " after " + label + " (expected: "
                        + (groupField == 0 ? "none in the top-level message" : "the end of field " + groupField) + ")");
            }
            lastTag = 0;
            return 0;
        }
        lastTag = (int) tag;
        return field;
    }

    /**
     * Reads the tag of element {@code index} of a collection: elements are written back to back under the field
     * number of their collection, right after its count.
     */
    void readElementTag(int field, int index, int count) throws IOException {
        if (nextField() != field) {
            throw new MalformedPayloadException(label + " ends after " + index + " of its " + count + " elements"
                    + " (expected: " + count + " consecutive values of field " + field + ")");
        }
    }

    /** Reads the tag of a polymorphic value, which follows its type id under the same field number. */
    void readValueTag(int field) throws IOException {
        if (nextField() != field) {
            throw new MalformedPayloadException(label + " has a type id but no value (expected: field " + field
                    + " again, as a group)");
        }
    }

    /**
     * Reads the tag of the next token of a walked component ({@link ProtostuffWire}), written under the component's
     * field number like the elements of a collection.
     */
    void readTokenTag(int field) throws IOException {
        if (nextField() != field) {
            throw new MalformedPayloadException(label + " ends early (expected: another value of field " + field
                    + ")");
        }
    }

    /**
     * Skips the value whose tag {@link #readFieldNumber} just read, and every value after it under the same field
     * number: a component the reader does not have, whose tokens (a walked component's), count and elements (a
     * collection's) or type id and group (a polymorphic value's) are all written under its number. Skipped by wire
     * type alone, with the checks of reading: every length against the bytes remaining and the element limit, a
     * varint at most 10 bytes, a group closed by the end tag of its own field, nesting against {@code maxDepth}.
     * Leaves the next tag of another field unread.
     *
     * @param field the field number of the tag just read
     */
    void skipField(int field) throws IOException {
        skipValue();
        while (buf.isReadable()) {
            int mark = buf.readerIndex();
            long tag = readRawVarint64();
            if (tag >>> 3 != field || (tag & 7) == WIRETYPE_END_GROUP) {
                buf.readerIndex(mark);
                return;
            }
            lastTag = (int) tag;
            skipValue();
        }
    }

    /** Skips one value by the wire type of {@link #lastTag}. */
    private void skipValue() throws IOException {
        switch (lastTag & 7) {
            case WIRETYPE_VARINT -> readRawVarint64();
            case WIRETYPE_FIXED64 -> skip(8);
            case WIRETYPE_FIXED32 -> skip(4);
            case WIRETYPE_LENGTH_DELIMITED -> buf.skipBytes(readLength("length"));
            case WIRETYPE_START_GROUP -> skipGroup();
            default -> throw new MalformedPayloadException(label + " (field " + (lastTag >>> 3) + ") has wire type "
                    + WIRE_TYPES[lastTag & 7] + " (expected: varint, fixed64, length-delimited, start-group or"
                    + " fixed32)");
        }
    }

    /**
     * Skips a group's fields up to its own end tag, read as {@link #mergeObject} reads a group: the same tag checks
     * and refusals, nesting counted against {@code maxDepth}.
     */
    private void skipGroup() throws IOException {
        Bounds.checkDepth(depth + 1, maxDepth);
        int outerField = groupField;
        groupField = lastTag >>> 3;
        depth++;
        while (readFieldNumber(null) != 0) {
            skipValue();
        }
        depth--;
        groupField = outerField;
    }

    private void skip(int bytes) {
        need(bytes);
        buf.skipBytes(bytes);
    }

    /** Payload bytes not yet read. */
    int remaining() {
        return buf.readableBytes();
    }

    /** The configured element limit. */
    int maxElements() {
        return maxElements;
    }

    private int nextField() throws IOException {
        return buf.isReadable() ? readFieldNumber(null) : 0;
    }

    /** Unknown fields are refused: raftwire makes no schema-evolution promise, the fingerprint guards versions. */
    @Override
    public <T> void handleUnknownField(int fieldNumber, Schema<T> schema) throws IOException {
        throw new MalformedPayloadException(schema.messageName() + " has no field " + fieldNumber
                + " after " + label + " (expected: known field numbers in increasing order; unknown fields are"
                + " refused)");
    }

    @Override
    public int readInt32() throws IOException {
        expect(WIRETYPE_VARINT);
        long v = readRawVarint64();
        if ((int) v != v) {
            throw new MalformedPayloadException(label + " = " + v + " (expected: a 32-bit int)");
        }
        return (int) v;
    }

    @Override
    public int readUInt32() throws IOException {
        expect(WIRETYPE_VARINT);
        long v = readRawVarint64();
        if (v >>> 32 != 0) {
            throw new MalformedPayloadException(label + " = " + Long.toUnsignedString(v)
                    + " (expected: an unsigned 32-bit int)");
        }
        return (int) v;
    }

    @Override
    public int readSInt32() throws IOException {
        int n = readUInt32();
        return (n >>> 1) ^ -(n & 1);
    }

    @Override
    public int readFixed32() throws IOException {
        expect(WIRETYPE_FIXED32);
        need(4);
        return buf.readIntLE();
    }

    @Override
    public int readSFixed32() throws IOException {
        return readFixed32();
    }

    @Override
    public long readInt64() throws IOException {
        expect(WIRETYPE_VARINT);
        return readRawVarint64();
    }

    @Override
    public long readUInt64() throws IOException {
        return readInt64();
    }

    @Override
    public long readSInt64() throws IOException {
        long n = readInt64();
        return (n >>> 1) ^ -(n & 1);
    }

    @Override
    public long readFixed64() throws IOException {
        expect(WIRETYPE_FIXED64);
        need(8);
        return buf.readLongLE();
    }

    @Override
    public long readSFixed64() throws IOException {
        return readFixed64();
    }

    @Override
    public float readFloat() throws IOException {
        return Float.intBitsToFloat(readFixed32());
    }

    @Override
    public double readDouble() throws IOException {
        return Double.longBitsToDouble(readFixed64());
    }

    /** Reads a bool, refusing anything but 0 and 1 so that a payload has one reading only. */
    @Override
    public boolean readBool() throws IOException {
        expect(WIRETYPE_VARINT);
        long v = readRawVarint64();
        if (v != 0 && v != 1) {
            throw new MalformedPayloadException(label + " = " + v + " (expected: 0 or 1)");
        }
        return v == 1;
    }

    @Override
    public int readEnum() throws IOException {
        return readInt32();
    }

    /**
     * Reads a UTF-8 string. Decoded by the JDK ({@link ByteBuf#toString(int, int, java.nio.charset.Charset)}), not by
     * protostuff's {@code STRING.deser}, whose result depends on a JVM-wide system property. Malformed UTF-8, which the
     * JDK would decode to U+FFFD, is refused ({@link Utf8}).
     */
    @Override
    public String readString() throws IOException {
        int length = readLength("string length");
        String s = buf.toString(buf.readerIndex(), length, StandardCharsets.UTF_8);
        if (s.indexOf('\uFFFD') >= 0) {
            Utf8.requireWellFormed(s, buf.nioBuffer(buf.readerIndex(), length), label);
        }
        buf.skipBytes(length);
        return s;
    }

    @Override
    public ByteString readBytes() throws IOException {
        return ByteString.copyFrom(readByteArray());
    }

    @Override
    public void readBytes(ByteBuffer bb) throws IOException {
        int length = readLength("bytes length");
        if (length > bb.remaining()) {
            throw new MalformedPayloadException(label + " bytes length = " + length + " (expected: <= "
                    + bb.remaining() + ", the room in the destination)");
        }
        ByteBuffer dst = bb.duplicate();
        dst.limit(dst.position() + length);
        buf.readBytes(dst);
        bb.position(bb.position() + length);
    }

    @Override
    public byte[] readByteArray() throws IOException {
        byte[] bytes = new byte[readLength("byte[] length")];
        buf.readBytes(bytes);
        return bytes;
    }

    @Override
    public ByteBuffer readByteBuffer() throws IOException {
        return ByteBuffer.wrap(readByteArray());
    }

    /**
     * Reads a packed repeated int64 (protobuf's packed encoding: one length, then varints). The element count is
     * the number of varint-final bytes in the range, checked against the element limit before the array exists.
     */
    long[] readPackedInt64() throws IOException {
        int length = readLength("long[] byte length");
        int start = buf.readerIndex();
        int count = 0;
        for (int i = start, end = start + length; i < end; i++) {
            if (buf.getByte(i) >= 0) {
                count++;
            }
        }
        if (length > 0 && buf.getByte(start + length - 1) < 0) {
            throw new MalformedPayloadException(label + " long[] ends inside a varint (expected: " + length
                    + " bytes of whole varints)");
        }
        long[] values = new long[checkCount(count, 1, length, "long[] length")];
        for (int i = 0; i < count; i++) {
            values[i] = readRawVarint64();
        }
        return values;
    }

    /** Reads a collection's element count, allowing at least {@code minBytesPerElement} per element. */
    int readCount(int minBytesPerElement) throws IOException {
        expect(WIRETYPE_VARINT);
        return checkCount(readRawVarint64(), minBytesPerElement, buf.readableBytes(), "element count");
    }

    /**
     * Reads a nested message written as a group: the fields of {@code schema}, then the end-group tag of the same
     * field. Nesting is counted here, so a hostile payload cannot recurse past {@code maxDepth}.
     */
    @Override
    public <T> T mergeObject(T value, Schema<T> schema) throws IOException {
        expect(WIRETYPE_START_GROUP);
        Bounds.checkDepth(depth + 1, maxDepth);
        int outerField = groupField;
        String outerLabel = label;
        groupField = lastTag >>> 3;
        depth++;
        T message = value == null ? schema.newMessage() : value;
        schema.mergeFrom(this, message);
        depth--;
        groupField = outerField;
        label = outerLabel;
        return message;
    }

    /** Copies a length-delimited value to {@code output}; bounded like every other length. */
    @Override
    public void transferByteRangeTo(Output output, boolean utf8String, int fieldNumber, boolean repeated)
            throws IOException {
        byte[] bytes = readByteArray();
        output.writeByteRange(utf8String, fieldNumber, bytes, 0, bytes.length, repeated);
    }

    private int readLength(String what) throws IOException {
        expect(WIRETYPE_LENGTH_DELIMITED);
        return checkCount(readRawVarint64(), 1, buf.readableBytes(), what);
    }

    /**
     * {@link Bounds#checkCount}, with the component's name in the message. The name is only built when Bounds
     * refuses: an accepted length costs no allocation.
     */
    private int checkCount(long declared, int minBytesPerItem, int remaining, String what) {
        if (declared >= 0 && declared <= maxElements && declared * minBytesPerItem <= remaining) {
            return (int) declared;
        }
        return Bounds.checkCount(declared, minBytesPerItem, remaining, maxElements, label + ' ' + what);
    }

    private void expect(int wireType) {
        int actual = lastTag & 7;
        if (actual != wireType) {
            throw new MalformedPayloadException(label + " (field " + (lastTag >>> 3) + ") has wire type "
                    + WIRE_TYPES[actual] + " (expected: " + WIRE_TYPES[wireType] + ")");
        }
    }

    private void need(int bytes) {
        if (buf.readableBytes() < bytes) {
            throw truncated();
        }
    }

    private long readRawVarint64() {
        long result = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (!buf.isReadable()) {
                throw truncated();
            }
            byte b = buf.readByte();
            result |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return result;
            }
        }
        throw new MalformedPayloadException("varint longer than 10 bytes in " + label + " (expected: at most 10)");
    }

    private MalformedPayloadException truncated() {
        return new MalformedPayloadException("payload ends inside " + label + " (expected: more bytes)");
    }
}
