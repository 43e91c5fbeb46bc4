package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.ReferenceCountUtil;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/**
 * The last handler of every pipeline: logs an exception once per channel, tells the peer what was wrong when the
 * exception is a protocol violation (an {@link io.raftwire.transport.netty.codec.FrameKind#ERROR error frame}
 * carrying the code and message), then closes the channel. After a bad frame the byte stream cannot be trusted, so
 * there is no attempt to resynchronise. A frame that reaches this handler as a message is one no handler takes at
 * this point: a second HELLO or WELCOME after the handshake; it is released and treated as a protocol violation.
 *
 * <p>Stateless and {@link Sharable}.
 */
@Sharable
final class ChannelErrorHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelErrorHandler.class);

    private final FrameWriter writer;
    private final MetricsRecorder metrics;

    ChannelErrorHandler(FrameWriter writer, MetricsRecorder metrics) {
        this.writer = writer;
        this.metrics = metrics;
    }

    /**
     * Refuses a frame no handler consumed (only a repeated handshake frame gets here); drops anything else.
     *
     * @param msg released here
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Frame frame) {
            FrameKind kind = frame.kind();
            frame.release();
            exceptionCaught(ctx, new FrameException(ErrorCode.PROTOCOL_ERROR, "frame kind = " + kind
                    + " after the handshake (expected: one handshake per connection)"));
            return;
        }
        LOG.debug("{} dropped unexpected inbound message {}", ctx.channel(), msg);
        ReferenceCountUtil.release(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Channel channel = ctx.channel();
        if (channel.attr(ChannelAttributes.ERROR_LOGGED).setIfAbsent(Boolean.TRUE) != null) {
            ctx.close();
            return;
        }
        ErrorCode code = codeOf(cause);
        String peer = ChannelAttributes.peerName(channel);
        if (code == null) {
            if (cause instanceof IOException) {
                LOG.debug("{} connection with {} failed: {}", channel, peer, cause.toString());
            } else {
                metrics.unexpectedErrors.increment();
                LOG.error("{} unexpected failure on the connection with {}; closing it", channel, peer, cause);
            }
            ChannelAttributes.closeReason(channel, String.valueOf(cause.getMessage()));
            ctx.close();
            return;
        }
        String message = code == ErrorCode.FRAME_TOO_LARGE && !(cause instanceof FrameException)
                ? "frame too large: " + cause.getMessage() : cause.getMessage();
        if (code == ErrorCode.HANDSHAKE_REFUSED) {
            metrics.handshakeRefusals.increment();
            LOG.warn("{} refused the handshake of {}: {}", channel, peer, message);
        } else {
            metrics.protocolErrors.increment();
            LOG.warn("{} closing the connection with {}: {}", channel, peer, message);
        }
        ChannelAttributes.closeReason(channel, message);
        if (channel.isActive()) {
            metrics.errorsSent.increment();
            ctx.writeAndFlush(writer.error(0, 0, new ErrorPayload(code, message)))
                    .addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
    }

    /**
     * The error code to send for a protocol violation, or {@code null} if the cause is not one. A decoder exception
     * that merely wraps another exception is a bug in a decoder, not a bad frame.
     */
    static ErrorCode codeOf(Throwable cause) {
        if (cause instanceof FrameException fe) {
            return fe.code();
        }
        if (cause instanceof TooLongFrameException) {
            return ErrorCode.FRAME_TOO_LARGE;
        }
        if (cause instanceof DecoderException && cause.getCause() == null) {
            return ErrorCode.PROTOCOL_ERROR;
        }
        return null;
    }
}
