package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.DefaultByteBufHolder;

/**
 * One inbound frame after {@link HeaderDecoder}: the checked header fields and the payload bytes, not yet decoded.
 *
 * <p><b>Ownership.</b> A frame holds one reference to its payload and is itself reference counted: whoever receives
 * it from the pipeline releases it (or passes it on). Not thread-safe; it lives on one event loop.
 */
public final class Frame extends DefaultByteBufHolder {

    private final FrameKind kind;
    private final int serializerId;
    private final int typeId;
    private final long correlationId;

    /**
     * @param kind          what the frame is
     * @param serializerId  the serializer that wrote the payload, or 0 for control frames
     * @param typeId        the payload's registered type id (see {@link FrameDescriptor})
     * @param correlationId the correlation id, or 0
     * @param payload       the payload; ownership passes to the new frame
     */
    public Frame(FrameKind kind, int serializerId, int typeId, long correlationId, ByteBuf payload) {
        super(payload);
        this.kind = kind;
        this.serializerId = serializerId;
        this.typeId = typeId;
        this.correlationId = correlationId;
    }

    /** What the frame is. */
    public FrameKind kind() {
        return kind;
    }

    /** The serializer id from the header; 0 on control frames. */
    public int serializerId() {
        return serializerId;
    }

    /** The message type id from the header. */
    public int typeId() {
        return typeId;
    }

    /** The correlation id from the header. */
    public long correlationId() {
        return correlationId;
    }

    /** The payload; owned by this frame (do not release it separately). */
    public ByteBuf payload() {
        return content();
    }

    @Override
    public Frame replace(ByteBuf content) {
        return new Frame(kind, serializerId, typeId, correlationId, content);
    }

    @Override
    public Frame retain() {
        super.retain();
        return this;
    }

    @Override
    public Frame touch(Object hint) {
        super.touch(hint);
        return this;
    }

    @Override
    public String toString() {
        return "Frame[kind=" + kind + ", serializerId=" + serializerId + ", typeId=" + typeId + ", correlationId="
                + correlationId + ", payload=" + content().readableBytes() + " bytes]";
    }
}
