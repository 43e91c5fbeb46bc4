package io.raftwire.serializer;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The counters behind {@link PoolStats}, for providers. Both events are rare (first use on a thread, an oversized
 * buffer), so the hot path never touches them. Thread-safe.
 */
public final class PoolCounters {

    private final AtomicLong created = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /** Counts one reusable state created. */
    public void created() {
        created.incrementAndGet();
    }

    /** Counts one buffer dropped for being larger than the pooling limit. */
    public void dropped() {
        dropped.incrementAndGet();
    }

    /** The current values. */
    public PoolStats snapshot() {
        return new PoolStats(created.get(), dropped.get());
    }
}
