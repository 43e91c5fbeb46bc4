package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.raftwire.serializer.Serializer;

import java.util.Objects;

/**
 * Writes complete frames, length prefix included, laid out as in {@link FrameDescriptor}. Every frame is written into
 * one buffer from the allocator: the header, then the payload straight from the serializer, then the length is
 * filled in. Nothing is copied.
 *
 * <p><b>Ownership.</b> Every method returns a new buffer owned by the caller (usually handed to
 * {@code Channel.write}, which releases it); on failure nothing is left allocated.
 *
 * <p>Thread-safe: any thread may write frames (the serializer keeps its reusable state per thread).
 */
public final class FrameWriter {

    private static final int INITIAL_CAPACITY = 256;

    private final ByteBufAllocator allocator;
    private final int maxFrameBytes;

    /**
     * @param allocator     where frame buffers come from
     * @param maxFrameBytes the largest frame, length field included, that may be written
     *                      ({@code raftwire.transport.max-frame-bytes})
     */
    public FrameWriter(ByteBufAllocator allocator, int maxFrameBytes) {
        this.allocator = Objects.requireNonNull(allocator, "allocator");
        if (maxFrameBytes < FrameDescriptor.MIN_MAX_FRAME_BYTES) {
            throw new IllegalArgumentException("maxFrameBytes = " + maxFrameBytes + " (expected: >= "
                    + FrameDescriptor.MIN_MAX_FRAME_BYTES + ")");
        }
        this.maxFrameBytes = maxFrameBytes;
    }

    /** The largest frame this writer produces, length field included. */
    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    /**
     * Writes a request, response or one-way frame whose payload {@code serializer} encodes from {@code value}.
     *
     * @param kind          {@link FrameKind#REQUEST}, {@link FrameKind#RESPONSE} or {@link FrameKind#ONE_WAY}
     * @param serializer    writes the payload; its id goes in the header
     * @param typeId        the registered type id of {@code value}
     * @param correlationId the correlation id (0 for one-way)
     * @param value         the message
     * @return the frame; owned by the caller
     * @throws io.raftwire.serializer.SerializationException if the value cannot be encoded
     * @throws FrameException with {@link ErrorCode#FRAME_TOO_LARGE} if the frame would exceed the limit
     */
    public ByteBuf message(FrameKind kind, Serializer serializer, int typeId, long correlationId, Object value) {
        ByteBuf out = allocator.ioBuffer(INITIAL_CAPACITY);
        try {
            writeHeader(out, kind, serializer.id(), typeId, correlationId);
            serializer.encode(value, out);
            finish(out, typeId);
            return out;
        } catch (RuntimeException | Error e) {
            out.release();
            throw e;
        }
    }

    /**
     * Writes a message frame around payload bytes that are already encoded: the same frame as
     * {@link #message} minus serialization (for pass-through tests and raw benchmarks).
     *
     * @param payload the payload bytes, copied from its reader index; the caller keeps ownership
     * @return the frame; owned by the caller
     * @throws FrameException with {@link ErrorCode#FRAME_TOO_LARGE} if the frame would exceed the limit
     */
    public ByteBuf raw(FrameKind kind, int serializerId, int typeId, long correlationId, ByteBuf payload) {
        ByteBuf out = allocator.ioBuffer(FrameDescriptor.HEADER_LENGTH + payload.readableBytes());
        try {
            writeHeader(out, kind, serializerId, typeId, correlationId);
            out.writeBytes(payload, payload.readerIndex(), payload.readableBytes());
            finish(out, typeId);
            return out;
        } catch (RuntimeException | Error e) {
            out.release();
            throw e;
        }
    }

    /**
     * Writes an error frame.
     *
     * @param correlationId the failed request's correlation id, or 0 for a connection-level error
     * @param typeId        the failed request's type id, or 0
     * @return the frame; owned by the caller
     */
    public ByteBuf error(long correlationId, int typeId, ErrorPayload error) {
        ByteBuf out = allocator.ioBuffer(INITIAL_CAPACITY);
        writeHeader(out, FrameKind.ERROR, FrameDescriptor.NO_SERIALIZER, typeId, correlationId);
        error.writeTo(out);
        return finish(out, typeId);
    }

    /**
     * Writes a handshake frame.
     *
     * @param kind {@link FrameKind#HELLO} or {@link FrameKind#WELCOME}
     * @return the frame; owned by the caller
     */
    public ByteBuf handshake(FrameKind kind, Handshake handshake) {
        ByteBuf out = allocator.ioBuffer(INITIAL_CAPACITY);
        writeHeader(out, kind, FrameDescriptor.NO_SERIALIZER, 0, 0);
        handshake.writeTo(out);
        return finish(out, 0);
    }

    /**
     * Writes a {@link SchemaFrame} carrying {@code schema}'s bytes.
     *
     * @return the frame; owned by the caller
     * @throws FrameException with {@link ErrorCode#FRAME_TOO_LARGE} if the schema is larger than
     *                        {@value SchemaFrame#MAX_SCHEMA_BYTES} bytes or the frame exceeds this writer's limit
     */
    public ByteBuf schema(LocalSchema schema) {
        if (schema.size() > SchemaFrame.MAX_SCHEMA_BYTES) {
            throw new FrameException(ErrorCode.FRAME_TOO_LARGE, "schema of " + schema.size() + " bytes (expected: at"
                    + " most " + SchemaFrame.MAX_SCHEMA_BYTES + ")");
        }
        ByteBuf out = allocator.ioBuffer(FrameDescriptor.HEADER_LENGTH + schema.size());
        try {
            writeHeader(out, FrameKind.ONE_WAY, SchemaMarker.ID, SchemaFrame.TYPE_ID, 0);
            out.writeBytes(schema.sharedBytes());
            return finish(out, SchemaFrame.TYPE_ID);
        } catch (RuntimeException | Error e) {
            out.release();
            throw e;
        }
    }

    /** Writes an empty {@link FrameKind#PING} frame; owned by the caller. */
    public ByteBuf ping() {
        ByteBuf out = allocator.ioBuffer(FrameDescriptor.HEADER_LENGTH);
        writeHeader(out, FrameKind.PING, FrameDescriptor.NO_SERIALIZER, 0, 0);
        return finish(out, 0);
    }

    /**
     * Writes a header with a zero length at the writer index of {@code out}; {@link #finish} fills the length in.
     *
     * @param out the destination; the caller keeps ownership
     */
    static void writeHeader(ByteBuf out, FrameKind kind, int serializerId, int typeId, long correlationId) {
        out.writeInt(0);
        out.writeShort(FrameDescriptor.MAGIC);
        out.writeByte(FrameDescriptor.VERSION);
        out.writeByte(serializerId);
        out.writeByte(kind.code());
        out.writeShort(typeId);
        out.writeLong(correlationId);
    }

    private ByteBuf finish(ByteBuf out, int typeId) {
        int frameBytes = out.readableBytes();
        if (frameBytes > maxFrameBytes) {
            throw new FrameException(ErrorCode.FRAME_TOO_LARGE, "type " + typeId + " encodes to a " + frameBytes
                    + "-byte frame (expected: <= max-frame-bytes " + maxFrameBytes + ")");
        }
        out.setInt(out.readerIndex(), frameBytes - FrameDescriptor.LENGTH_FIELD_LENGTH);
        return out;
    }
}
