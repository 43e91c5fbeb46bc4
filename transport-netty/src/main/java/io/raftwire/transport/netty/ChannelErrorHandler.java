package io.raftwire.transport.netty;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.util.ReferenceCountUtil;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.HeaderDecoder;
import io.raftwire.transport.netty.codec.SchemaFrame;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.net.ssl.SSLException;
import java.io.IOException;

/**
 * The last handler of every pipeline: logs an exception once per channel, tells the peer what was wrong when the
 * exception is a protocol violation (an {@link io.raftwire.transport.netty.codec.FrameKind#ERROR error frame}
 * carrying the code and message), then closes the channel. After a bad frame the byte stream cannot be trusted, so
 * there is no attempt to resynchronise. A frame that reaches this handler as a message is one no handler takes at
 * this point: a second HELLO or WELCOME, or a schema frame, after the handshake; it is released and treated as a
 * protocol violation.
 *
 * <p>What the peer is told depends on trust: a peer that has completed the handshake gets the full message; one that
 * has not gets only {@link FrameException#peerMessage()} (which check failed, never this node's expected values),
 * while the full message goes to this node's log. Every logged message is escaped ({@link PeerText}) and the
 * warnings are rate-limited per kind ({@link RateLimitedLog}). A failed TLS handshake is logged (rate-limited) and
 * closed without an error frame: there is no channel to send one on.
 *
 * <p>{@link Sharable}: one per transport (it holds the transport's rate limiter).
 */
@Sharable
final class ChannelErrorHandler extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ChannelErrorHandler.class);

    private final FrameWriter writer;
    private final MetricsRecorder metrics;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);

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
            boolean schema = SchemaFrame.is(frame);
            frame.release();
            exceptionCaught(ctx, new FrameException(ErrorCode.PROTOCOL_ERROR, schema
                    ? "schema frame after the handshake (expected: one only during a handshake whose schema digests"
                    + " differ)" : "frame kind = " + kind + " after the handshake (expected: one handshake per"
                    + " connection)"));
            return;
        }
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} dropped unexpected inbound message {}", ctx.channel(), PeerText.escape(String.valueOf(msg)));
        }
        ReferenceCountUtil.release(msg);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        Channel channel = ctx.channel();
        // the channel closes, after the error frame is flushed: nothing it reads meanwhile, also later frames of the
        // read that carried the refused one, reaches a handler
        HeaderDecoder.refuseLaterFrames(channel);
        if (channel.attr(ChannelAttributes.ERROR_LOGGED).setIfAbsent(Boolean.TRUE) != null) {
            ctx.close();
            return;
        }
        String peer = PeerText.escape(ChannelAttributes.peerName(channel));
        SSLException tls = tlsFailure(cause);
        if (tls != null) {
            // counted by TlsOutcomeHandler, which also sees the handshakes aborted without an exception
            String reason = "TLS handshake failed: " + PeerText.escape(tls.getMessage());
            warnings.warn("tls", "{} {} with {}", channel, reason, peer);
            ChannelAttributes.closeReason(channel, reason);
            ctx.close();
            return;
        }
        ErrorCode code = codeOf(cause);
        if (code == null) {
            if (cause instanceof IOException) {
                LOG.debug("{} connection with {} failed: {}", channel, peer, PeerText.escape(cause.toString()));
            } else {
                metrics.unexpectedErrors.increment();
                LOG.error("{} unexpected failure on the connection with {}; closing it", channel, peer, cause);
            }
            ChannelAttributes.closeReason(channel, PeerText.escape(String.valueOf(cause.getMessage())));
            ctx.close();
            return;
        }
        String message = code == ErrorCode.FRAME_TOO_LARGE && !(cause instanceof FrameException)
                ? "frame too large: " + cause.getMessage() : cause.getMessage();
        String logged = PeerText.escape(message);
        if (code == ErrorCode.HANDSHAKE_REFUSED) {
            metrics.handshakeRefusals.increment();
            warnings.warn("refused", "{} refused the handshake of {}: {}", channel, peer, logged);
        } else {
            if (code == ErrorCode.OVERLOADED) {
                metrics.overloadCloses.increment();
            }
            metrics.protocolErrors.increment();
            warnings.warn("protocol", "{} closing the connection with {}: {}", channel, peer, logged);
        }
        ChannelAttributes.closeReason(channel, logged);
        if (channel.isActive()) {
            metrics.errorsSent.increment();
            String told = ChannelAttributes.authenticated(channel) || !(cause instanceof FrameException fe)
                    ? message : fe.peerMessage();
            ctx.writeAndFlush(writer.error(0, 0, new ErrorPayload(code, told)))
                    .addListener(ChannelFutureListener.CLOSE);
        } else {
            ctx.close();
        }
    }

    /** The TLS failure behind {@code cause} (SslHandler wraps it in a DecoderException), or {@code null}. */
    private static SSLException tlsFailure(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof SSLException e) {
                return e;
            }
        }
        return null;
    }

    /**
     * The error code to send for a protocol violation, or {@code null} if the cause is not one. A decoder exception
     * that merely wraps another exception is a bug in a decoder, not a bad frame.
     */
    static ErrorCode codeOf(Throwable cause) {
        if (cause instanceof FrameException fe) {
            return fe.code();
        }
        if (cause instanceof TooLongFrameException) { // FrameDescriptor's plain decoder (the benchmarks' raw echo)
            return ErrorCode.FRAME_TOO_LARGE;
        }
        if (cause instanceof DecoderException && cause.getCause() == null) {
            return ErrorCode.PROTOCOL_ERROR;
        }
        return null;
    }
}
