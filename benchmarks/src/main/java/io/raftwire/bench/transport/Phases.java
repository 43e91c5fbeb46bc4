package io.raftwire.bench.transport;

/**
 * How long each phase of one probe runs, in milliseconds, and the pipelined window. {@link Probe} runs them in this
 * order: pipelined warm-up, one-in-flight warm-up, one-in-flight measurement, pipelined measurement.
 *
 * @param latencyWarmupMs   one request in flight, not recorded
 * @param latencyMs         one request in flight, every round trip recorded
 * @param pipelinedWarmupMs {@code window} requests in flight, not counted
 * @param pipelinedMs       {@code window} requests in flight, completions counted
 * @param window            requests in flight in the pipelined phases (a semaphore bounds them)
 */
record Phases(long latencyWarmupMs, long latencyMs, long pipelinedWarmupMs, long pipelinedMs, int window) {

    /** Checks every value. */
    Phases {
        if (latencyWarmupMs < 0 || latencyMs <= 0 || pipelinedWarmupMs < 0 || pipelinedMs <= 0) {
            throw new IllegalArgumentException("phases = " + latencyWarmupMs + "+" + latencyMs + " ms, "
                    + pipelinedWarmupMs + "+" + pipelinedMs + " ms (expected: warm-ups >= 0, measurements > 0)");
        }
        if (window < 1 || window > 1024) {
            throw new IllegalArgumentException("window = " + window + " (expected: 1..1024)");
        }
    }
}
