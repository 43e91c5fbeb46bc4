package io.raftwire.node.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.raftwire.node.store.StoreListener;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The meters of a member's {@code FileRaftStore}: fsync latency, bytes appended to the log, log segments and the size
 * of the newest snapshot written. Tags {@code group} and {@code member}. Thread-safe.
 */
public final class StoreMetrics implements StoreListener {

    private final MeterRegistry registry;
    private final Timer fsync;
    private final Counter appended;
    private final AtomicLong segments = new AtomicLong();
    private final AtomicLong snapshotBytes = new AtomicLong();
    private final List<Meter> meters;
    private long snapshotIndex = -1; // guarded by this
    private long snapshotSum; // guarded by this

    /**
     * Registers the store's meters.
     *
     * @param registry where the meters go
     * @param group    the Raft group id
     * @param member   this member's id
     */
    public StoreMetrics(MeterRegistry registry, String group, String member) {
        this.registry = Objects.requireNonNull(registry, "registry");
        Tags tags = Tags.of("group", group, "member", member);
        fsync = Timer.builder("raftwire.store.fsync").tags(tags).publishPercentileHistogram()
                .description("time of one fsync of a log segment, snapshot, state file or directory")
                .register(registry);
        appended = Counter.builder("raftwire.store.appended").baseUnit("bytes").tags(tags)
                .description("bytes of log entries written to segments, record framing included").register(registry);
        Meter segmentGauge = Gauge.builder("raftwire.store.segments", segments, AtomicLong::get).tags(tags)
                .description("log segment files").register(registry);
        Meter snapshotGauge = Gauge.builder("raftwire.store.snapshot", snapshotBytes, AtomicLong::get)
                .baseUnit("bytes").tags(tags)
                .description("bytes written for the newest snapshot (taken here or sent by a leader)")
                .register(registry);
        meters = List.of(fsync, appended, segmentGauge, snapshotGauge);
    }

    @Override
    public void onForce(long nanos) {
        fsync.record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void onAppend(int bytes) {
        appended.increment(bytes);
    }

    @Override
    public void onSegments(int count) {
        segments.set(count);
    }

    @Override
    public synchronized void onSnapshotChunk(long index, int bytes) {
        if (index != snapshotIndex) {
            snapshotIndex = index;
            snapshotSum = 0;
        }
        snapshotSum += bytes;
        snapshotBytes.set(snapshotSum);
    }

    /** Removes the store's meters from the registry. */
    public void close() {
        meters.forEach(registry::remove);
    }
}
