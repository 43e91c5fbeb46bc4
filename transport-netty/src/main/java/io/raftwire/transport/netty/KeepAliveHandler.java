package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Half-open connection detection, driven by the {@code IdleStateHandler} in front of it: after a third of the shorter
 * idle timeout of the two sides with nothing written it sends a {@link FrameKind#PING} (see
 * {@link Pipelines#agreeOnIdle}), after this node's {@code idle} with nothing read it closes the connection.
 * Both sides ping, so a live but quiet connection never looks idle, and a path that silently stopped delivering
 * (no FIN, no RST) is closed within the idle timeout instead of TCP's retransmission timeout (~15 minutes). Inbound
 * pings are consumed here.
 *
 * <p>{@link Sharable}: one per transport (its only state is the rate limiter of its warnings).
 */
@Sharable
final class KeepAliveHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(KeepAliveHandler.class);

    private final FrameWriter writer;
    private final MetricsRecorder metrics;
    private final int idleTimeoutMs;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);

    KeepAliveHandler(FrameWriter writer, MetricsRecorder metrics, int idleTimeoutMs) {
        this.writer = writer;
        this.metrics = metrics;
        this.idleTimeoutMs = idleTimeoutMs;
    }

    /**
     * Consumes pings; passes everything else on. A ping carries nothing: one with a payload is refused as a protocol
     * error, the connection closed.
     *
     * @param msg released here if it is a ping frame, otherwise passed on with its ownership
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Frame f && f.kind() == FrameKind.PING) {
            int bytes = f.payload().readableBytes();
            f.release();
            if (bytes != 0) {
                throw new FrameException(ErrorCode.PROTOCOL_ERROR, "ping frame with " + bytes + " payload bytes"
                        + " (expected: none)");
            }
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (!(evt instanceof IdleStateEvent idle)) {
            ctx.fireUserEventTriggered(evt);
        } else if (idle.state() == IdleState.WRITER_IDLE) {
            ctx.writeAndFlush(writer.ping());
        } else if (idle.state() == IdleState.READER_IDLE) {
            String reason = "nothing received from " + ChannelAttributes.peerName(ctx.channel()) + " for "
                    + idleTimeoutMs + " ms (expected: a frame or ping within idle-timeout-ms); closing it as half-open";
            warnings.warn("idle", "{} {}", ctx.channel(), reason);
            metrics.idleCloses.increment();
            ChannelAttributes.closeReason(ctx.channel(), reason);
            ctx.close();
        }
    }
}
