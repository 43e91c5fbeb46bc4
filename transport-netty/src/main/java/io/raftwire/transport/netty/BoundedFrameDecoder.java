package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.SchemaFrame;

/**
 * The frame decoder of {@link FrameDescriptor#newFrameDecoder} with the limits of {@link InboundLimits}:
 * <ul>
 *   <li>until {@link #trust} is called (by the handshake handler, once the handshake succeeded), a frame may be at
 *       most {@link FrameDescriptor#MAX_HANDSHAKE_FRAME_BYTES}: a longer one is refused on its length field, before
 *       any of it is buffered, with {@link ErrorCode#FRAME_TOO_LARGE}; a handshake handler that exchanges schemas
 *       raises it to a {@link SchemaFrame} ({@link #allowSchemaFrame});</li>
 *   <li>after each read, the bytes this connection holds in incomplete frames are counted against
 *       {@code max-inbound-buffer-bytes}; a read that takes the total over it fails the connection with
 *       {@link ErrorCode#OVERLOADED}, and its bytes are given back when the connection closes.</li>
 * </ul>
 * So a connection buffers at most one socket read beyond these limits. On an accepted connection, while its
 * {@link RequestBudget} is paused, frames are not split off at all: the bytes of the read wait in the cumulation,
 * undecoded (and counted as above), until the budget resumes. One per channel; runs on its event loop.
 */
final class BoundedFrameDecoder extends LengthFieldBasedFrameDecoder {

    private final int maxFrameBytes;
    private final InboundLimits limits;
    private final RequestBudget budget;
    private ChannelHandlerContext ctx;
    private boolean trusted;
    /** The limit before the handshake completes: a handshake or error frame, or a schema frame once allowed. */
    private int untrustedLimit = FrameDescriptor.MAX_HANDSHAKE_FRAME_BYTES;
    private long counted;

    /**
     * @param maxFrameBytes {@code raftwire.transport.max-frame-bytes}: the limit after the handshake
     * @param limits        the transport's shared limits
     * @param budget        the connection's request budget (accepted connections), or {@code null}: while it is
     *                      paused, no frame is split off; the bytes wait, undecoded, until {@link #resume}
     */
    BoundedFrameDecoder(int maxFrameBytes, InboundLimits limits, RequestBudget budget) {
        super(maxFrameBytes, 0, FrameDescriptor.LENGTH_FIELD_LENGTH, 0, FrameDescriptor.LENGTH_FIELD_LENGTH, true);
        this.maxFrameBytes = maxFrameBytes;
        this.limits = limits;
        this.budget = budget;
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) throws Exception {
        this.ctx = ctx;
        super.handlerAdded(ctx);
    }

    /**
     * Decodes the frames that waited while the budget was paused, as if they had just been read. On the event loop;
     * does nothing once the handler is removed.
     */
    void resume() throws Exception {
        if (ctx != null && !ctx.isRemoved()) {
            channelRead(ctx, Unpooled.EMPTY_BUFFER);
            channelReadComplete(ctx);
        }
    }

    /** Lifts the handshake limit of the decoder in {@code pipeline}, if it has one. On the event loop. */
    static void trust(ChannelPipeline pipeline) {
        BoundedFrameDecoder d = pipeline.get(BoundedFrameDecoder.class);
        if (d != null) {
            d.trusted = true;
        }
    }

    /**
     * Raises the limit before the handshake to a {@link SchemaFrame} (at most {@value SchemaFrame#MAX_FRAME_BYTES}
     * bytes, and never above this node's max-frame-bytes): called by a handshake handler that has sent its schema and
     * awaits the peer's. On the event loop.
     */
    static void allowSchemaFrame(ChannelPipeline pipeline) {
        BoundedFrameDecoder d = pipeline.get(BoundedFrameDecoder.class);
        if (d != null) {
            d.untrustedLimit = SchemaFrame.MAX_FRAME_BYTES;
        }
    }

    /**
     * Refuses an oversized frame on its length field, in raftwire's words (Netty's own refusal, "Adjusted frame length
     * exceeds ...", named neither the field as sent nor the setting), then lets the superclass split the frame.
     */
    @Override
    protected Object decode(ChannelHandlerContext ctx, ByteBuf in) throws Exception {
        if (budget != null && budget.paused()) {
            return null; // the rest of this read waits, undecoded: decoding a flood only for it to wait cost the others
        }
        if (in.readableBytes() >= FrameDescriptor.LENGTH_FIELD_LENGTH) {
            long field = in.getUnsignedInt(in.readerIndex());
            long frameBytes = field + FrameDescriptor.LENGTH_FIELD_LENGTH;
            if (!trusted && frameBytes > untrustedLimit) {
                throw new FrameException(ErrorCode.FRAME_TOO_LARGE, "frame of " + frameBytes + " bytes before the"
                        + " handshake completed (expected: <= " + untrustedLimit + ", the largest "
                        + (untrustedLimit == FrameDescriptor.MAX_HANDSHAKE_FRAME_BYTES ? "handshake or error frame"
                        : "schema frame") + ")");
            }
            if (frameBytes > maxFrameBytes) {
                throw new FrameException(ErrorCode.FRAME_TOO_LARGE, "frame of " + frameBytes + " bytes (length field "
                        + field + ", unsigned; expected: <= " + maxFrameBytes + ", raftwire.transport.max-frame-bytes"
                        + " of this node)");
            }
        }
        return super.decode(ctx, in);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
        try {
            super.channelRead(ctx, msg);
        } finally {
            count(ctx);
        }
    }

    private void count(ChannelHandlerContext ctx) {
        long held = ctx.isRemoved() ? 0 : internalBuffer().capacity();
        long delta = held - counted;
        counted = held;
        if (!limits.reserve(delta)) {
            ctx.fireExceptionCaught(new FrameException(ErrorCode.OVERLOADED, "inbound buffers of all connections"
                    + " hold " + limits.buffered() + " bytes (expected: <= max-inbound-buffer-bytes "
                    + limits.maxBuffered() + "); closing this connection, which holds " + held));
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        limits.reserve(-counted);
        counted = 0;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        try {
            super.channelInactive(ctx);
        } finally {
            limits.reserve(-counted);
            counted = 0;
        }
    }
}
