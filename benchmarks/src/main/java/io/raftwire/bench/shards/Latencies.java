package io.raftwire.bench.shards;

import java.util.Arrays;

/**
 * Latencies of the operations completed in a measurement window, in nanoseconds, for percentiles. One instance per
 * thread (not thread-safe); {@link #merge} joins them.
 */
final class Latencies {

    private long[] nanos = new long[1 << 12];
    private int count;

    void add(long latencyNanos) {
        if (count == nanos.length) {
            nanos = Arrays.copyOf(nanos, count * 2);
        }
        nanos[count++] = latencyNanos;
    }

    int count() {
        return count;
    }

    /** A new instance holding every latency of {@code parts}. */
    static Latencies merge(Iterable<Latencies> parts) {
        Latencies all = new Latencies();
        for (Latencies p : parts) {
            for (int i = 0; i < p.count; i++) {
                all.add(p.nanos[i]);
            }
        }
        return all;
    }

    /**
     * The {@code fraction} percentile in microseconds (nearest rank), or 0 if nothing was recorded.
     *
     * @param fraction 0..1, e.g. 0.5 for the median
     */
    double percentileMicros(double fraction) {
        if (count == 0) {
            return 0;
        }
        long[] sorted = Arrays.copyOf(nanos, count);
        Arrays.sort(sorted);
        int rank = (int) Math.ceil(fraction * count) - 1;
        return sorted[Math.max(0, Math.min(count - 1, rank))] / 1000.0;
    }
}
