package io.raftwire.node.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.raftwire.node.transport.RaftTransportStats;
import io.raftwire.transport.InboundCounters;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportStats;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class TransportMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final AtomicReference<TransportStats> stats = new AtomicReference<>(stats(List.of(), 0));
    private final AtomicReference<InboundCounters> inbound = new AtomicReference<>(
            new InboundCounters(0, 0, 0, 0, 0, 0));

    private static TransportStats stats(List<MessageStats> messages, long established) {
        return new TransportStats(messages, new TransportStats.Requests(1, 2, 3, 4, 5, 6),
                new TransportStats.Connections(established, 0, 7, 8, 0, 0, 0), Map.of());
    }

    /** A transport that answers stats() only. */
    private Transport transport() {
        return (Transport) Proxy.newProxyInstance(Transport.class.getClassLoader(), new Class<?>[] {Transport.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("stats")) {
                        return stats.get();
                    }
                    if (method.getName().equals("inbound")) {
                        return Optional.of(inbound.get());
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aMessageTypeGetsItsMetersAtTheFirstRefreshThatSeesItAndCountsFollowTheSnapshot() {
        TransportMetrics metrics = new TransportMetrics(registry, transport(), Tags.of("member", "node-a"),
                "members");
        assertNull(registry.find("raftwire.transport.frames.sent").functionCounter());

        stats.set(stats(List.of(new MessageStats(101, "VoteRequestModel", 4, 400, 0, 2, 180, 0, 1)), 3));
        assertNull(registry.find("raftwire.transport.frames.sent").functionCounter(), "not before a refresh");
        metrics.refresh();

        assertEquals(4, registry.get("raftwire.transport.frames.sent").tags("transport", "members", "type",
                "VoteRequestModel").functionCounter().count());
        assertEquals(400, registry.get("raftwire.transport.sent").tag("type", "VoteRequestModel").functionCounter()
                .count());
        assertEquals(2, registry.get("raftwire.transport.frames.received").functionCounter().count());
        assertEquals(180, registry.get("raftwire.transport.received").functionCounter().count());
        assertEquals(1, registry.get("raftwire.transport.decode.failures").functionCounter().count());
        assertEquals(3, registry.get("raftwire.transport.connections.established").functionCounter().count());
        assertEquals(7, registry.get("raftwire.transport.connect.failures").functionCounter().count());
        assertEquals(8, registry.get("raftwire.transport.handshake.refusals").functionCounter().count());
        assertEquals(3, registry.get("raftwire.transport.requests.rejected").functionCounter().count());
        assertEquals(1, registry.get("raftwire.transport.requests.pending").gauge().value());
        assertEquals(0, registry.get("raftwire.transport.tls.failures").functionCounter().count());

        inbound.set(new InboundCounters(4, 1, 2, 3, 5, 6));
        metrics.refresh();
        assertEquals(4, registry.get("raftwire.transport.connections.open").gauge().value());
        assertEquals(1, registry.get("raftwire.transport.connections.unauthenticated").gauge().value());
        assertEquals(5, registry.get("raftwire.transport.tls.failures").functionCounter().count());
        assertEquals(2, registry.get("raftwire.transport.connections.refused").tag("reason", "over_cap")
                .functionCounter().count());
        assertEquals(3, registry.get("raftwire.transport.connections.refused").tag("reason", "handshake_rate")
                .functionCounter().count());
        assertEquals(6, registry.get("raftwire.transport.connections.refused").tag("reason", "inbound_buffer")
                .functionCounter().count());

        metrics.close();
        assertEquals(List.of(), registry.getMeters());
    }

    @Test
    void raftMessageDropsAndRefusalsAreCountedByReason() {
        AtomicReference<RaftTransportStats> raft = new AtomicReference<>(
                new RaftTransportStats(0, 0, Map.of(), 0, 0, 0, 0, 0));
        RaftPathMetrics metrics = new RaftPathMetrics(registry, raft::get, Tags.of("member", "node-a"));
        raft.set(new RaftTransportStats(10, 5, Map.of(TransportException.Reason.OVERLOADED, 3L), 2, 9, 1, 4, 6));
        metrics.refresh();

        assertEquals(10, registry.get("raftwire.raft.messages.sent").functionCounter().count());
        assertEquals(9, registry.get("raftwire.raft.messages.received").functionCounter().count());
        assertEquals(3, registry.get("raftwire.raft.messages.dropped").tag("reason", "overloaded").functionCounter()
                .count());
        assertEquals(0, registry.get("raftwire.raft.messages.dropped").tag("reason", "unreachable")
                .functionCounter().count());
        assertEquals(2, registry.get("raftwire.raft.messages.dropped").tag("reason", "other").functionCounter()
                .count());
        assertEquals(1, registry.get("raftwire.raft.messages.refused").tag("reason", "sender").functionCounter()
                .count());
        assertEquals(4, registry.get("raftwire.raft.messages.refused").tag("reason", "unknown_group")
                .functionCounter().count());
        assertEquals(6, registry.get("raftwire.raft.messages.refused").tag("reason", "engine").functionCounter()
                .count());
        metrics.close(); // also keeps the binder reachable until here: the meters hold it weakly
        assertEquals(List.of(), registry.getMeters());
    }

    @Test
    void sessionCountersReadTheClientTransportsCommandAndQueryRequests() {
        AtomicLong expired = new AtomicLong(2);
        SessionMetrics metrics = new SessionMetrics(registry, Tags.of("member", "node-a"), () -> 5, expired::get,
                () -> stats(List.of(
                new MessageStats(40, "CommandRequest", 0, 0, 0, 12, 1200, 0, 0),
                new MessageStats(41, "QueryRequest", 0, 0, 0, 3, 300, 0, 0)), 1));

        assertEquals(5, registry.get("raftwire.sessions.open").gauge().value());
        assertEquals(2, registry.get("raftwire.sessions.expired").functionCounter().count());
        assertEquals(12, registry.get("raftwire.sessions.commands").functionCounter().count());
        assertEquals(3, registry.get("raftwire.sessions.queries").functionCounter().count());
        metrics.close(); // also keeps the binder reachable until here: the meters hold it weakly
        assertEquals(List.of(), registry.getMeters());
    }

    /**
     * Micrometer holds what a gauge or function counter reads weakly: a node hands the binder method references
     * nothing else holds, so the binder must keep them, or the meters read NaN or stop after a garbage collection.
     */
    @Test
    void theSessionMetersStillReadAfterAGarbageCollection() {
        AtomicInteger open = new AtomicInteger(5);
        AtomicLong expired = new AtomicLong(2);
        AtomicReference<TransportStats> clients = new AtomicReference<>(stats(List.of(
                new MessageStats(40, "CommandRequest", 0, 0, 0, 12, 1200, 0, 0)), 1));
        SessionMetrics metrics = new SessionMetrics(registry, Tags.of("member", "node-a"), open::get, expired::get,
                clients::get);
        System.gc();
        open.set(6);
        expired.set(3);
        clients.set(stats(List.of(new MessageStats(40, "CommandRequest", 0, 0, 0, 13, 1300, 0, 0)), 1));

        assertEquals(6, registry.get("raftwire.sessions.open").gauge().value());
        assertEquals(3, registry.get("raftwire.sessions.expired").functionCounter().count());
        assertEquals(13, registry.get("raftwire.sessions.commands").functionCounter().count());
        metrics.close();
    }
}
