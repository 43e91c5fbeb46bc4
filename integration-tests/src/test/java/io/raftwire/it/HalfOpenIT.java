package io.raftwire.it;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.TcpProxy;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A connection whose path silently stops delivering (no FIN, no RST: an in-test proxy that drops every byte) is
 * detected by the idle timeout on both sides, and the pending request fails with the reason, long before its own
 * deadline and long before TCP would notice (~15 minutes with Linux defaults).
 */
@ExtendWith(LeakDetectionExtension.class)
class HalfOpenIT {

    /** The idle closes this class provokes, and the reconnect attempts through the silent proxy. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.KeepAliveHandler", "io.raftwire.transport.netty.Lane");

    private static final int IDLE_MS = 1000; // pings every third of it: a loaded 2-core machine can delay one past 300 ms

    @ParameterizedTest
    @MethodSource("providers")
    void shouldCloseAHalfOpenConnectionWithinTheIdleTimeout(String serializer) throws IOException {
        HostPort aAddress = ItSupport.freeAddress(); // b must know a as a peer, or it refuses a's handshake
        NettyTransport b = new NettyTransport(ItSupport.settings().nodeId("b")
                .peers(ItSupport.peer("a", aAddress)).idleTimeoutMs(IDLE_MS).build(),
                ItSupport.serializers(serializer));
        NettyTransport a = null;
        try (TcpProxy proxy = new TcpProxy(startWithSilentHandler(b), 0)) {
            a = new NettyTransport(ItSupport.settings().nodeId("a").listenAddress(aAddress)
                    .idleTimeoutMs(IDLE_MS)
                    .peers(List.of(new PeerAddress("b", proxy.address()))).build(), ItSupport.serializers(serializer));
            a.start();
            Await.value(a.whenReachable("b"), ItSupport.WAIT);
            CompletableFuture<VoteResponse> pending = a.request("b",
                    ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST), VoteResponse.class, Duration.ofMinutes(10));
            Await.until(ItSupport.WAIT, () -> b.stats().message(MessageType.VOTE_REQUEST.id()) != null,
                    () -> "b received the vote");
            proxy.blackhole();
            TransportException e = ItSupport.failure(pending, Reason.CONNECTION_CLOSED);
            assertTrue(e.getMessage().contains("nothing received from b for " + IDLE_MS + " ms"), e.getMessage());
            assertTrue(a.stats().connections().idleCloses() >= 1);
            Await.until(ItSupport.WAIT, () -> b.stats().connections().idleCloses() >= 1,
                    () -> "b closed its side as idle too");
            logs.await("nothing received from b for " + IDLE_MS + " ms (expected: a frame or ping within"
                    + " idle-timeout-ms); closing it as half-open");
        } finally {
            if (a != null) {
                a.close();
            }
            b.close();
        }
    }

    private static io.raftwire.config.HostPort startWithSilentHandler(NettyTransport b) {
        b.onRequest(VoteRequest.class, (from, v) -> new CompletableFuture<VoteResponse>());
        b.start();
        return b.localAddress();
    }

    /**
     * The provider only encodes the vote that is left pending; the idle detection tested is the transport's. One
     * provider in the default test command (jdk), all three in the long profile ({@link ItProviders}); the codec
     * contract and {@code CatalogRoundTripIT} check every provider's payloads.
     */
    static List<String> providers() {
        return ItProviders.of("jdk", "kryo", "protostuff", "jdk");
    }
}
