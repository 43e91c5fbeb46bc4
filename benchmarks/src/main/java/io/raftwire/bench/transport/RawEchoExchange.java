package io.raftwire.bench.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.raftwire.transport.netty.TransportSettings;
import io.raftwire.transport.netty.codec.HeaderDecoder;

import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The limit the transport is compared with: a raw Netty client and echo server on 127.0.0.1 (ephemeral port) that
 * exchange the same frames as the transport, pre-encoded ({@link RawFrames}), over the same pipeline front
 * ({@link RawEchoPipeline}) with the same event-loop setup as a pair of transports: one NIO event loop per side, the
 * pooled allocator, {@code TCP_NODELAY}, {@code SO_KEEPALIVE} and the default write-buffer water marks. A call writes
 * and flushes from the calling thread, as {@code Transport.request} does, and completes on the client's event loop.
 */
final class RawEchoExchange implements Exchange {

    private static final long CONNECT_SECONDS = 10;

    private final RawFrames frames;
    private final EventLoopGroup serverGroup;
    private final EventLoopGroup clientGroup;
    private final Map<Long, CompletableFuture<Void>> pending = new ConcurrentHashMap<>();
    private final AtomicLong correlationIds = new AtomicLong();
    private final Channel channel;

    /**
     * Binds the server, connects the client and checks one call.
     *
     * @throws IllegalStateException if binding, connecting or the first call fails within 10 s
     */
    RawEchoExchange(String serializer, MessagePair pair, boolean flushConsolidation) throws Exception {
        TransportSettings settings = TransportSettings.builder().plaintext().flushConsolidation(flushConsolidation)
                .build();
        frames = new RawFrames(serializer, pair, PooledByteBufAllocator.DEFAULT, settings.maxFrameBytes());
        serverGroup = group("raw-echo-server");
        clientGroup = group("raw-echo-client");
        try {
            HeaderDecoder serverHeaders = RawEchoPipeline.serverHeaders(frames);
            HeaderDecoder clientHeaders = RawEchoPipeline.clientHeaders(frames);
            RawEchoPipeline.Echo echo = new RawEchoPipeline.Echo(frames);
            WriteBufferWaterMark marks = new WriteBufferWaterMark(settings.writeBufferLowBytes(),
                    settings.writeBufferHighBytes());
            Channel server = new ServerBootstrap().group(serverGroup).channel(NioServerSocketChannel.class)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.SO_KEEPALIVE, true)
                    .childOption(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, marks)
                    .childHandler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            RawEchoPipeline.addCommon(ch.pipeline(), settings, serverHeaders);
                            ch.pipeline().addLast(echo);
                        }
                    })
                    .bind("127.0.0.1", 0).sync().channel();
            int port = ((InetSocketAddress) server.localAddress()).getPort();
            channel = new Bootstrap().group(clientGroup).channel(NioSocketChannel.class)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, settings.connectTimeoutMs())
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.SO_KEEPALIVE, true)
                    .option(ChannelOption.ALLOCATOR, PooledByteBufAllocator.DEFAULT)
                    .option(ChannelOption.WRITE_BUFFER_WATER_MARK, marks)
                    .handler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            RawEchoPipeline.addCommon(ch.pipeline(), settings, clientHeaders);
                            ch.pipeline().addLast(new RawEchoPipeline.Responses(pending));
                        }
                    })
                    .connect("127.0.0.1", port).sync().channel();
            call().get(CONNECT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception | Error e) {
            shutDown();
            throw e;
        }
    }

    private static EventLoopGroup group(String name) {
        return new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory(name, true), NioIoHandler.newFactory());
    }

    /**
     * Frames the request on the calling thread and writes it, or fails at once when the channel is above its high
     * water mark (as the transport does).
     */
    @Override
    public CompletableFuture<?> call() {
        long correlationId = correlationIds.incrementAndGet();
        CompletableFuture<Void> call = new CompletableFuture<>();
        ByteBuf frame = frames.request(correlationId);
        if (!channel.isWritable()) {
            frame.release();
            call.completeExceptionally(new IllegalStateException("outbound buffer above write-buffer-high-bytes"));
            return call;
        }
        pending.put(correlationId, call);
        channel.writeAndFlush(frame);
        return call;
    }

    @Override
    public int[] payloadBytes() {
        return frames.payloadBytes();
    }

    @Override
    public long serializationNanos() {
        return 0;
    }

    @Override
    public void close() {
        shutDown();
    }

    private void shutDown() {
        clientGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        serverGroup.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
