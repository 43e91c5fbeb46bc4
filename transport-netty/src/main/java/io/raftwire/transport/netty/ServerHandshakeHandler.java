package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The accepting side of the handshake. The first frame must be a {@link FrameKind#HELLO}; if it matches this node
 * (see {@link HandshakeCheck#checkHello}), this handler answers {@link FrameKind#WELCOME}, records the peer's member
 * id and max-frame-bytes on the channel, adapts the ping interval to the peer's idle timeout
 * ({@link Pipelines#agreeOnIdle}) and removes itself. Otherwise it raises {@link FrameException} with
 * {@link ErrorCode#HANDSHAKE_REFUSED} and every difference, which {@link ChannelErrorHandler} sends to the peer before
 * closing. A connection that does not complete the handshake within {@code handshake-timeout-ms} is closed.
 *
 * <p>One instance per channel (it holds the timeout).
 */
final class ServerHandshakeHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ServerHandshakeHandler.class);

    private final TransportContext context;
    private ScheduledFuture<?> timeout;

    ServerHandshakeHandler(TransportContext context) {
        this.context = context;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        int ms = context.settings().handshakeTimeoutMs();
        timeout = ctx.executor().schedule(() -> {
            String reason = "no handshake from " + ctx.channel().remoteAddress() + " within " + ms
                    + " ms (expected: HELLO within handshake-timeout-ms)";
            LOG.warn("{} {}", ctx.channel(), reason);
            ChannelAttributes.closeReason(ctx.channel(), reason);
            ctx.close();
        }, ms, TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        if (timeout != null) {
            timeout.cancel(false);
        }
    }

    /**
     * Handles the first frame.
     *
     * @param msg a {@link Frame}, released here; anything else is passed on
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof Frame frame)) {
            ctx.fireChannelRead(msg);
            return;
        }
        Handshake hello;
        try {
            if (frame.kind() != FrameKind.HELLO) {
                throw new FrameException(ErrorCode.PROTOCOL_ERROR, "frame kind = " + frame.kind()
                        + " before the handshake (expected: HELLO)");
            }
            hello = Handshake.readFrom(frame.payload());
        } finally {
            frame.release();
        }
        Handshake local = context.handshake("", hello.lane());
        List<String> problems = HandshakeCheck.checkHello(local, hello);
        if (!problems.isEmpty()) {
            ctx.channel().attr(ChannelAttributes.PEER_ID).set(hello.nodeId());
            throw new FrameException(ErrorCode.HANDSHAKE_REFUSED, String.join("; ", problems));
        }
        ctx.channel().attr(ChannelAttributes.PEER_ID).set(hello.nodeId());
        ctx.channel().attr(ChannelAttributes.PEER_MAX_FRAME_BYTES).set(hello.maxFrameBytes());
        Pipelines.agreeOnIdle(ctx.pipeline(), context.settings().idleTimeoutMs(), hello.idleTimeoutMs());
        ctx.pipeline().remove(this);
        ctx.writeAndFlush(context.writer().handshake(FrameKind.WELCOME, local));
        context.metrics().established.increment();
        LOG.debug("{} accepted {} lane from {} (sends with serializer id {})", ctx.channel(), hello.lane(),
                hello.nodeId(), hello.sendSerializerId());
    }
}
