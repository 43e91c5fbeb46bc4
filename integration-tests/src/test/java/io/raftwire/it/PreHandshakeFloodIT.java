package io.raftwire.it;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.netty.InboundStats;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A pre-handshake flood: while a and b run a request loop, an unauthenticated attacker opens
 * {@value #HUGE} connections to b that each send a 16 MiB frame minus its last 16 bytes with no handshake, and
 * {@value #SLOW} connections that each send most of a HELLO and then wait (slowloris). Before the limits, the first
 * half alone took b's pooled direct memory from 4 MB to 240 MB and ended in {@code OutOfMemoryError: Cannot reserve
 * 16777216 bytes of direct buffer memory} in a JVM like this one (-Xmx256m, so 256 MB of direct memory), and made
 * legitimate requests fail. Figures: legitimate failures, OutOfMemoryErrors, and b's pooled direct memory.
 */
@ExtendWith(LeakDetectionExtension.class)
class PreHandshakeFloodIT {

    /** The refusals over the cap are the point of the test: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.NettyTransport",
            "io.raftwire.transport.netty.ChannelErrorHandler"); // the flood's refusals, provoked on purpose

    private static final int HUGE = 24;
    private static final int SLOW = 100;
    private static final int CAP = 32;
    private static final int FRAME = 16 * 1024 * 1024;
    private static final int LEGIT_REQUESTS = 300;

    @Test
    void shouldKeepServingMembersAndBoundedMemoryUnderAPreHandshakeFlood() throws Exception {
        Object vote = ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);
        Object answer = ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE);
        try (LoopbackCluster c = new LoopbackCluster(List.of("a", "b"),
                // slowloris connections keep their slots for the whole test: with the 2 s default, a b that accepts
                // them late on a loaded machine would time the first ones out and let later ones in
                // The attacker connects from the members' address (127.0.0.1) at thousands per second: the handshake
                // rate limits and the per-address and reserved slots (PreHandshakeSlotsIT, HandshakeFloodIT) are
                // lifted here so that this test still fills the total cap it is about.
                id -> ItSupport.settings().maxUnauthenticatedConnections(CAP).handshakeTimeoutMs(30_000)
                        .maxUnauthenticatedPerAddress(65_536).reservedMemberSlots(0).handshakeRate(1_000_000)
                        .handshakeRatePerAddress(1_000_000),
                id -> ItSupport.serializers("kryo"), t -> t.onRequest(VoteRequest.class,
                        (from, v) -> CompletableFuture.completedFuture(answer)))) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            NettyTransport b = c.node("b");
            long baseline = usedDirect();
            AtomicLong peakDirect = new AtomicLong(baseline);
            AtomicInteger oom = new AtomicInteger();
            AtomicInteger maxUnauthenticated = new AtomicInteger();
            List<Socket> sockets = new ArrayList<>();
            ExecutorService attackers = Executors.newFixedThreadPool(8);
            try {
                List<Future<?>> attacks = new ArrayList<>();
                for (int i = 0; i < HUGE; i++) {
                    Socket s = connect(b, sockets);
                    attacks.add(attackers.submit(() -> sendHugeFrameMinusItsTail(s, oom)));
                }
                byte[] partialHello = partialHello();
                for (int i = 0; i < SLOW; i++) {
                    Socket s = connect(b, sockets);
                    attacks.add(attackers.submit(() -> sendQuietly(s, partialHello)));
                }
                int failures = 0;
                for (int i = 0; i < LEGIT_REQUESTS; i++) {
                    CompletableFuture<VoteResponse> f = a.request("b", vote, VoteResponse.class);
                    try {
                        assertEquals(answer, f.get(ItSupport.WAIT.toMillis(), TimeUnit.MILLISECONDS));
                    } catch (java.util.concurrent.ExecutionException e) {
                        failures++;
                    }
                    peakDirect.accumulateAndGet(usedDirect(), Math::max);
                    maxUnauthenticated.accumulateAndGet(b.inboundStats().unauthenticatedConnections(), Math::max);
                }
                for (Future<?> attack : attacks) {
                    attack.get(ItSupport.WAIT.toMillis(), TimeUnit.MILLISECONDS);
                }
                peakDirect.accumulateAndGet(usedDirect(), Math::max);
                InboundStats stats = b.inboundStats();
                System.out.printf("pre-handshake flood: %d huge-frame and %d slowloris connections; legitimate"
                        + " requests %d, failed %d; OutOfMemoryErrors %d, b's unexpected errors %d; pooled direct"
                        + " memory %d KiB before, peak %d KiB; b: %s%n", HUGE, SLOW, LEGIT_REQUESTS, failures,
                        oom.get(), b.stats().connections().unexpectedErrors(), baseline / 1024,
                        peakDirect.get() / 1024, stats);

                assertEquals(0, failures, "legitimate requests failed");
                assertEquals(0, oom.get(), "OutOfMemoryError in the attacker");
                assertEquals(0, b.stats().connections().unexpectedErrors(),
                        "b closed no connection for an Error (OutOfMemoryError) or a bug");
                assertTrue(peakDirect.get() - baseline < 8L * 1024 * 1024, "pooled direct memory grew from "
                        + baseline + " to " + peakDirect.get() + " bytes (expected: < 8 MiB more, while the attacker"
                        + " offered " + HUGE * (long) FRAME + ")");
                assertTrue(maxUnauthenticated.get() <= CAP, "unauthenticated connections " + maxUnauthenticated);
                assertTrue(stats.refusedOverCap() >= SLOW - CAP, "connections over the cap closed at once: " + stats);
                logs.await("accepted connections have not completed the handshake (expected: <"
                        + " max-unauthenticated-connections " + CAP + ")");
                assertEquals(0, a.stats().connections().reconnects(), "a's connections to b were never lost");
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
                attackers.shutdownNow();
                assertTrue(attackers.awaitTermination(10, TimeUnit.SECONDS));
            }
            Await.until(ItSupport.WAIT, () -> b.inboundStats().unauthenticatedConnections() == 0,
                    () -> "every attacker connection was closed (" + b.inboundStats() + ")");
        }
    }

    private static long usedDirect() {
        return PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory();
    }

    private static Socket connect(NettyTransport target, List<Socket> sockets) throws IOException {
        Socket s = new Socket();
        sockets.add(s);
        s.connect(new InetSocketAddress(target.localAddress().host(), target.localAddress().port()), 5000);
        return s;
    }

    /** A 16 MiB frame header and all but the last 16 bytes of its body, until b closes the connection. */
    private static void sendHugeFrameMinusItsTail(Socket s, AtomicInteger oom) {
        try {
            OutputStream out = s.getOutputStream();
            byte[] header = {(byte) ((FRAME - 4) >>> 24), (byte) ((FRAME - 4) >>> 16), (byte) ((FRAME - 4) >>> 8),
                    (byte) (FRAME - 4), 0x52, 0x77, (byte) FrameDescriptor.VERSION, 1, 1};
            out.write(header);
            byte[] chunk = new byte[64 * 1024];
            for (long sent = header.length; sent < FRAME - 16 - chunk.length; sent += chunk.length) {
                out.write(chunk);
            }
            out.flush();
        } catch (IOException expected) {
            // b closed the connection: the point of the test
        } catch (OutOfMemoryError e) {
            oom.incrementAndGet();
        }
    }

    /** Most of the largest HELLO, then nothing (the connection waits for b's handshake timeout). */
    private static byte[] partialHello() {
        FrameWriter writer = new FrameWriter(PooledByteBufAllocator.DEFAULT, 1 << 20);
        ByteBuf hello = writer.handshake(FrameKind.HELLO, Handshake.of("it", "a", "b", Handshake.Lane.URGENT,
                1 << 20, 0, ItSupport.serializers("kryo")));
        try {
            byte[] bytes = new byte[hello.readableBytes() - 1];
            hello.getBytes(hello.readerIndex(), bytes);
            return bytes;
        } finally {
            hello.release();
        }
    }

    private static void sendQuietly(Socket s, byte[] bytes) {
        try {
            s.getOutputStream().write(bytes);
        } catch (IOException expected) {
            // closed at once: over the cap
        }
    }
}
