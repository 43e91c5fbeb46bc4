package io.raftwire.node.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class StoreMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final StoreMetrics metrics = new StoreMetrics(registry, "g", "node-a");

    @Test
    void fsyncsAreTimedAppendsCountedAndTheSegmentCountFollowsTheLastReport() {
        metrics.onForce(TimeUnit.MILLISECONDS.toNanos(3));
        metrics.onForce(TimeUnit.MILLISECONDS.toNanos(5));
        metrics.onAppend(100);
        metrics.onAppend(28);
        metrics.onSegments(3);
        metrics.onSegments(2);

        assertEquals(2, registry.get("raftwire.store.fsync").tags("group", "g", "member", "node-a").timer().count());
        assertEquals(8, registry.get("raftwire.store.fsync").timer().totalTime(TimeUnit.MILLISECONDS), 1e-9);
        assertEquals(128, registry.get("raftwire.store.appended").counter().count());
        assertEquals(2, registry.get("raftwire.store.segments").gauge().value());
    }

    @Test
    void theSnapshotSizeIsTheSumOfTheChunksOfTheNewestSnapshot() {
        metrics.onSnapshotChunk(50, 300);
        metrics.onSnapshotChunk(50, 200);
        assertEquals(500, registry.get("raftwire.store.snapshot").gauge().value());

        metrics.onSnapshotChunk(100, 70);

        assertEquals(70, registry.get("raftwire.store.snapshot").gauge().value());
    }

    @Test
    void closeRemovesTheMeters() {
        metrics.close();

        assertEquals(List.of(), registry.getMeters());
    }
}
