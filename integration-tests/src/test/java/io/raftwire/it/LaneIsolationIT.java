package io.raftwire.it;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.MessageType;
import io.raftwire.message.response.InstallResponse;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.TcpProxy;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Votes and heartbeats do not queue behind bulk traffic: frames above the bulk threshold (snapshot chunks) travel on
 * their own connection, so with that connection completely stalled (its reader stopped, its outbound buffer full)
 * votes on the urgent connection are still answered.
 */
@ExtendWith(LeakDetectionExtension.class)
class LaneIsolationIT {

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldAnswerVotesWhileTheBulkConnectionIsStalled(String serializer) throws IOException {
        HostPort aAddress = ItSupport.freeAddress(); // b must know a as a peer, or it refuses a's handshake
        NettyTransport b = new NettyTransport(ItSupport.settings().nodeId("b")
                .peers(ItSupport.peer("a", aAddress)).build(),
                ItSupport.serializers(serializer));
        ItSupport.answerCatalog(b);
        b.onMessage(Object.class, (from, m) -> {
        });
        b.start();
        NettyTransport a = null;
        try (TcpProxy proxy = new TcpProxy(b.localAddress(), 4096)) {
            a = new NettyTransport(ItSupport.settings().nodeId("a").listenAddress(aAddress)
                    .bulkThresholdBytes(16 * 1024)
                    .peers(List.of(new PeerAddress("b", proxy.address()))).build(), ItSupport.serializers(serializer));
            a.start();
            Await.value(a.whenReachable("b"), ItSupport.WAIT);
            Object chunk = ItSupport.FIXTURES.realistic(MessageType.INSTALL_REQUEST);
            Await.value(a.request("b", chunk, InstallResponse.class), ItSupport.WAIT);
            assertEquals(2, proxy.accepted(), "urgent and bulk connections");
            proxy.stopReading(1);
            TransportException refusal = null;
            for (int i = 0; i < 5000 && refusal == null; i++) {
                CompletableFuture<Void> f = a.send("b", chunk);
                if (f.isCompletedExceptionally()) {
                    refusal = assertInstanceOf(TransportException.class, Await.failure(f, ItSupport.WAIT));
                }
            }
            assertTrue(refusal != null && refusal.reason() == Reason.OVERLOADED, "bulk connection never stalled");
            Object vote = ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);
            Object answer = ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE);
            List<CompletableFuture<VoteResponse>> votes = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                votes.add(a.request("b", vote, VoteResponse.class));
            }
            for (CompletableFuture<VoteResponse> v : votes) {
                assertEquals(answer, Await.value(v, ItSupport.WAIT));
            }
            assertEquals(2, proxy.accepted(), "no reconnect happened");
        } finally {
            if (a != null) {
                a.close();
            }
            b.close();
        }
    }
}
