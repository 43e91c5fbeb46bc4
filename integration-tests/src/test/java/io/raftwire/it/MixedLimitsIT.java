package io.raftwire.it;

import io.raftwire.config.PeerAddress;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.InstallRequest;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.InstallResponse;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.TransportStats;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import io.raftwire.transport.netty.testkit.TcpProxy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nodes configured with different {@code max-frame-bytes} and {@code idle-timeout-ms} announce them at handshake and
 * respect each other's: a frame the peer could not read fails at once with {@code FRAME_TOO_LARGE} instead of
 * closing the connection, and a quiet connection is pinged often enough for the side with the shorter timeout.
 */
@ExtendWith(LeakDetectionExtension.class)
class MixedLimitsIT {

    private static final int SMALL_FRAME_BYTES = 16 * 1024;
    /** b's idle timeout: long enough that a stall of the loaded CI machine (two test JVMs on 2 cores) is no idle gap. */
    private static final int SHORT_IDLE_MS = 1500;
    private static final int PINGS = 10;

    /**
     * b reads frames up to 16 KiB, a writes up to 16 MiB. An install request between the two used to be written, b
     * closed the connection on its length field, and the request failed with a retriable CONNECTION_CLOSED, again on
     * every retry. It must fail at once, not retriable, and the connection must carry the next vote.
     */
    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldRefuseAFrameAboveThePeersLimitAndKeepTheConnection(String serializer) {
        try (LoopbackCluster c = new LoopbackCluster(List.of("a", "b"),
                // the bulk threshold at its largest valid value (1 GiB), above every frame: one lane per peer
                id -> ItSupport.settings().bulkThresholdBytes(1 << 30)
                        .maxFrameBytes(id.equals("b") ? SMALL_FRAME_BYTES : 16 * 1024 * 1024),
                id -> ItSupport.serializers(serializer), t -> {
                    t.onRequest(VoteRequest.class, (from, v) -> CompletableFuture.completedFuture(
                            ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE)));
                    t.onRequest(InstallRequest.class, (from, v) -> CompletableFuture.completedFuture(
                            ItSupport.FIXTURES.realistic(MessageType.INSTALL_RESPONSE)));
                })) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            Object install = ItSupport.FIXTURES.realistic(MessageType.INSTALL_REQUEST);
            for (int attempt = 0; attempt < 3; attempt++) {
                TransportException e = ItSupport.failure(a.request("b", install, InstallResponse.class),
                        Reason.FRAME_TOO_LARGE);
                assertFalse(e.retriable());
                assertTrue(e.getMessage().matches("frame of \\d+ bytes exceeds b's max-frame-bytes = "
                        + SMALL_FRAME_BYTES), e.getMessage());
                Await.value(a.request("b", ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST),
                        VoteResponse.class), ItSupport.WAIT);
            }
            assertTrue(a.isReachable("b"));
            assertEquals(0, a.stats().connections().reconnects(), "the connection to b was never lost");
            assertEquals(0, c.node("b").stats().connections().protocolErrors());
            assertEquals(0, a.stats().requests().pending());
        }
    }

    /**
     * b closes connections silent for 1.5 s; a has idle detection off, or a timeout far longer. a used to ping at a
     * third of its own timeout (or never), so b closed every quiet connection and they were re-established over and
     * over. a must ping at 500 ms: over several of b's idle periods nothing is closed or re-established. The two
     * settings of a (off, and 60 s) run side by side, each against a b of its own, so that they share the wait.
     */
    @Test
    void shouldKeepAQuietConnectionBetweenDifferentIdleTimeouts() throws IOException {
        try (QuietPair off = new QuietPair(0); QuietPair longer = new QuietPair(60_000)) {
            off.connect();
            longer.connect();
            off.awaitPings();
            longer.awaitPings();
            off.assertNothingClosedOrReestablished();
            longer.assertNothingClosedOrReestablished();
        }
    }

    /**
     * a (idle timeout {@code idleOfA}, 0 = off) and b ({@value #SHORT_IDLE_MS} ms), each dialling the other through a
     * proxy that counts the bytes it forwards.
     */
    private static final class QuietPair implements AutoCloseable {

        private final int idleOfA;
        private final NettyTransport a;
        private final NettyTransport b;
        private TcpProxy toB;
        private TcpProxy toA;
        private int acceptedByB;
        private int acceptedByA;
        private long reconnectsOfA;
        private long reconnectsOfB;
        private long fromA;
        private long fromAAccepted;

        QuietPair(int idleOfA) {
            this.idleOfA = idleOfA;
            this.a = new NettyTransport(ItSupport.settings().nodeId("a").idleTimeoutMs(idleOfA).build(),
                    ItSupport.serializers("kryo"));
            this.b = new NettyTransport(ItSupport.settings().nodeId("b").idleTimeoutMs(SHORT_IDLE_MS).build(),
                    ItSupport.serializers("kryo"));
        }

        void connect() throws IOException {
            a.start();
            b.start();
            toB = new TcpProxy(b.localAddress(), 0);
            toA = new TcpProxy(a.localAddress(), 0);
            a.addPeer(new PeerAddress("b", toB.address()));
            b.addPeer(new PeerAddress("a", toA.address()));
            Await.value(a.whenReachable("b"), ItSupport.WAIT);
            Await.value(b.whenReachable("a"), ItSupport.WAIT);
            // A first attempt may have been refused (a peer added before the other side knew it): count from here.
            acceptedByB = toB.accepted();
            acceptedByA = toA.accepted();
            reconnectsOfA = a.stats().connections().reconnects();
            reconnectsOfB = b.stats().connections().reconnects();
            // a's bytes on both connections: as the connecting side through toB, as the accepting side through toA
            fromA = toB.forwardedFromClients();
            fromAAccepted = toA.forwardedToClients();
        }

        void awaitPings() {
            long pingBytes = FrameDescriptor.HEADER_LENGTH;
            Await.until(ItSupport.WAIT, () -> toB.forwardedFromClients() - fromA >= PINGS * pingBytes
                    && toA.forwardedToClients() - fromAAccepted >= PINGS * pingBytes,
                    () -> "a (idle timeout " + idleOfA + " ms) pinged b " + PINGS + " times on each connection (sent "
                            + (toB.forwardedFromClients() - fromA) + " and "
                            + (toA.forwardedToClients() - fromAAccepted) + " bytes)");
        }

        void assertNothingClosedOrReestablished() {
            String which = " (a's idle timeout " + idleOfA + " ms)";
            for (NettyTransport t : List.of(a, b)) {
                TransportStats.Connections stats = t.stats().connections();
                assertEquals(0, stats.idleCloses(), "idle closes on " + t.memberId() + which);
            }
            assertEquals(reconnectsOfA, a.stats().connections().reconnects(), "reconnects on a" + which);
            assertEquals(reconnectsOfB, b.stats().connections().reconnects(), "reconnects on b" + which);
            assertEquals(acceptedByB, toB.accepted(), "a's connection to b was not re-established" + which);
            assertEquals(acceptedByA, toA.accepted(), "b's connection to a was not re-established" + which);
            assertTrue(a.isReachable("b") && b.isReachable("a"), "a and b reach each other" + which);
        }

        @Override
        public void close() {
            try (a; b) {
                if (toB != null) {
                    toB.close();
                }
                if (toA != null) {
                    toA.close();
                }
            }
        }
    }
}
