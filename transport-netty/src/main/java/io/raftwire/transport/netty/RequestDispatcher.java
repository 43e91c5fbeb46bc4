package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.Caller;
import io.raftwire.transport.netty.HandlerRegistry.Registration;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;

/**
 * The accepted connection's application handler: runs the registered handler of each request or one-way message
 * (on the I/O thread or the handler's executor) and writes the response with the serializer the request came with.
 * Every request is answered: with its response, or with an error frame when it could not be decoded, no handler is
 * registered, the handler failed, or the response could not be encoded. Never blocks. Requests reach it through
 * the connection's {@link RequestBudget}, which it tells when each answer has been written.
 *
 * <p>Stateless and {@link Sharable}.
 */
@Sharable
final class RequestDispatcher extends ChannelInboundHandlerAdapter {

    private static final Logger LOG = LoggerFactory.getLogger(RequestDispatcher.class);

    private final TransportContext context;
    private final OneWayDispatcher oneWays;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);

    RequestDispatcher(TransportContext context, OneWayDispatcher oneWays) {
        this.context = context;
        this.oneWays = oneWays;
    }

    /**
     * Dispatches a message.
     *
     * @param msg an {@link Envelope} (holds no buffer), or a {@link Frame} of kind ERROR (released here); anything
     *            else is passed on with its ownership
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Envelope e) {
            if (e.kind() == FrameKind.REQUEST) {
                request(ctx.channel(), e);
            } else {
                oneWays.dispatch(ctx.channel(), e);
            }
        } else if (msg instanceof Frame frame && frame.kind() == FrameKind.ERROR) {
            ErrorPayload error;
            try {
                error = ErrorPayload.readFrom(frame.payload());
            } finally {
                frame.release();
            }
            String text = ChannelAttributes.peerName(ctx.channel()) + " closed the connection ("
                    + error.code().describe() + "): " + error.message();
            warnings.warn("peer-error", "{} {}", ctx.channel(), text);
            ChannelAttributes.closeReason(ctx.channel(), text);
            ctx.close();
        } else {
            ctx.fireChannelRead(msg);
        }
    }

    private void request(Channel channel, Envelope e) {
        if (e.failure() != null) {
            error(channel, e, ErrorCode.DECODE_FAILED, e.failure().getMessage());
            return;
        }
        Registration<Object> r = context.handlers().requestHandler(e.message().getClass());
        if (r == null) {
            error(channel, e, ErrorCode.NO_HANDLER, "no request handler for " + typeName(e) + " on "
                    + context.settings().nodeId() + " (expected: one registered with Transport.onRequest)");
            return;
        }
        Caller from = ChannelAttributes.caller(channel);
        if (r.executor() == null) {
            invoke(channel, e, r, from);
            return;
        }
        try {
            r.executor().execute(() -> invoke(channel, e, r, from));
        } catch (RejectedExecutionException x) {
            error(channel, e, ErrorCode.HANDLER_FAILED, "the handler's executor rejected " + typeName(e) + ": " + x);
        }
    }

    private void invoke(Channel channel, Envelope e, Registration<Object> r, Caller from) {
        CompletionStage<?> stage;
        try {
            stage = HandlerRegistry.handle(r.handler(), from, e.message());
        } catch (RuntimeException | LinkageError | AssertionError t) {
            error(channel, e, ErrorCode.HANDLER_FAILED, describe(t));
            return;
        }
        if (stage == null) {
            error(channel, e, ErrorCode.HANDLER_FAILED, "handler for " + typeName(e)
                    + " returned null (expected: a CompletionStage)");
            return;
        }
        stage.whenComplete((response, failure) -> {
            if (failure != null) {
                error(channel, e, ErrorCode.HANDLER_FAILED, describe(unwrap(failure)));
            } else if (response == null) {
                error(channel, e, ErrorCode.HANDLER_FAILED, "handler for " + typeName(e)
                        + " completed with null (expected: a response)");
            } else {
                respond(channel, e, response);
            }
        });
    }

    private void respond(Channel channel, Envelope e, Object response) {
        TypeModel model = context.serializers().registry().find(response.getClass());
        if (model == null) {
            error(channel, e, ErrorCode.ENCODE_FAILED, "response type " + response.getClass().getName()
                    + " is not registered (expected: a registered type)");
            return;
        }
        long start = System.nanoTime();
        ByteBuf frame;
        try {
            frame = context.writer().message(FrameKind.RESPONSE, context.serializers().accepted(e.serializerId()),
                    model.id(), e.correlationId(), response);
        } catch (FrameException x) {
            error(channel, e, x.code(), x.getMessage());
            return;
        } catch (RuntimeException x) {
            error(channel, e, ErrorCode.ENCODE_FAILED, x.getMessage());
            return;
        }
        String tooLarge = ChannelAttributes.tooLargeForPeer(channel, frame.readableBytes());
        if (tooLarge != null) {
            frame.release();
            error(channel, e, ErrorCode.FRAME_TOO_LARGE, "response " + model.name() + ": " + tooLarge);
            return;
        }
        context.metrics().sent(model.id(), frame.readableBytes(), System.nanoTime() - start);
        answer(channel, frame);
    }

    private void error(Channel channel, Envelope e, ErrorCode code, String message) {
        LOG.debug("{} answering {} ({}) with {}: {}", channel, typeName(e), e.correlationId(), code, message);
        context.metrics().errorsSent.increment();
        answer(channel, context.writer().error(e.correlationId(), e.typeId(),
                new ErrorPayload(code, String.valueOf(message))));
    }

    /** Writes the one answer (response or error) to a request, and tells the connection's budget once it is written. */
    private static void answer(Channel channel, ByteBuf frame) {
        ChannelFuture written = channel.writeAndFlush(frame);
        RequestBudget budget = channel.attr(ChannelAttributes.REQUEST_BUDGET).get();
        // a listener on a loop that is shutting down cannot be notified (Netty logs an ERROR), and the connection's
        // budget no longer matters then
        if (budget != null && !channel.eventLoop().isShuttingDown()) {
            written.addListener(budget);
        }
    }

    private String typeName(Envelope e) {
        return context.serializers().registry().describe(e.typeId()) + " (type " + e.typeId() + ")";
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }

    private static String describe(Throwable t) {
        return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
    }
}
