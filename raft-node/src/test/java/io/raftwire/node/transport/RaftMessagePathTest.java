package io.raftwire.node.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.RaftNode;
import io.microraft.model.message.RaftMessage;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.VoteRequestModel;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import io.raftwire.transport.netty.testkit.LogCapture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The Raft message path without sockets: what is sent, dropped, routed and refused, and that nothing throws. */
class RaftMessagePathTest {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", RaftMessageRouter.class.getName());

    private final NodeEndpoint n1 = new NodeEndpoint("node-1");
    private final NodeEndpoint n2 = new NodeEndpoint("node-2");
    private final VoteRequestModel vote = new VoteRequestModel("g", n1, 2, 1, 10, false);

    @Test
    void countsWrittenAndDroppedMessagesByReasonAndNeverThrowsOnTheRaftThread() {
        RaftTransportCounters counters = new RaftTransportCounters();
        List<Object> calls = new ArrayList<>();
        Transport fake = transport(args -> {
            calls.add(args[0]);
            return switch ((String) args[0]) {
                case "node-2" -> CompletableFuture.completedFuture(null);
                case "node-3" -> CompletableFuture.failedFuture(
                        new TransportException(TransportException.Reason.OVERLOADED, "node-3", "peer not reading", null));
                default -> throw new IllegalStateException("encoder exploded");
            };
        });
        RaftMessageTransport t = new RaftMessageTransport(fake, counters);
        t.send(n2, vote);
        t.send(new NodeEndpoint("node-3"), vote);
        t.send(new NodeEndpoint("node-4"), vote);
        t.send(() -> "not-a-node-endpoint", vote);
        RaftTransportStats stats = counters.snapshot();
        assertEquals(List.of("node-2", "node-3", "node-4"), calls);
        assertEquals(1, stats.sent());
        assertEquals(3, stats.dropped());
        assertEquals(1L, stats.droppedBy().get(TransportException.Reason.OVERLOADED));
        assertEquals(2, stats.droppedOther(), "the throwing send and the foreign endpoint");
        assertFalse(t.isReachable(() -> "x"));
    }

    @Test
    void refusesAMessageWhoseClaimedSenderIsNotTheConnectionsMember() {
        RaftTransportCounters counters = new RaftTransportCounters();
        List<RaftMessage> handled = new ArrayList<>();
        RaftMessageRouter router = new RaftMessageRouter(counters);
        router.register("g", node(handled));
        router.handle("node-2", vote);
        router.handle("node-1", vote);
        assertEquals(List.of(vote), handled);
        assertSame(vote, handled.get(0));
        RaftTransportStats stats = counters.snapshot();
        assertEquals(1, stats.refusedSender());
        assertEquals(1, stats.received());
        logs.await("refused VoteRequestModel from connection of member node-2: it claims sender node-1"
                + " (expected: node-2)");
    }

    /** A peer forging the sender of every frame is refused every time, counted, and logged a few lines per window. */
    @Test
    void aSenderForgedOnEveryFrameIsLoggedAFewTimesAndCountedEveryTime() {
        RaftTransportCounters counters = new RaftTransportCounters();
        List<RaftMessage> handled = new ArrayList<>();
        RaftMessageRouter router = new RaftMessageRouter(counters);
        router.register("g", node(handled));
        for (int i = 0; i < 1_000; i++) {
            router.handle("node-3", vote);
        }
        assertEquals(List.of(), handled);
        assertEquals(1_000, counters.snapshot().refusedSender());
        logs.await("it claims sender node-1 (expected: node-3)");
        long lines = logs.lines().stream().filter(l -> l.contains("it claims sender")).count();
        assertTrue(lines >= 1 && lines <= 10, lines + " warnings for 1,000 forged frames");
    }

    @Test
    void routesByGroupIdAndCountsMessagesOfUnknownGroups() {
        RaftTransportCounters counters = new RaftTransportCounters();
        List<RaftMessage> g1 = new ArrayList<>();
        List<RaftMessage> g2 = new ArrayList<>();
        RaftMessageRouter router = new RaftMessageRouter(counters);
        router.register("g", node(g1));
        router.register("other", node(g2));
        VoteRequestModel toOther = new VoteRequestModel("other", n1, 2, 1, 10, false);
        VoteRequestModel toNobody = new VoteRequestModel("nobody", n1, 2, 1, 10, false);
        router.handle("node-1", vote);
        router.handle("node-1", toOther);
        router.handle("node-1", toNobody);
        assertEquals(List.of(vote), g1);
        assertEquals(List.of(toOther), g2);
        assertEquals(1, counters.snapshot().unknownGroup());
    }

    @Test
    void catchesWhatTheEngineThrows() {
        RaftTransportCounters counters = new RaftTransportCounters();
        RaftMessageRouter router = new RaftMessageRouter(counters);
        router.register("g", (RaftNode) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {RaftNode.class}, (p, m, a) -> {
                    throw new IllegalArgumentException("unknown message type");
                }));
        router.handle("node-1", vote);
        assertEquals(1, counters.snapshot().handleFailed());
    }

    private RaftNode node(List<RaftMessage> handled) {
        return (RaftNode) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {RaftNode.class},
                (p, m, a) -> {
                    if (m.getName().equals("handle")) {
                        handled.add((RaftMessage) a[0]);
                        return null;
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }

    private Transport transport(Function<Object[], CompletableFuture<Void>> send) {
        return (Transport) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Transport.class},
                (p, m, a) -> switch (m.getName()) {
                    case "send" -> send.apply(a);
                    case "isReachable" -> true;
                    default -> throw new UnsupportedOperationException(m.getName());
                });
    }
}
