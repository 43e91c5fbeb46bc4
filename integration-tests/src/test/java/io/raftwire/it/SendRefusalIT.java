package io.raftwire.it;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.InstallResponse;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Sends the transport refuses at once, with the reason and a message that says what was expected: too many pending
 * requests, a frame above the limit, an unknown peer or type, a transport not started or closed, a removed peer.
 */
@ExtendWith(LeakDetectionExtension.class)
class SendRefusalIT {

    /** The failed connection attempts to the peer nobody listens for. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane");

    private static final Object VOTE = ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);

    private static LoopbackCluster pair(String serializer, int maxPending, int maxFrameBytes) {
        return new LoopbackCluster(List.of("a", "b"),
                id -> ItSupport.settings().maxPendingRequests(maxPending).maxFrameBytes(maxFrameBytes),
                id -> ItSupport.serializers(serializer), t -> {
                    t.onRequest(VoteRequest.class, (from, v) -> new CompletableFuture<VoteResponse>());
                    t.onRequest(InstallRequest.class, (from, v) -> CompletableFuture.completedFuture(
                            ItSupport.FIXTURES.realistic(MessageType.INSTALL_RESPONSE)));
                });
    }

    @Test
    void shouldRefuseRequestsBeyondMaxPendingRequests() {
        try (LoopbackCluster c = pair("kryo", 5, 16 * 1024 * 1024)) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            List<CompletableFuture<VoteResponse>> pending = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                pending.add(a.request("b", VOTE, VoteResponse.class, Duration.ofMinutes(10)));
            }
            TransportException e = ItSupport.failure(a.request("b", VOTE, VoteResponse.class), Reason.OVERLOADED);
            assertEquals("b has 5 requests pending (expected: < max-pending-requests 5)", e.getMessage());
            assertEquals(5, a.stats().requests().pending());
            assertTrue(pending.stream().noneMatch(CompletableFuture::isDone));
            assertTrue(a.removePeer("b"));
            for (CompletableFuture<VoteResponse> f : pending) {
                ItSupport.failure(f, Reason.CLOSED);
            }
            assertEquals(0, a.stats().requests().pending());
            ItSupport.failure(a.request("b", VOTE, VoteResponse.class), Reason.UNKNOWN_PEER);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldRefuseAFrameAboveMaxFrameBytes(String serializer) {
        try (LoopbackCluster c = pair(serializer, 16, 16 * 1024)) {
            c.awaitConnected(ItSupport.WAIT);
            TransportException e = ItSupport.failure(c.node("a").request("b",
                    ItSupport.FIXTURES.realistic(MessageType.INSTALL_REQUEST), InstallResponse.class),
                    Reason.FRAME_TOO_LARGE);
            assertTrue(e.getMessage().matches("InstallRequest: type 6 encodes to a \\d+-byte frame "
                    + "\\(expected: <= max-frame-bytes 16384\\)"), e.getMessage());
            assertEquals(0, c.node("a").stats().requests().pending());
            assertTrue(c.node("a").isReachable("b"), "the connection is unaffected");
        }
    }

    @Test
    void shouldRefuseUnknownPeersUnregisteredTypesAndClosedTransports() {
        try (LoopbackCluster c = pair("kryo", 16, 16 * 1024 * 1024)) {
            NettyTransport a = c.node("a");
            TransportException unknown = ItSupport.failure(a.request("zz", VOTE, VoteResponse.class),
                    Reason.UNKNOWN_PEER);
            assertEquals("member id = zz (expected: one of [b])", unknown.getMessage());
            TransportException unregistered = ItSupport.failure(a.send("b", "a plain string"), Reason.ENCODE_FAILED);
            assertTrue(unregistered.getMessage().startsWith("java.lang.String is not a registered type"),
                    unregistered.getMessage());
            assertFalse(ItSupport.failure(a.send("b", "x"), Reason.ENCODE_FAILED).retriable());
            c.stop("a");
            TransportException closed = ItSupport.failure(a.request("b", VOTE, VoteResponse.class), Reason.CLOSED);
            assertEquals("transport a is closed", closed.getMessage());
            ItSupport.failure(a.whenReachable("b"), Reason.CLOSED);
        }
    }

    @Test
    void shouldCompleteWhenReachableOnlyOnceConnected() {
        NettyTransport lonely = new NettyTransport(ItSupport.settings().nodeId("lonely").build(),
                ItSupport.serializers("kryo"));
        try (lonely) {
            ItSupport.failure(lonely.request("b", VOTE, VoteResponse.class), Reason.UNKNOWN_PEER);
            lonely.addPeer(new io.raftwire.config.PeerAddress("b", new io.raftwire.config.HostPort("127.0.0.1", 9)));
            TransportException notStarted = ItSupport.failure(lonely.request("b", VOTE, VoteResponse.class),
                    Reason.CLOSED);
            assertEquals("transport lonely is not started", notStarted.getMessage());
            CompletableFuture<Void> reachable = lonely.whenReachable("b");
            lonely.start();
            TransportException e = ItSupport.failure(lonely.request("b", VOTE, VoteResponse.class),
                    Reason.UNREACHABLE);
            assertTrue(e.getMessage().contains("b"), e.getMessage());
            // not listening is normal for a while (a cluster starting); a link that stays down is warned about
            String warning = logs.await("; urgent lane still unreachable after 8 attempts in a row, retries in ");
            assertTrue(warning.contains("cannot connect to b at 127.0.0.1:9: "), warning);
            assertFalse(reachable.isDone());
            lonely.close();
            ItSupport.failure(reachable, Reason.CLOSED);
        }
    }

    @Test
    void shouldFailWaitersWhenTheListenAddressIsTaken() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            NettyTransport late = new NettyTransport(ItSupport.settings().nodeId("late")
                    .listenAddress(new HostPort("127.0.0.1", taken.getLocalPort()))
                    .peers(List.of(new PeerAddress("b", new HostPort("127.0.0.1", 9)))).build(),
                    ItSupport.serializers("kryo"));
            try (late) {
                CompletableFuture<Void> reachable = late.whenReachable("b");
                TransportException bind = assertThrows(TransportException.class, late::start);
                assertEquals(Reason.UNREACHABLE, bind.reason());
                assertTrue(bind.getMessage().startsWith("cannot listen on 127.0.0.1:" + taken.getLocalPort()),
                        bind.getMessage());
                TransportException e = ItSupport.failure(reachable, Reason.CLOSED);
                assertEquals("transport late is closed", e.getMessage());
                ItSupport.failure(late.request("b", VOTE, VoteResponse.class), Reason.CLOSED);
            }
        }
    }
}
