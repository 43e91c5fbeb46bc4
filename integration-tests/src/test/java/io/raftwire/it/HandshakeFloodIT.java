package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.InboundStats;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.TlsSettings;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A TLS handshake flood: an attacker without a certificate replays one recorded ClientHello at
 * about {@value #RATE} connections per second from {@value #ADDRESSES} loopback addresses other than the members'
 * (127.0.0.2 and up), closing each connection right after its ClientHello, while member a sends votes to member b over
 * mutual
 * TLS. Before the handshake limits, such a flood (~930 handshakes/s) cut a member's throughput from ~350 to ~60
 * requests/s and left no WARN and {@code tlsFailures} at 0. Pass: 0 legitimate failures, a's throughput in the flood
 * windows at least {@value #FLOOR_PERCENT} % of that in the quiet windows measured in between, every aborted connection
 * counted by b (refused by a handshake limit or a failed TLS handshake) and a WARN summary naming the attackers'
 * addresses.
 *
 * <p>The floor is not 50 %: on a 2-core machine the attacker's four threads, and in a build the other test fork, share
 * the members' cores: the ratio measured 0.45-0.69 over eight runs (2026-11-28), two of them below 0.5, for reasons
 * outside the member, and a CI machine is slower still. The floor catches the starvation the issue reported (60 of
 * 350 requests/s, 0.17), not the finer difference the README's measurement shows; the test prints the ratio. It runs
 * in the long profile, since the flood's windows take about 10 s.
 */
@Tag("long")
@Timeout(120)
@ExtendWith(LeakDetectionExtension.class)
class HandshakeFloodIT {

    /** The aborted handshakes' summary is the point of the test: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.ChannelErrorHandler",
            "io.raftwire.transport.netty.HandshakeFailureLog", "io.raftwire.transport.netty.NettyTransport");

    private static final String CLUSTER = "it";
    private static final int RATE = 1000;
    /** a's throughput in the flood windows, in percent of the quiet windows' (see the class comment). */
    private static final int FLOOR_PERCENT = 30;
    private static final int ADDRESSES = 4;
    private static final int THREADS = 4;

    @TempDir
    static Path dir;

    @Test
    void shouldKeepMembersThroughputAndCountEveryAbortedHandshake() throws Exception {
        TestPki pki = new TestPki(dir, "raftwire-test-ca");
        Object answer = ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE);
        Object vote = ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);
        try (LoopbackCluster c = new LoopbackCluster(List.of("a", "b"), id -> ItSupport.settings().clusterId(CLUSTER)
                .tls(tls(pki, id)), id -> ItSupport.serializers("kryo"), t -> t.onRequest(VoteRequest.class,
                        (from, v) -> CompletableFuture.completedFuture(answer)));
             Flood flood = new Flood(c.node("b"), clientHello())) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            NettyTransport b = c.node("b");
            long reconnects = a.stats().connections().reconnects();
            InboundStats before = b.inboundStats();
            AttackWindows.Result r = AttackWindows.measure(() -> a.request("b", vote, VoteResponse.class), flood,
                    Integer.getInteger("flood.pairs", 3), Duration.ofMillis(Integer.getInteger("flood.window-ms", 500)));
            long attempts = flood.connected.get();
            System.out.printf("handshake flood: %d connections (%d/s offered from %d addresses); a: %s; b: %s%n",
                    attempts, RATE, ADDRESSES, r, b.inboundStats());
            Await.until(ItSupport.WAIT, () -> aborted(b, before) >= attempts,
                    () -> "b counted every aborted connection: " + aborted(b, before) + " of " + attempts + " ("
                            + b.inboundStats() + ")");
            assertEquals(0, r.failures(), "a's requests failed during the flood: " + r);
            assertTrue(r.loaded() * 100 >= r.unloaded() * FLOOR_PERCENT,
                    "a's throughput under the flood fell below " + FLOOR_PERCENT + " % of its unloaded value: " + r);
            assertEquals(reconnects, a.stats().connections().reconnects(), "a's connections to b were never lost");
            String summary = logs.await("TLS handshakes failed or were aborted");
            assertTrue(summary.contains("connections refused by the handshake rate limits; top sources: 127.0.0."),
                    summary);
        }
    }

    private static long aborted(NettyTransport b, InboundStats before) {
        InboundStats s = b.inboundStats();
        return s.tlsFailures() - before.tlsFailures() + s.refusedOverCap() - before.refusedOverCap()
                + s.refusedHandshakeRate() - before.refusedHandshakeRate();
    }

    private static TlsSettings tls(TestPki pki, String member) {
        TestPki.MemberFiles files = pki.member(CLUSTER, member);
        return TlsSettings.of(files.certificate(), files.privateKey(), files.trust());
    }

    /** The bytes of a TLS 1.3 ClientHello from the JDK, with no certificate behind it. */
    private static byte[] clientHello() throws Exception {
        SSLContext ctx = SSLContext.getInstance("TLSv1.3");
        ctx.init(null, null, null);
        SSLEngine engine = ctx.createSSLEngine();
        engine.setUseClientMode(true);
        engine.beginHandshake();
        ByteBuffer out = ByteBuffer.allocate(engine.getSession().getPacketBufferSize());
        engine.wrap(ByteBuffer.allocate(0), out);
        out.flip();
        byte[] hello = new byte[out.remaining()];
        out.get(hello);
        return hello;
    }

    /**
     * {@value #THREADS} threads that each connect from the next attacker address, send the ClientHello and close the
     * connection, paced to {@value #RATE} connections per second in total.
     */
    private static final class Flood implements AttackWindows.Attack, AutoCloseable {
        final AtomicLong connected = new AtomicLong();
        private final AtomicInteger busy = new AtomicInteger();
        private final List<Thread> threads = new ArrayList<>();
        private volatile boolean on;
        private volatile boolean closed;

        Flood(NettyTransport target, byte[] hello) {
            InetSocketAddress to = new InetSocketAddress(target.localAddress().host(), target.localAddress().port());
            for (int i = 0; i < THREADS; i++) {
                int id = i;
                Thread t = new Thread(() -> run(id, to, hello), "flood-" + i);
                t.setDaemon(true);
                threads.add(t);
                t.start();
            }
        }

        private void run(int id, InetSocketAddress to, byte[] hello) {
            long interval = TimeUnit.SECONDS.toNanos(1) * THREADS / RATE;
            long next = System.nanoTime();
            int n = id;
            while (!closed) {
                if (!on) {
                    LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1));
                    next = System.nanoTime();
                    continue;
                }
                busy.incrementAndGet();
                try {
                    if (on) {
                        once(to, hello, "127.0.0." + (2 + n++ % ADDRESSES));
                    }
                } finally {
                    busy.decrementAndGet();
                }
                next += interval;
                long wait = next - System.nanoTime();
                if (wait > 0) {
                    LockSupport.parkNanos(wait);
                } else {
                    next = System.nanoTime();
                }
            }
        }

        private void once(InetSocketAddress to, byte[] hello, String from) {
            try (Socket s = new Socket()) {
                s.bind(new InetSocketAddress(from, 0));
                s.connect(to, 2000);
                connected.incrementAndGet();
                s.getOutputStream().write(hello);
            } catch (IOException e) {
                // refused or reset: counted by the server
            }
        }

        @Override
        public void on() {
            on = true;
        }

        @Override
        public void off() {
            on = false;
            Await.until(ItSupport.WAIT, () -> busy.get() == 0, () -> "the flood paused");
        }

        @Override
        public void close() {
            closed = true;
            on = false;
            try {
                for (Thread t : threads) {
                    t.join(ItSupport.WAIT.toMillis());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
