package io.raftwire.bench.cluster;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.AppendEntriesRequest;
import io.microraft.model.message.RaftMessage;
import io.microraft.transport.Transport;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Passes every message to the ideal cluster's {@code LocalTransport} unchanged and counts messages, AppendEntries
 * requests and the entries they carry (two {@link LongAdder} increments per message: the ideal stays an ideal).
 * Thread-safe.
 */
final class CountingTransport implements Transport {

    private final Transport delegate;
    private final LongAdder messages = new LongAdder();
    private final LongAdder appends = new LongAdder();
    private final LongAdder entries = new LongAdder();

    CountingTransport(Transport delegate) {
        this.delegate = delegate;
    }

    @Override
    public void send(RaftEndpoint target, RaftMessage message) {
        messages.increment();
        if (message instanceof AppendEntriesRequest append) {
            appends.increment();
            entries.add(append.getLogEntries().size());
        }
        delegate.send(target, message);
    }

    @Override
    public boolean isReachable(RaftEndpoint endpoint) {
        return delegate.isReachable(endpoint);
    }

    /** {@code msgs}, {@code appends}, {@code entries}: sent so far by this member. */
    Map<String, Long> counts() {
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("msgs", messages.sum());
        counts.put("appends", appends.sum());
        counts.put("entries", entries.sum());
        return counts;
    }
}
