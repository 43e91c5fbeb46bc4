package io.raftwire.bench.cluster;

import java.util.concurrent.TimeUnit;

/**
 * How long each workload runs and how many puts the pipelined one keeps outstanding.
 *
 * @param warmupMillis  warm-up of each workload, {@code >= 0}
 * @param measureMillis measurement of each workload, {@code > 0}
 * @param inflight      outstanding puts of (b), 1..1024
 */
record Phases(long warmupMillis, long measureMillis, int inflight) {

    /** Checks. */
    Phases {
        if (warmupMillis < 0 || measureMillis <= 0) {
            throw new IllegalArgumentException("warm-up " + warmupMillis + " ms, measurement " + measureMillis
                    + " ms (expected: warm-up >= 0, measurement > 0)");
        }
        if (inflight < 1 || inflight > 1024) {
            throw new IllegalArgumentException("inflight = " + inflight + " (expected: 1..1024)");
        }
    }

    long warmupNanos() {
        return TimeUnit.MILLISECONDS.toNanos(warmupMillis);
    }

    long measureNanos() {
        return TimeUnit.MILLISECONDS.toNanos(measureMillis);
    }
}
