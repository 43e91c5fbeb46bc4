package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Requests whose peer does not answer, dies, or comes back: each future completes, with the reason that says what
 * happened, and never waits for its deadline when the connection is gone.
 */
@ExtendWith(LeakDetectionExtension.class)
class PeerFailureIT {

    /** Far longer than any test: a request failing before it must have failed for another reason. */
    private static final Duration LONG = Duration.ofMinutes(10);

    private static VoteRequest vote() {
        return (VoteRequest) ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);
    }

    private static LoopbackCluster pair(String serializer, CompletableFuture<VoteResponse> never) {
        return new LoopbackCluster(List.of("a", "b"), id -> ItSupport.settings(),
                id -> ItSupport.serializers(serializer), t -> t.onRequest(VoteRequest.class, (from, v) -> never));
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldTimeOutAnUnansweredRequest(String serializer) {
        try (LoopbackCluster c = pair(serializer, new CompletableFuture<>())) {
            c.awaitConnected(ItSupport.WAIT);
            TransportException e = ItSupport.failure(
                    c.node("a").request("b", vote(), VoteResponse.class, Duration.ofMillis(200)), Reason.TIMEOUT);
            assertEquals("no response from b to VoteRequest within 200 ms", e.getMessage());
            assertTrue(e.retriable());
            assertEquals(1, c.node("a").stats().requests().timeouts());
            assertEquals(0, c.node("a").stats().requests().pending());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldFailPendingRequestsAtOnceWhenThePeerDies(String serializer) {
        try (LoopbackCluster c = pair(serializer, new CompletableFuture<>())) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            List<CompletableFuture<VoteResponse>> pending = List.of(a.request("b", vote(), VoteResponse.class, LONG),
                    a.request("b", vote(), VoteResponse.class, LONG), a.request("b", vote(), VoteResponse.class, LONG));
            Await.until(ItSupport.WAIT, () -> c.node("b").stats().message(MessageType.VOTE_REQUEST.id()) != null
                    && c.node("b").stats().message(MessageType.VOTE_REQUEST.id()).received() == 3,
                    () -> "b received the votes");
            c.stop("b");
            for (CompletableFuture<VoteResponse> f : pending) {
                TransportException e = ItSupport.failure(f, Reason.CONNECTION_CLOSED);
                assertTrue(e.getMessage().startsWith("connection to b closed"), e.getMessage());
            }
            assertEquals(0, a.stats().requests().pending());
            assertEquals(0, a.stats().requests().timeouts());
            Await.until(ItSupport.WAIT, () -> !a.isReachable("b"), () -> "b unreachable");
            ItSupport.failure(a.request("b", vote(), VoteResponse.class, LONG), Reason.UNREACHABLE);
        }
    }

    /**
     * Futures complete on the I/O and timer threads, so a caller may well try to close the transport from one. From the
     * timer thread that used to close everything but the timer, whose thread then ran forever.
     */
    @Test
    void shouldRefuseCloseFromTheTimerThreadAndStopItsThreadsOnClose() {
        try (LoopbackCluster c = pair("kryo", new CompletableFuture<>())) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            CompletableFuture<Thread> timerThread = new CompletableFuture<>();
            CompletableFuture<Throwable> closeFromTimer = new CompletableFuture<>();
            a.request("b", vote(), VoteResponse.class, Duration.ofMillis(50)).whenComplete((r, failure) -> {
                timerThread.complete(Thread.currentThread());
                try {
                    a.close();
                    closeFromTimer.complete(null);
                } catch (RuntimeException e) {
                    closeFromTimer.complete(e);
                }
            });
            Throwable refused = Await.value(closeFromTimer, ItSupport.WAIT);
            assertInstanceOf(IllegalStateException.class, refused);
            assertEquals("close() called from the timer thread of transport a (expected: another thread; it stops the"
                    + " timer, which cannot stop itself)", refused.getMessage());
            assertTrue(a.isReachable("b"), "nothing was closed");
            assertFalse(threadsOf("a").isEmpty(), "a's threads are found by name");
            a.close();
            assertFalse(timerThread.join().isAlive(), timerThread.join() + " still runs after close()");
            // An event loop reports termination just before its thread exits.
            Await.until(ItSupport.WAIT, () -> threadsOf("a").isEmpty(), () -> "threads of a still running after"
                    + " close(): " + threadsOf("a"));
        }
    }

    private static List<String> threadsOf(String node) {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("raftwire-io-" + node + "-") || n.startsWith("raftwire-timer-" + node + "-"))
                .sorted().toList();
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldReconnectAfterThePeerRestarts(String serializer) {
        VoteResponse answer = (VoteResponse) ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE);
        try (LoopbackCluster c = pair(serializer, CompletableFuture.completedFuture(answer))) {
            c.awaitConnected(ItSupport.WAIT);
            NettyTransport a = c.node("a");
            assertEquals(answer, Await.value(a.request("b", vote(), VoteResponse.class), ItSupport.WAIT));
            c.stop("b");
            Await.until(ItSupport.WAIT, () -> !a.isReachable("b"), () -> "b unreachable after stop");
            assertFalse(a.isReachable("b"));
            c.restart("b");
            Await.value(a.whenReachable("b"), ItSupport.WAIT);
            assertEquals(answer, Await.value(a.request("b", vote(), VoteResponse.class), ItSupport.WAIT));
            assertTrue(a.stats().connections().reconnects() >= 1, a.stats().connections().toString());
        }
    }
}
