package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.netty.InboundStats;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code raftwire.transport.max-connections}: a peer that opens connection after connection (handshake done or
 * not) cannot use up the node's file descriptors. Over the cap an accepted connection is closed at once, counted and
 * logged (rate-limited); the connections already open keep working, and closing connections frees their slots.
 */
@Timeout(120)
@ExtendWith(LeakDetectionExtension.class)
class ConnectionCapIT {

    private static final int CAP = 8;
    private static final int EXTRA = 6;

    /** The refusals over the cap are the point of the test: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.NettyTransport");

    @Test
    void connectionsOverTheCapAreClosedAtOnceAndTheOpenOnesKeepWorking() throws Exception {
        Object answer = ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE);
        try (LoopbackCluster c = new LoopbackCluster(List.of("a", "b"),
                // the raw connections never send a handshake: keep them open for the whole test
                id -> ItSupport.settings().maxConnections(CAP).handshakeTimeoutMs(60_000),
                id -> ItSupport.serializers("kryo"), t -> t.onRequest(VoteRequest.class,
                        (from, v) -> CompletableFuture.completedFuture(answer)))) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            NettyTransport b = c.node("b");
            int before = b.inboundStats().openConnections();
            long refusedBefore = b.inboundStats().refusedOverCap();
            assertTrue(before >= 1 && before < CAP, "a's connections to b: " + before);
            int free = CAP - before;
            List<Socket> sockets = new ArrayList<>();
            try {
                for (int i = 0; i < free + EXTRA; i++) {
                    Socket s = new Socket();
                    sockets.add(s);
                    s.connect(new InetSocketAddress(b.localAddress().host(), b.localAddress().port()), 5000);
                }
                Await.until(ItSupport.WAIT, () -> b.inboundStats().refusedOverCap() - refusedBefore == EXTRA
                        && b.inboundStats().openConnections() == CAP, () -> "b: " + b.inboundStats());
                InboundStats stats = b.inboundStats();
                assertEquals(CAP, stats.openConnections(), stats.toString());
                logs.await("accepted connections are open (expected: < max-connections " + CAP + ")");
                Object vote = ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);
                assertEquals(answer, a.request("b", vote, VoteResponse.class).get(ItSupport.WAIT.toMillis(),
                        TimeUnit.MILLISECONDS), "a's open connection to b still serves requests");
            } finally {
                for (Socket s : sockets) {
                    s.close();
                }
            }
            Await.until(ItSupport.WAIT, () -> b.inboundStats().openConnections() == before,
                    () -> "slots freed when the connections closed: " + b.inboundStats());
        }
    }
}
