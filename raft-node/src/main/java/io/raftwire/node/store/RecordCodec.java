package io.raftwire.node.store;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;

import java.nio.file.Path;

/**
 * Turns values into framed records (layout in {@link StoreFormat}) through the node's serializer, and payloads back
 * into values. Thread-safe (the serializer is).
 */
final class RecordCodec {

    private final Serializer serializer;
    private final TypeRegistry registry;
    private final int maxRecordBytes;

    RecordCodec(Serializer serializer, int maxRecordBytes) {
        this.serializer = serializer;
        this.registry = serializer.registry();
        this.maxRecordBytes = maxRecordBytes;
    }

    int maxRecordBytes() {
        return maxRecordBytes;
    }

    /**
     * Appends one framed record holding {@code value} to {@code out}. On failure nothing is appended.
     *
     * @param out a buffer the caller owns and releases
     * @throws SerializationException   if the value (or the operation inside it) is not a registered type
     * @throws IllegalArgumentException if its payload exceeds {@code maxRecordBytes}
     */
    void append(Object value, ByteBuf out) {
        int start = out.writerIndex();
        int typeId = registry.idOf(value);
        out.writeZero(StoreFormat.FRAME_BYTES);
        int len;
        try {
            len = serializer.encode(value, out);
        } catch (RuntimeException e) {
            out.writerIndex(start);
            throw e;
        }
        frame(out, start, typeId, len);
    }

    /**
     * Appends one record of a member's shared log holding {@code value} for group {@code group}: the payload is the
     * group index (4 bytes, big-endian) followed by the value as {@link #append} encodes it (layout in
     * {@link StoreFormat}). On failure nothing is appended.
     */
    void appendTagged(int group, Object value, ByteBuf out) {
        int start = out.writerIndex();
        int typeId = registry.idOf(value);
        out.writeZero(StoreFormat.FRAME_BYTES);
        out.writeInt(group);
        int len;
        try {
            len = StoreFormat.GROUP_TAG_BYTES + serializer.encode(value, out);
        } catch (RuntimeException e) {
            out.writerIndex(start);
            throw e;
        }
        frame(out, start, typeId, len);
    }

    /**
     * Appends a truncation record of a member's shared log: group {@code group}'s entries from {@code fromIndex} on
     * are dropped (type id {@link StoreFormat#TRUNCATION_TYPE_ID}; payload: group index, 4 bytes, then the index, 8
     * bytes, big-endian).
     */
    void appendTruncation(int group, long fromIndex, ByteBuf out) {
        int start = out.writerIndex();
        out.writeZero(StoreFormat.FRAME_BYTES);
        out.writeInt(group);
        out.writeLong(fromIndex);
        frame(out, start, StoreFormat.TRUNCATION_TYPE_ID, StoreFormat.TRUNCATION_PAYLOAD_BYTES);
    }

    /** Fills in the frame of the record that starts at {@code start} and has a payload of {@code len} bytes. */
    private void frame(ByteBuf out, int start, int typeId, int len) {
        if (len > maxRecordBytes) {
            out.writerIndex(start);
            throw new IllegalArgumentException(registry.describe(typeId) + " encodes to " + len + " bytes (expected: <= "
                    + maxRecordBytes + ", StoreOptions.maxRecordBytes)");
        }
        out.setInt(start, len);
        out.setInt(start + 4, typeId);
        out.setInt(start + 8, StoreFormat.crc(out.nioBuffer(start, 8), 0, 8));
        out.setInt(start + 12, StoreFormat.crc(out.nioBuffer(start + StoreFormat.FRAME_BYTES, len), 0, len));
    }

    /** One record's bytes as a new heap array. */
    byte[] encode(Object value) {
        ByteBuf buf = Unpooled.buffer(256);
        try {
            append(value, buf);
            byte[] bytes = new byte[buf.readableBytes()];
            buf.readBytes(bytes);
            return bytes;
        } finally {
            buf.release();
        }
    }

    /**
     * Decodes a record's payload, checking its type.
     *
     * @param expected the model class this file holds at this position
     * @throws StoreCorruptedException if the type id is unknown or not {@code expected}, or the payload does not decode
     */
    <T> T decode(int typeId, byte[] payload, Class<T> expected, Path file, long offset)
            throws StoreCorruptedException {
        return decode(typeId, payload, 0, expected, file, offset);
    }

    /**
     * {@link #decode(int, byte[], Class, Path, long)} of the value that starts at {@code from} in the payload (after
     * the group index of a shared log's record).
     */
    <T> T decode(int typeId, byte[] payload, int from, Class<T> expected, Path file, long offset)
            throws StoreCorruptedException {
        TypeModel model = registry.find(typeId);
        TypeModel want = registry.find(expected);
        if (model == null) {
            throw new StoreCorruptedException(file, offset + 4, "unknown type id " + typeId + " (expected: "
                    + want.id() + ", " + want.name() + ")");
        }
        if (model != want) {
            throw new StoreCorruptedException(file, offset + 4, "type id " + typeId + " (" + model.name()
                    + ") (expected: " + want.id() + ", " + want.name() + ")");
        }
        ByteBuf buf = Unpooled.wrappedBuffer(payload, from, payload.length - from);
        try {
            return expected.cast(serializer.decode(typeId, buf));
        } catch (SerializationException e) {
            throw new StoreCorruptedException(file, offset, "record of " + payload.length + " bytes does not decode: "
                    + e.getMessage() + " (expected: a " + want.name() + " written by " + serializer.name() + ")", e);
        } finally {
            buf.release();
        }
    }
}
