package io.raftwire.it;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.ReferenceCountUtil;
import io.raftwire.config.HostPort;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.SerializerSet;

import javax.net.ssl.SSLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A hand-made client for attacking a node's TLS and handshake: it connects with whatever TLS material it is given
 * (or none), and once TLS is up sends a HELLO claiming any member id. It reports the TLS outcome and the first frame
 * the node answers with. Close it to stop its event loop.
 */
final class TlsProbe implements AutoCloseable {

    /** What the node did: the TLS failure, or the first frame's kind and payload (length field stripped). */
    record Outcome(Throwable tlsFailure, FrameKind kind, byte[] payload) {
    }

    private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());

    /** Client TLS: trusting {@code trust}, presenting {@code member} (or no certificate when it is null). */
    static SslContext clientContext(TestPki.MemberFiles member, java.nio.file.Path trust) throws SSLException {
        SslContextBuilder b = SslContextBuilder.forClient().trustManager(trust.toFile())
                .endpointIdentificationAlgorithm(null).protocols("TLSv1.3");
        if (member != null) {
            b.keyManager(member.certificate().toFile(), member.privateKey().toFile());
        }
        return b.build();
    }

    /**
     * Connects to {@code target} with {@code tls}, and after the TLS handshake sends a HELLO of cluster
     * {@code cluster} claiming {@code claimedId} and addressed to {@code targetId}.
     */
    CompletableFuture<Outcome> helloAs(HostPort target, SslContext tls, String cluster, String claimedId,
            String targetId, SerializerSet serializers) {
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        FrameWriter writer = new FrameWriter(PooledByteBufAllocator.DEFAULT, 1 << 20);
        Handshake hello = Handshake.of(cluster, claimedId, targetId, Handshake.Lane.URGENT, 1 << 20, 0, serializers);
        new Bootstrap().group(group).channel(NioSocketChannel.class).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                SslHandler ssl = tls.newHandler(ch.alloc());
                ssl.setHandshakeTimeout(10, TimeUnit.SECONDS);
                ch.pipeline().addLast(ssl, FrameDescriptor.newFrameDecoder(1 << 20));
                ch.pipeline().addLast(new ChannelInboundHandlerAdapter() {
                    @Override
                    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
                        if (evt instanceof SslHandshakeCompletionEvent done) {
                            if (done.isSuccess()) {
                                ctx.writeAndFlush(writer.handshake(FrameKind.HELLO, hello));
                            } else {
                                outcome.complete(new Outcome(done.cause(), null, null));
                            }
                        }
                    }

                    @Override
                    public void channelRead(ChannelHandlerContext ctx, Object msg) {
                        ByteBuf frame = (ByteBuf) msg;
                        try {
                            int flags = frame.getUnsignedByte(FrameDescriptor.FLAGS_OFFSET
                                    - FrameDescriptor.LENGTH_FIELD_LENGTH);
                            byte[] payload = new byte[frame.readableBytes()
                                    - FrameDescriptor.HEADER_LENGTH_AFTER_LENGTH_FIELD];
                            frame.getBytes(frame.readerIndex() + FrameDescriptor.HEADER_LENGTH_AFTER_LENGTH_FIELD,
                                    payload);
                            outcome.complete(new Outcome(null, FrameDescriptor.kindOf(flags), payload));
                        } finally {
                            ReferenceCountUtil.release(frame);
                        }
                        ctx.close();
                    }

                    @Override
                    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                        outcome.complete(new Outcome(cause, null, null));
                        ctx.close();
                    }

                    @Override
                    public void channelInactive(ChannelHandlerContext ctx) {
                        outcome.complete(new Outcome(new IllegalStateException("closed with no answer"), null,
                                null));
                    }
                });
            }
        }).connect(target.host(), target.port()).addListener(f -> {
            if (!f.isSuccess()) {
                outcome.completeExceptionally(f.cause());
            }
        });
        return outcome;
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
