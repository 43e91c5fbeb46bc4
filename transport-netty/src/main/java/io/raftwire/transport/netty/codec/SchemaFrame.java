package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCodec;

/**
 * The frame that carries a node's full schema during a handshake whose schema digests differ (docs/upgrades.md §2.3):
 * a {@link FrameKind#ONE_WAY} frame with serializer id {@value SchemaMarker#ID} (the {@link SchemaMarker}'s, which no
 * provider takes), type id {@value #TYPE_ID} (never a registered type), correlation id 0, and the {@link SchemaCodec}
 * bytes of the sender's schema as its payload, at most {@value #MAX_SCHEMA_BYTES} bytes. It is sent only to a peer
 * whose handshake carried a marker: a release before schemas never receives one. The accepting side sends its schema
 * instead of a {@link FrameKind#WELCOME}; the connecting side answers with its own (after an error frame if its
 * {@code SchemaGate} refuses), and each side lists every difference ({@link SchemaDifferences}) and asks its gate
 * whether the connection proceeds. After a handshake, a schema frame is a protocol error. Stateless.
 */
public final class SchemaFrame {

    /** The type id of the header. */
    public static final int TYPE_ID = 0;
    /** The largest schema sent or read, in bytes. */
    public static final int MAX_SCHEMA_BYTES = 1024 * 1024;
    /** The largest schema frame, length field included. */
    public static final int MAX_FRAME_BYTES = FrameDescriptor.HEADER_LENGTH + MAX_SCHEMA_BYTES;

    private SchemaFrame() {
    }

    /** Whether a header names a schema frame: a one-way frame with the marker's serializer id. */
    public static boolean is(FrameKind kind, int serializerId) {
        return kind == FrameKind.ONE_WAY && serializerId == SchemaMarker.ID;
    }

    /** Whether {@code frame} is a schema frame. */
    public static boolean is(Frame frame) {
        return is(frame.kind(), frame.serializerId());
    }

    /**
     * Reads the schema a schema frame carries.
     *
     * @param payload the frame's payload; the caller keeps ownership, its reader index moves to the end
     * @throws FrameException with {@link ErrorCode#PROTOCOL_ERROR} naming what is wrong: more than
     *                        {@value #MAX_SCHEMA_BYTES} bytes, or bytes that are not the canonical encoding of a valid
     *                        schema (with the byte offset, what was found and what was expected)
     */
    public static Schema read(ByteBuf payload) {
        int size = payload.readableBytes();
        if (size > MAX_SCHEMA_BYTES) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "schema frame of " + size + " payload bytes (expected:"
                    + " at most " + MAX_SCHEMA_BYTES + ")");
        }
        byte[] bytes = new byte[size];
        payload.readBytes(bytes);
        try {
            return SchemaCodec.read(bytes);
        } catch (IllegalArgumentException e) {
            throw new FrameException(ErrorCode.PROTOCOL_ERROR, "schema frame: " + e.getMessage());
        }
    }
}
