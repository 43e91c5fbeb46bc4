package io.raftwire.it;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.DataInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pre-handshake slot attack: an attacker on other loopback addresses (127.0.0.2, 127.0.0.3)
 * keeps {@value #HELD} connections to member b open, each sending all but the last byte of a HELLO and reconnecting
 * {@value #RECONNECT_MS} ms after b closes it (slowloris and churn), while member a keeps sending votes to b. Before
 * the per-address slots, 63-79 % of fresh connections from real members were refused during such an attack, so a
 * restarted member could not rejoin. Pass: 0 legitimate failures, a's throughput under the attack at least
 * {@value #FLOOR_PERCENT} % of that without it, {@value #PROBES} fresh handshakes from the members' address all
 * welcomed, and a restarted a reconnects to b while the attack holds its slots. The floor is not 50 % because the
 * attacker's 200 connections run in this JVM, on the members' two cores: the ratio measured 0.48-0.73 (2026-11-28);
 * the refused member handshakes, the attack's real harm, are asserted exactly.
 */
@Timeout(120)
@ExtendWith(LeakDetectionExtension.class)
class PreHandshakeSlotsIT {

    /** The attack's refusals and timeouts are provoked on purpose: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.NettyTransport",
            "io.raftwire.transport.netty.ServerHandshakeHandler", "io.raftwire.transport.netty.ChannelErrorHandler",
            "io.raftwire.transport.netty.HandshakeFailureLog");

    private static final int HELD = 200;
    /** a's throughput under the attack, in percent of its throughput without it (see the class comment). */
    private static final int FLOOR_PERCENT = 30;
    /** Each attacker connection reconnects this long after b closes it: 4000 attempts a second for the 200. */
    private static final int RECONNECT_MS = 50;
    /** Fresh handshakes from the members' address: within its handshake-rate-per-address (20 a second). */
    private static final int PROBES = 10;

    @Test
    void shouldLetMembersConnectWhileAnAttackerHoldsEveryPreHandshakeSlotItCan() throws Exception {
        Object answer = ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE);
        Object vote = ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);
        try (LoopbackCluster c = new LoopbackCluster(List.of("a", "b"), id -> ItSupport.settings(),
                id -> ItSupport.serializers("kryo"), t -> t.onRequest(VoteRequest.class,
                        (from, v) -> CompletableFuture.completedFuture(answer)));
             Slowloris attack = new Slowloris(c.node("b"))) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport b = c.node("b");
            AttackWindows.Result r = AttackWindows.measure(() -> c.node("a").request("b", vote, VoteResponse.class),
                    attack, 3, Duration.ofMillis(500));

            long refusedBefore = refused(b);
            attack.on();
            Await.until(ItSupport.WAIT, () -> refused(b) > refusedBefore + HELD,
                    () -> "the attacker holds every slot it can and is refused more (" + b.inboundStats() + ")");
            int refused = 0;
            for (int i = 0; i < PROBES; i++) {
                if (!welcomed(b)) {
                    refused++;
                }
            }
            System.out.printf("pre-handshake slots: %d attacker connections held (reconnecting after %d ms); a: %s;"
                    + " fresh member handshakes refused %d of %d; b: %s%n", HELD, RECONNECT_MS, r, refused, PROBES,
                    b.inboundStats());
            c.stop("a");
            NettyTransport a = c.restart("a");
            Await.value(a.whenReachable("b"), ItSupport.WAIT);
            assertEquals(answer, Await.value(a.request("b", vote, VoteResponse.class), ItSupport.WAIT),
                    "the restarted a is served by b");
            attack.off();
            assertEquals(0, r.failures(), "a's requests failed during the attack: " + r);
            assertTrue(r.loaded() * 100 >= r.unloaded() * FLOOR_PERCENT,
                    "a's throughput under the attack fell below " + FLOOR_PERCENT + " % of its unloaded value: " + r);
            assertEquals(0, refused, "fresh handshakes from the members' address refused during the attack");
        }
    }

    /** Connections b closed at once, over a slot cap or a handshake rate. */
    private static long refused(NettyTransport b) {
        return b.inboundStats().refusedOverCap() + b.inboundStats().refusedHandshakeRate();
    }

    /** A fresh connection from 127.0.0.1 claiming member a: true if b answers WELCOME. */
    private static boolean welcomed(NettyTransport b) throws IOException {
        FrameWriter writer = new FrameWriter(PooledByteBufAllocator.DEFAULT, 1 << 20);
        ByteBuf hello = writer.handshake(FrameKind.HELLO, Handshake.of("it", "a", "b", Handshake.Lane.URGENT, 1 << 20,
                0, ItSupport.serializers("kryo")));
        byte[] bytes = new byte[hello.readableBytes()];
        hello.readBytes(bytes);
        hello.release();
        try (Socket s = new Socket()) {
            s.setSoTimeout((int) ItSupport.WAIT.toMillis());
            s.connect(new InetSocketAddress(b.localAddress().host(), b.localAddress().port()), 5000);
            s.getOutputStream().write(bytes);
            byte[] header = new byte[FrameDescriptor.FLAGS_OFFSET + 1];
            new DataInputStream(s.getInputStream()).readFully(header);
            return FrameDescriptor.kindOf(header[FrameDescriptor.FLAGS_OFFSET] & 0xff) == FrameKind.WELCOME;
        } catch (IOException closed) {
            return false;
        }
    }

    /** Keeps {@value #HELD} connections open from 127.0.0.2 and 127.0.0.3, each holding a partial HELLO. */
    private static final class Slowloris implements AttackWindows.Attack, AutoCloseable {
        private final EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        private final Set<Channel> open = ConcurrentHashMap.newKeySet();
        private final AtomicLong connects = new AtomicLong();
        private final InetSocketAddress target;
        private final byte[] partialHello;
        private final Bootstrap bootstrap;
        private volatile boolean on;

        Slowloris(NettyTransport b) {
            target = new InetSocketAddress(b.localAddress().host(), b.localAddress().port());
            FrameWriter writer = new FrameWriter(PooledByteBufAllocator.DEFAULT, 1 << 20);
            ByteBuf hello = writer.handshake(FrameKind.HELLO, Handshake.of("it", "a", "b", Handshake.Lane.URGENT,
                    1 << 20, 0, ItSupport.serializers("kryo")));
            partialHello = new byte[hello.readableBytes() - 1];
            hello.readBytes(partialHello);
            hello.release();
            bootstrap = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<Channel>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            ch.pipeline().addLast(new SimpleChannelInboundHandler<ByteBuf>() {
                                @Override
                                public void channelActive(ChannelHandlerContext ctx) {
                                    open.add(ctx.channel());
                                    if (!on) {
                                        ctx.close();
                                        return;
                                    }
                                    ctx.writeAndFlush(Unpooled.wrappedBuffer(partialHello));
                                }

                                @Override
                                protected void channelRead0(ChannelHandlerContext ctx, ByteBuf msg) {
                                    // b's error frame before it closes: ignored
                                }

                                @Override
                                public void channelInactive(ChannelHandlerContext ctx) {
                                    open.remove(ctx.channel());
                                    if (on) {
                                        ctx.channel().eventLoop().schedule(() -> connect(ctx.channel().localAddress()),
                                                RECONNECT_MS, TimeUnit.MILLISECONDS);
                                    }
                                }

                                @Override
                                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                                    ctx.close();
                                }
                            });
                        }
                    });
        }

        private void connect(Object from) {
            if (!on) {
                return;
            }
            String host = ((InetSocketAddress) from).getHostString();
            connects.incrementAndGet();
            bootstrap.connect(target, new InetSocketAddress(host, 0)).addListener(f -> {
                if (!f.isSuccess() && on) {
                    group.schedule(() -> connect(from), RECONNECT_MS, TimeUnit.MILLISECONDS);
                }
            });
        }

        @Override
        public void on() {
            on = true;
            for (int i = 0; i < HELD; i++) {
                connect(new InetSocketAddress("127.0.0." + (2 + i % 2), 0));
            }
        }

        @Override
        public void off() {
            on = false;
            for (Channel ch : open) {
                ch.close();
            }
            Await.until(ItSupport.WAIT, open::isEmpty, () -> "the attacker's connections closed");
        }

        @Override
        public void close() {
            off();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }
}
