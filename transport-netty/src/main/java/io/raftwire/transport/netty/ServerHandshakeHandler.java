package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import io.raftwire.transport.netty.codec.HandshakeCheck.Problem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The accepting side of the handshake. The first frame must be a {@link FrameKind#HELLO}; if it matches this node
 * (see {@link HandshakeCheck#checkHello}) and claims a member id this node accepts from this peer (see
 * {@link MemberPolicy#checkClaim}: a current peer, not this node, and with TLS the member the client certificate
 * names), this handler answers {@link FrameKind#WELCOME}, records the peer's member id and max-frame-bytes on the
 * channel, marks it authenticated (lifting the pre-handshake frame limit and releasing its slot among the
 * unauthenticated connections), adapts the ping interval to the peer's idle timeout ({@link Pipelines#agreeOnIdle})
 * and removes itself. Otherwise it raises {@link FrameException} with {@link ErrorCode#HANDSHAKE_REFUSED}:
 * {@link ChannelErrorHandler} logs every difference and tells the peer only which checks failed, then closes. A
 * connection that does not complete the handshake within {@code handshake-timeout-ms} is closed (the warning is
 * rate-limited).
 *
 * <p>One instance per channel (it holds the timeout).
 */
final class ServerHandshakeHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ServerHandshakeHandler.class);

    private final TransportContext context;
    private final RateLimitedLog warnings;
    private ScheduledFuture<?> timeout;

    /**
     * @param context  the transport
     * @param warnings the transport's rate limiter for this class's warnings
     */
    ServerHandshakeHandler(TransportContext context, RateLimitedLog warnings) {
        this.context = context;
        this.warnings = warnings;
    }

    /** A rate limiter for the warnings of this class; one per transport. */
    static RateLimitedLog newWarnings() {
        return new RateLimitedLog(LOG);
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        int ms = context.settings().handshakeTimeoutMs();
        timeout = ctx.executor().schedule(() -> {
            String reason = "no handshake from " + ctx.channel().remoteAddress() + " within " + ms
                    + " ms (expected: HELLO within handshake-timeout-ms)";
            warnings.warn("timeout", "{} {}", ctx.channel(), reason);
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
        List<Problem> problems = new ArrayList<>(HandshakeCheck.checkHello(local, hello));
        problems.addAll(context.members().checkClaim(hello.nodeId(), ctx.channel()));
        if (!problems.isEmpty()) {
            throw new FrameException(ErrorCode.HANDSHAKE_REFUSED, "claimed member id " + hello.nodeId() + ": "
                    + HandshakeCheck.details(problems), HandshakeCheck.peerMessage(problems));
        }
        ctx.channel().attr(ChannelAttributes.PEER_ID).set(hello.nodeId());
        ctx.channel().attr(ChannelAttributes.CALLER).set(context.members().callerOf(hello.nodeId(), ctx.channel()));
        ctx.channel().attr(ChannelAttributes.AUTHENTICATED).set(Boolean.TRUE);
        context.limits().authenticated(ctx.channel());
        BoundedFrameDecoder.trust(ctx.pipeline());
        ctx.channel().attr(ChannelAttributes.PEER_MAX_FRAME_BYTES).set(hello.maxFrameBytes());
        ctx.channel().attr(ChannelAttributes.INBOUND_LANE).set(hello.lane());
        ctx.channel().attr(ChannelAttributes.PEER_SEND_SERIALIZER).set(hello.sendSerializerId());
        Pipelines.agreeOnIdle(ctx.pipeline(), context.settings().idleTimeoutMs(), hello.idleTimeoutMs());
        ctx.pipeline().remove(this);
        ctx.writeAndFlush(context.writer().handshake(FrameKind.WELCOME, local));
        context.metrics().established.increment();
        LOG.debug("{} accepted {} lane from {} (sends with serializer id {})", ctx.channel(), hello.lane(),
                hello.nodeId(), hello.sendSerializerId());
    }
}
