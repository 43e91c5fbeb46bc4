package io.raftwire.transport.netty.capture;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.raftwire.transport.netty.capture.CaptureRecord.Direction;

import java.util.Objects;
import java.util.function.Function;

/**
 * Copies every frame a channel receives and sends to a {@link CaptureWriter}, and passes the frame on unchanged.
 *
 * <p><b>Where it goes.</b> Right after the frame decoder ({@code LengthFieldBasedFrameDecoder}), before the header
 * decoder: inbound it then sees one frame per message, with the length field stripped (the writer puts it back), and
 * outbound it sees every frame written by the handlers after it or by {@code Channel.write}, as complete frames from
 * {@code FrameWriter}. Outbound messages that are not {@link ByteBuf}s pass through unrecorded.
 *
 * <p><b>Buffers.</b> Ownership never changes: the handler copies the readable bytes (without moving the indexes) into
 * the writer's own array and forwards the very same buffer; it creates no buffer and releases none.
 *
 * <p><b>Threading.</b> Runs on the channel's event loop; each frame costs one copy and a non-blocking queue offer
 * (see {@link CaptureWriter}). Holds no per-channel state, so one instance may serve every channel of a transport.
 */
@Sharable
public final class FrameCaptureHandler extends ChannelDuplexHandler {

    private final CaptureWriter writer;
    private final Function<Channel, String> peerId;

    /**
     * @param writer where the frames go; the caller closes it after the channels
     * @param peerId the member id at the other end of a channel, or {@code null} while it is not known; called on the
     *               event loop for every frame
     */
    public FrameCaptureHandler(CaptureWriter writer, Function<Channel, String> peerId) {
        this.writer = Objects.requireNonNull(writer, "writer");
        this.peerId = Objects.requireNonNull(peerId, "peerId");
    }

    /** Records an inbound frame (length field stripped) and passes it on. */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ByteBuf frame) {
            writer.offerStrippedFrame(Direction.INBOUND, peerId.apply(ctx.channel()), frame);
        }
        ctx.fireChannelRead(msg);
    }

    /** Records an outbound frame (complete, length field included) and passes it on. */
    @Override
    public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
        if (msg instanceof ByteBuf frame) {
            writer.offerFrame(Direction.OUTBOUND, peerId.apply(ctx.channel()), frame);
        }
        ctx.write(msg, promise);
    }
}
