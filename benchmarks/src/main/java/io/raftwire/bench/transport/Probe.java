package io.raftwire.bench.transport;

import com.sun.management.OperatingSystemMXBean;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one {@link Scenario} in the current JVM and prints its results as {@code RESULT} lines (read by
 * {@link TransportLatency}). A pipelined warm-up (many iterations quickly, for the JIT) and a one-in-flight warm-up
 * come first, then:
 * <ol>
 *   <li>one request in flight: the calling thread sends, waits for the response, sends the next; after the warm-up
 *       every round trip is timed with {@link System#nanoTime()} (send to response seen by the caller) and kept in a
 *       {@code long[]} that is sorted for the percentiles;</li>
 *   <li>pipelined: the calling thread keeps {@link Phases#window()} requests in flight (a {@link Semaphore}; a
 *       completion releases a permit on the I/O thread), and the responses completed during the measurement are
 *       counted.</li>
 * </ol>
 * Every wait is bounded; a probe that stalls fails instead of hanging.
 */
final class Probe {

    private static final long CALL_TIMEOUT_SECONDS = 10;
    private static final int MAX_SAMPLES = 1_000_000;
    private static final OperatingSystemMXBean CPU =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private final Exchange exchange;

    private Probe(Exchange exchange) {
        this.exchange = exchange;
    }

    /**
     * Runs the scenario and prints {@code RESULT payload <request B> <response B>}, {@code RESULT latency <count>
     * <req/s> <p50> <p90> <p99> <p99.9> <max> <cpu> <serialization>} and {@code RESULT pipelined <window> <req/s>
     * <completed> <failed> <cpu> <serialization>}; times in ns, {@code cpu} is the CPU time of the whole process (both
     * sides, every thread) and {@code serialization} the time the transport's counters attribute to encoding and
     * decoding (both sides), each per completed round trip during the measurement.
     *
     * @throws IllegalStateException if a one-in-flight call fails or any wait exceeds 10 s
     */
    static void run(Scenario scenario, Phases phases, PrintStream out) throws Exception {
        try (Exchange exchange = scenario.open()) {
            Probe probe = new Probe(exchange);
            int[] bytes = exchange.payloadBytes();
            out.println("RESULT payload " + bytes[0] + " " + bytes[1]);
            probe.pipelined(phases.window(), phases.pipelinedWarmupMs());
            probe.oneInFlight(phases.latencyWarmupMs(), null);
            probe.measureOneInFlight(phases.latencyMs(), out);
            probe.measurePipelined(phases.window(), phases.pipelinedMs(), out);
        }
    }

    private void measureOneInFlight(long millis, PrintStream out) throws Exception {
        long[] samples = new long[MAX_SAMPLES];
        long cpu = CPU.getProcessCpuTime();
        long serialization = exchange.serializationNanos();
        long start = System.nanoTime();
        int n = oneInFlight(millis, samples);
        double rate = n * 1e9 / (System.nanoTime() - start);
        cpu = CPU.getProcessCpuTime() - cpu;
        serialization = exchange.serializationNanos() - serialization;
        long[] sorted = Arrays.copyOf(samples, n);
        Arrays.sort(sorted);
        out.printf(Locale.ROOT, "RESULT latency %d %.0f %d %d %d %d %d %d %d%n", n, rate, percentile(sorted, 0.50),
                percentile(sorted, 0.90), percentile(sorted, 0.99), percentile(sorted, 0.999), sorted[n - 1], cpu / n,
                serialization / n);
    }

    private void measurePipelined(int window, long millis, PrintStream out) throws InterruptedException {
        long cpu = CPU.getProcessCpuTime();
        long serialization = exchange.serializationNanos();
        long[] counted = pipelined(window, millis);
        cpu = CPU.getProcessCpuTime() - cpu;
        serialization = exchange.serializationNanos() - serialization;
        long calls = Math.max(1, counted[0]);
        out.printf(Locale.ROOT, "RESULT pipelined %d %.0f %d %d %d %d%n", window, counted[0] * 1e9 / counted[2],
                counted[0], counted[1], cpu / calls, serialization / calls);
    }

    /** Nearest-rank percentile of sorted values. */
    static long percentile(long[] sorted, double q) {
        int rank = (int) Math.ceil(q * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    /** Sequential calls for {@code millis}; records each round trip in {@code samples} if given. */
    private int oneInFlight(long millis, long[] samples) throws Exception {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        int n = 0;
        while (true) {
            long sent = System.nanoTime();
            if (sent >= deadline || samples != null && n == samples.length) {
                return n;
            }
            try {
                exchange.call().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("one-in-flight call " + n + " failed: " + e, e);
            }
            long received = System.nanoTime();
            if (samples != null) {
                samples[n] = received - sent;
            }
            n++;
        }
    }

    /**
     * Keeps {@code window} calls in flight for {@code millis}.
     *
     * @return {completed during the phase, failed during the phase, phase length in ns}
     */
    private long[] pipelined(int window, long millis) throws InterruptedException {
        Semaphore permits = new Semaphore(window);
        LongAdder completed = new LongAdder();
        LongAdder failed = new LongAdder();
        AtomicReference<Throwable> firstFailure = new AtomicReference<>();
        long start = System.nanoTime();
        long deadline = start + millis * 1_000_000L;
        long now = start;
        while (now < deadline) {
            if (!permits.tryAcquire(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no response for " + CALL_TIMEOUT_SECONDS + " s with " + window
                        + " requests in flight");
            }
            exchange.call().whenComplete((response, failure) -> {
                if (failure == null) {
                    completed.increment();
                } else {
                    failed.increment();
                    firstFailure.compareAndSet(null, failure);
                }
                permits.release();
            });
            now = System.nanoTime();
        }
        long done = completed.sum();
        long refused = failed.sum();
        long elapsed = System.nanoTime() - start;
        if (!permits.tryAcquire(window, CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the last " + window + " requests did not complete within "
                    + CALL_TIMEOUT_SECONDS + " s");
        }
        if (firstFailure.get() != null) {
            System.err.println("pipelined: " + refused + " calls failed, the first with " + firstFailure.get());
        }
        return new long[] {done, refused, elapsed};
    }
}
