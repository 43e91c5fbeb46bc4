package io.raftwire.bench.transport;

import org.HdrHistogram.Histogram;

import java.util.concurrent.TimeUnit;

/**
 * The raw Netty loopback round trip the cluster benchmark's sequential target is stated in: the raw echo of this package ({@link RawEchoExchange}: same frames, same pipeline front,
 * no serializer) with the vote pair (small frames, like an AppendEntries carrying one command and its response) and
 * flush coalescing on (the transport's default), one request in flight, timed on the calling thread. Run it in the
 * cluster benchmark's JVM of its own, in the same sitting as the clusters.
 */
public final class RawRoundTrip {

    private static final long CALL_TIMEOUT_SECONDS = 10;
    private static final long MAX_NS = TimeUnit.SECONDS.toNanos(10);

    private RawRoundTrip() {
    }

    /**
     * Round-trip latencies.
     *
     * @param p50Micros  median round trip, µs
     * @param p99Micros  99th percentile, µs
     * @param perSecond  round trips per second during the measurement
     * @param count      round trips measured
     */
    public record Result(double p50Micros, double p99Micros, double perSecond, long count) {
    }

    /**
     * Warms up for {@code warmupNanos}, then measures for {@code measureNanos}, one round trip at a time.
     *
     * @param serializer whose encoded vote pair the frames carry
     * @throws Exception if the echo cannot be set up or a round trip fails or takes longer than 10 s
     */
    public static Result measure(String serializer, long warmupNanos, long measureNanos) throws Exception {
        try (RawEchoExchange echo = new RawEchoExchange(serializer, MessagePair.VOTE, true)) {
            long warmEnd = System.nanoTime() + warmupNanos;
            while (System.nanoTime() < warmEnd) {
                echo.call().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
            Histogram h = new Histogram(MAX_NS, 3);
            long start = System.nanoTime();
            long end = start + measureNanos;
            long t1 = start;
            while (t1 < end) {
                long t0 = System.nanoTime();
                echo.call().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                t1 = System.nanoTime();
                h.recordValue(Math.min(t1 - t0, MAX_NS));
            }
            return new Result(h.getValueAtPercentile(50) / 1e3, h.getValueAtPercentile(99) / 1e3,
                    h.getTotalCount() * 1e9 / (t1 - start), h.getTotalCount());
        }
    }
}
