package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.HeaderDecoder;
import io.raftwire.transport.netty.codec.SchemaFrame;

/**
 * On a connection whose schemas differ and that both sides' schema gates accepted: lets through only message frames
 * of the one serializer the handshake checked (the connecting side's sending serializer, by id, name and provider
 * format version; see {@code HandshakeCheck.withAcceptedSchemas}). Both sides write every message of such a connection
 * with it (requests and one-way messages of the connecting side, answers and pushes of the accepting side), so a
 * message frame of any other serializer id is a serializer the checks never compared: it is refused with
 * {@link ErrorCode#SERIALIZER_NOT_ACCEPTED} before it reaches the payload decoder, and the connection closes. A
 * connection of equal registries has no such filter. One instance per channel; runs on its event loop.
 */
final class GatedSerializerFilter extends ChannelInboundHandlerAdapter {

    /** The pipeline name of this handler, just before the payload decoder. */
    static final String NAME = "gatedSerializer";

    private final int serializerId;

    private GatedSerializerFilter(int serializerId) {
        this.serializerId = serializerId;
    }

    /** Adds the filter for {@code serializerId} before the payload decoder; on the channel's event loop. */
    static void install(ChannelPipeline pipeline, int serializerId) {
        pipeline.addBefore(Pipelines.PAYLOAD_DECODER, NAME, new GatedSerializerFilter(serializerId));
    }

    /**
     * Passes {@code msg} on, unless it is a message frame of another serializer: then releases it, drops the frames
     * after it and fails the channel with the refusal.
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Frame f && f.kind().carriesMessage() && !SchemaFrame.is(f)
                && f.serializerId() != serializerId) {
            int refused = f.serializerId();
            f.release();
            HeaderDecoder.refuseLaterFrames(ctx.channel());
            ctx.fireExceptionCaught(new FrameException(ErrorCode.SERIALIZER_NOT_ACCEPTED, "serializer id = " + refused
                    + " on a connection whose schemas differ (expected: " + serializerId + ", the serializer both"
                    + " sides checked at the handshake after their schema gates accepted)"));
            return;
        }
        ctx.fireChannelRead(msg);
    }
}
