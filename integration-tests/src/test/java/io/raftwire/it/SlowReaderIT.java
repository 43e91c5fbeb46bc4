package io.raftwire.it;

import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.MessageType;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.TcpProxy;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A peer that stops reading does not grow the sender's memory: once the connection's outbound buffer passes the
 * high water mark, sends fail at once with {@link Reason#OVERLOADED} instead of queueing. The sender tries
 * {@value #ATTEMPTS} snapshot chunks (~150 MiB, more than the test JVM's direct memory would hold if they were
 * queued); at most {@value #MAX_ACCEPTED} are accepted and its pooled direct memory grows by less than
 * {@value #BOUND_MIB} MiB.
 */
@ExtendWith(LeakDetectionExtension.class)
class SlowReaderIT {

    private static final int ATTEMPTS = 5000;
    private static final int BOUND_MIB = 32;
    private static final int MAX_ACCEPTED = 1000;

    @ParameterizedTest
    @MethodSource("providers")
    void shouldRefuseSendsInsteadOfBufferingForAPeerThatStopsReading(String serializer) throws IOException {
        HostPort aAddress = ItSupport.freeAddress(); // b must know a as a peer, or it refuses a's handshake
        NettyTransport b = new NettyTransport(ItSupport.settings().nodeId("b")
                .peers(ItSupport.peer("a", aAddress)).build(),
                ItSupport.serializers(serializer));
        b.onMessage(Object.class, (from, m) -> {
        });
        b.start();
        NettyTransport a = null;
        try (TcpProxy proxy = new TcpProxy(b.localAddress(), 4096)) {
            a = new NettyTransport(ItSupport.settings().nodeId("a").listenAddress(aAddress)
                    .peers(List.of(new PeerAddress("b", proxy.address()))).build(), ItSupport.serializers(serializer));
            a.start();
            Await.value(a.whenReachable("b"), ItSupport.WAIT);
            proxy.stopReading();
            Object chunk = ItSupport.FIXTURES.realistic(MessageType.INSTALL_REQUEST);
            long before = PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory();
            int accepted = 0;
            TransportException refusal = null;
            for (int i = 0; i < ATTEMPTS; i++) {
                CompletableFuture<Void> f = a.send("b", chunk);
                if (!f.isCompletedExceptionally()) {
                    accepted++;
                } else if (refusal == null) {
                    refusal = assertInstanceOf(TransportException.class, Await.failure(f, ItSupport.WAIT));
                }
            }
            long grownMib = (PooledByteBufAllocator.DEFAULT.metric().usedDirectMemory() - before) >> 20;
            assertTrue(refusal != null, "no send refused after " + ATTEMPTS + " snapshot chunks");
            assertEquals(Reason.OVERLOADED, refusal.reason(), refusal.getMessage());
            assertTrue(refusal.getMessage().startsWith("outbound buffer to b is above write-buffer-high-bytes"),
                    refusal.getMessage());
            assertTrue(accepted <= MAX_ACCEPTED, accepted + " chunks accepted (expected: <= " + MAX_ACCEPTED
                    + "; the kernel buffers and the high water mark hold a few dozen)");
            assertTrue(grownMib < BOUND_MIB, "direct memory grew by " + grownMib + " MiB");
            assertEquals(ATTEMPTS - accepted, a.stats().requests().rejected());
        } finally {
            if (a != null) {
                a.close();
            }
            b.close();
        }
    }

    /**
     * The provider only encodes the payloads that fill the buffers; the refusal at the high water mark tested is the
     * transport's. One provider in the default test command (jdk), all three in the long profile ({@link ItProviders});
     * the codec contract and {@code CatalogRoundTripIT} check every provider's payloads.
     */
    static List<String> providers() {
        return ItProviders.of("jdk", "kryo", "protostuff", "jdk");
    }
}
