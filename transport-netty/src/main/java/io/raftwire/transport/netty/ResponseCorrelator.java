package io.raftwire.transport.netty;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The outbound connection's application handler: hands responses and error frames to the {@link Connection}, which
 * completes or fails the request with the same correlation id, and one-way messages the peer pushed over this
 * connection ({@code Transport.push}) to the {@link OneWayDispatcher}. An error frame with correlation id 0 is about the
 * connection itself: it is logged and the connection closed (which fails every pending request).
 *
 * <p>One instance per channel (it holds the connection).
 */
final class ResponseCorrelator extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(ResponseCorrelator.class);

    private final Connection connection;
    private final OneWayDispatcher oneWays;

    ResponseCorrelator(Connection connection, OneWayDispatcher oneWays) {
        this.connection = connection;
        this.oneWays = oneWays;
    }

    /**
     * Routes a response or an error.
     *
     * @param msg an {@link Envelope} of a response or a pushed one-way message (holds no buffer) or a {@link Frame} of
     *            kind ERROR (released here); anything else
     *            is passed on with its ownership
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Envelope pushed && pushed.kind() == FrameKind.ONE_WAY) {
            oneWays.dispatch(ctx.channel(), pushed);
        } else if (msg instanceof Envelope response) {
            connection.onResponse(response);
        } else if (msg instanceof Frame frame && frame.kind() == FrameKind.ERROR) {
            ErrorPayload error;
            try {
                error = ErrorPayload.readFrom(frame.payload());
            } finally {
                frame.release();
            }
            if (frame.correlationId() != 0) {
                connection.onError(frame.correlationId(), error);
            } else {
                String text = connection.link().id() + " closed the connection (" + error.code().describe() + "): "
                        + error.message();
                if (error.code() == ErrorCode.SHUTTING_DOWN) {
                    LOG.info("{} {}", ctx.channel(), text);
                } else {
                    LOG.warn("{} {}", ctx.channel(), text);
                }
                ChannelAttributes.closeReason(ctx.channel(), text);
                ctx.close();
            }
        } else {
            ctx.fireChannelRead(msg);
        }
    }
}
