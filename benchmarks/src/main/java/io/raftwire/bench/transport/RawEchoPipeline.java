package io.raftwire.bench.transport;

import io.netty.channel.ChannelHandler.Sharable;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.flush.FlushConsolidationHandler;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.ReferenceCountUtil;
import io.raftwire.transport.netty.TransportSettings;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.HeaderDecoder;

import java.util.EnumSet;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The raw echo's pipelines: the transport's common inbound handlers with the same settings (flush consolidation when
 * enabled, idle state, frame decoder, header decoder), then an echo handler on the server and a correlating handler
 * on the client. What the transport adds after the header decoder (keep-alive, handshake, payload decode, dispatch,
 * pending-request bookkeeping) is left out: that, plus serialization, is what the benchmark compares.
 */
final class RawEchoPipeline {

    private RawEchoPipeline() {
    }

    /** Adds the handlers every raftwire channel starts with, configured from {@code settings}. */
    static void addCommon(ChannelPipeline p, TransportSettings settings, HeaderDecoder headers) {
        if (settings.flushConsolidation()) {
            p.addLast(new FlushConsolidationHandler(settings.flushConsolidationLimit(), true));
        }
        if (settings.idleTimeoutMs() > 0) {
            p.addLast(new IdleStateHandler(settings.idleTimeoutMs(), Math.max(1, settings.idleTimeoutMs() / 3), 0,
                    TimeUnit.MILLISECONDS));
        }
        p.addLast(FrameDescriptor.newFrameDecoder(settings.maxFrameBytes()));
        p.addLast(headers);
    }

    /** The server's header decoder: requests only. */
    static HeaderDecoder serverHeaders(RawFrames frames) {
        return new HeaderDecoder(frames.serializers(), EnumSet.of(FrameKind.REQUEST), "raw echo server connection");
    }

    /** The client's header decoder: responses only. */
    static HeaderDecoder clientHeaders(RawFrames frames) {
        return new HeaderDecoder(frames.serializers(), EnumSet.of(FrameKind.RESPONSE), "raw echo client connection");
    }

    /** Answers every request frame with the pre-encoded response under the same correlation id. */
    @Sharable
    static final class Echo extends ChannelInboundHandlerAdapter {
        private final RawFrames frames;

        Echo(RawFrames frames) {
            this.frames = frames;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Frame frame) {
                long correlationId = frame.correlationId();
                frame.release();
                ctx.channel().writeAndFlush(frames.response(correlationId));
            } else {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            System.err.println("raw echo server: " + cause);
            ctx.close();
        }
    }

    /** Completes the pending call with the response's correlation id. */
    static final class Responses extends ChannelInboundHandlerAdapter {
        private final Map<Long, CompletableFuture<Void>> pending;

        Responses(Map<Long, CompletableFuture<Void>> pending) {
            this.pending = pending;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Frame frame) {
                CompletableFuture<Void> call = pending.remove(frame.correlationId());
                frame.release();
                if (call != null) {
                    call.complete(null);
                }
            } else {
                ReferenceCountUtil.release(msg);
            }
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            IllegalStateException closed = new IllegalStateException("raw echo connection closed");
            pending.values().forEach(call -> call.completeExceptionally(closed));
            ctx.fireChannelInactive();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            System.err.println("raw echo client: " + cause);
            ctx.close();
        }
    }
}
