package io.raftwire.node.transport;

import io.raftwire.transport.TransportException;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of the Raft message path, shared by {@link RaftMessageTransport} (outbound) and {@link RaftMessageRouter}
 * (inbound). A dropped Raft message is never an error for the engine (it re-sends after a backoff of about a second),
 * so these counters are the only place a drop shows. Thread-safe; increments are contention-free.
 */
public final class RaftTransportCounters {

    private final LongAdder sent = new LongAdder();
    private final Map<TransportException.Reason, LongAdder> dropped = new EnumMap<>(TransportException.Reason.class);
    private final LongAdder droppedOther = new LongAdder();
    private final LongAdder received = new LongAdder();
    private final LongAdder refusedSender = new LongAdder();
    private final LongAdder unknownGroup = new LongAdder();
    private final LongAdder handleFailed = new LongAdder();

    /** Creates zeroed counters. */
    public RaftTransportCounters() {
        for (TransportException.Reason r : TransportException.Reason.values()) {
            dropped.put(r, new LongAdder());
        }
    }

    void sent() {
        sent.increment();
    }

    void dropped(Throwable cause) {
        Throwable c = cause;
        while (c != null && !(c instanceof TransportException) && c.getCause() != c) {
            c = c.getCause();
        }
        if (c instanceof TransportException te) {
            dropped.get(te.reason()).increment();
        } else {
            droppedOther.increment();
        }
    }

    void received() {
        received.increment();
    }

    void refusedSender() {
        refusedSender.increment();
    }

    void unknownGroup() {
        unknownGroup.increment();
    }

    void handleFailed() {
        handleFailed.increment();
    }

    /** A consistent-enough snapshot of the counters (each read once). */
    public RaftTransportStats snapshot() {
        Map<TransportException.Reason, Long> byReason = new EnumMap<>(TransportException.Reason.class);
        long total = droppedOther.sum();
        for (Map.Entry<TransportException.Reason, LongAdder> e : dropped.entrySet()) {
            long n = e.getValue().sum();
            if (n > 0) {
                byReason.put(e.getKey(), n);
                total += n;
            }
        }
        return new RaftTransportStats(sent.sum(), total, byReason, droppedOther.sum(), received.sum(),
                refusedSender.sum(), unknownGroup.sum(), handleFailed.sum());
    }
}
