package io.raftwire.bench.cluster;

import org.HdrHistogram.Histogram;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The peer clusters' three workloads, each a warm-up then a measurement on the same cluster, measured the same way:
 * <ul>
 *   <li>{@code seq}, (a): one put at a time; commits/s = puts started in the measurement / time from the first start
 *       to the last completion; every put's latency recorded;</li>
 *   <li>{@code pipe}, (b): a semaphore keeps {@code inflight} puts outstanding, each completion frees a slot;
 *       commits/s = completions inside the measurement window / its length; the histogram holds those
 *       completions;</li>
 *   <li>{@code read}, (c): a known value is written to one key, then sequential linearizable reads of it, each
 *       compared with the known value (a mismatch counts as a bad read).</li>
 * </ul>
 * Latencies in nanoseconds in an HdrHistogram of 3 significant digits, reported in µs. Every loop is bounded by its
 * time window; one operation may take at most {@link #OP_TIMEOUT_SECONDS}, the pipelined drain at most
 * {@link #DRAIN_SECONDS}. Run from one thread.
 */
final class Workloads {

    /** Longest a single operation may take before it counts as an error. */
    static final long OP_TIMEOUT_SECONDS = 10;
    /** Longest the pipelined workload waits for its outstanding puts after the window. */
    static final long DRAIN_SECONDS = 30;
    /** The key of the read workload: outside the {@link PutCommands#KEYS} keys the puts cycle over. */
    static final String READ_KEY = "k9999999";

    private static final long MAX_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long ERROR_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(1);

    private final ClusterUnderTest cluster;
    private final long warmupNanos;
    private final long measureNanos;
    private final int inflight;
    private long seq;

    /**
     * @param warmupNanos  warm-up of each workload
     * @param measureNanos measurement of each workload, {@code > 0}
     * @param inflight     outstanding puts of the pipelined workload, {@code >= 1}
     */
    Workloads(ClusterUnderTest cluster, long warmupNanos, long measureNanos, int inflight) {
        this.cluster = cluster;
        this.warmupNanos = warmupNanos;
        this.measureNanos = measureNanos;
        this.inflight = inflight;
    }

    /** (a): fields {@code seq_*}. */
    Map<String, String> sequentialPuts() throws InterruptedException {
        return sequential("seq", () -> {
            long s = seq++;
            await(cluster.putAsync(s));
            return true;
        });
    }

    /** (c): fields {@code read_*}, including {@code read_bad} (reads that did not return the known value). */
    Map<String, String> sequentialReads() throws Exception {
        String tag = "readcheck-" + Long.toHexString(System.nanoTime());
        cluster.write(READ_KEY, tag);
        byte[] expected = PutCommands.valueOf(PutCommands.put(READ_KEY, tag));
        return sequential("read", () -> Arrays.equals(expected, cluster.read(READ_KEY)));
    }

    @FunctionalInterface
    private interface Op {
        /** Runs one operation; false if it answered a wrong value. */
        boolean run() throws Exception;
    }

    private Map<String, String> sequential(String name, Op op) throws InterruptedException {
        Histogram h = new Histogram(MAX_NS, 3);
        long start = System.nanoTime();
        long measureStart = start + warmupNanos;
        long end = measureStart + measureNanos;
        long ops = 0;
        long errors = 0;
        long bad = 0;
        long firstStart = -1;
        long lastEnd = -1;
        String firstError = null;
        Counters before = null;
        CpuSample cpu = null;
        while (true) {
            long t0 = System.nanoTime();
            if (t0 >= end) {
                break;
            }
            boolean measured = t0 >= measureStart;
            if (measured && cpu == null) {
                before = cluster.counters();
                cpu = CpuSample.now(cluster);
            }
            try {
                boolean good = op.run();
                long t1 = System.nanoTime();
                if (measured) {
                    if (firstStart < 0) {
                        firstStart = t0;
                    }
                    h.recordValue(Math.min(t1 - t0, MAX_NS));
                    ops++;
                    lastEnd = t1;
                    bad += good ? 0 : 1;
                }
            } catch (Exception e) {
                if (e instanceof InterruptedException) {
                    throw (InterruptedException) e;
                }
                errors += measured ? 1 : 0;
                firstError = firstError == null ? describe(e) : firstError;
                LockSupport.parkNanos(ERROR_BACKOFF_NANOS);
            }
        }
        double seconds = firstStart < 0 || lastEnd <= firstStart ? Double.NaN : (lastEnd - firstStart) / 1e9;
        Map<String, String> out = new LinkedHashMap<>();
        out.put(name + "_ops_s", fmt(ops / seconds));
        putStats(out, name, h, ops, errors, firstError);
        if (name.equals("read")) {
            out.put("read_bad", Long.toString(bad));
        }
        putCpuAndCounters(out, name, cpu, ops, before);
        return out;
    }

    /** (b): fields {@code pipe_*}, including {@code pipe_drained} (whether every outstanding put finished). */
    Map<String, String> pipelinedPuts() throws InterruptedException {
        Histogram h = new Histogram(MAX_NS, 3);
        Semaphore slots = new Semaphore(inflight);
        AtomicLong done = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        AtomicReference<String> firstError = new AtomicReference<>();
        long start = System.nanoTime();
        long measureStart = start + warmupNanos;
        long end = measureStart + measureNanos;
        Counters before = null;
        CpuSample cpu = null;
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                break;
            }
            if (cpu == null && now >= measureStart) {
                before = cluster.counters();
                cpu = CpuSample.now(cluster);
            }
            if (!slots.tryAcquire(Math.min(100_000_000L, end - now), TimeUnit.NANOSECONDS)) {
                continue;
            }
            long t0 = System.nanoTime();
            CompletableFuture<?> f;
            try {
                f = cluster.putAsync(seq++);
            } catch (RuntimeException e) {
                errors.incrementAndGet();
                firstError.compareAndSet(null, describe(e));
                slots.release();
                LockSupport.parkNanos(ERROR_BACKOFF_NANOS);
                continue;
            }
            f.whenComplete((r, e) -> {
                long t1 = System.nanoTime();
                boolean inWindow = t1 >= measureStart && t1 < end;
                if (e != null) {
                    errors.addAndGet(inWindow ? 1 : 0);
                    firstError.compareAndSet(null, describe(e));
                } else if (inWindow) {
                    synchronized (h) {
                        h.recordValue(Math.min(t1 - t0, MAX_NS));
                    }
                    done.incrementAndGet();
                }
                slots.release();
            });
        }
        CpuSample cpuEnd = CpuSample.now(cluster);
        Counters after = cluster.counters();
        boolean drained = slots.tryAcquire(inflight, DRAIN_SECONDS, TimeUnit.SECONDS);
        if (drained) {
            slots.release(inflight);
        }
        Map<String, String> out = new LinkedHashMap<>();
        out.put("pipe_inflight", Integer.toString(inflight));
        out.put("pipe_ops_s", fmt(done.get() / (measureNanos / 1e9)));
        synchronized (h) {
            putStats(out, "pipe", h, done.get(), errors.get(), firstError.get());
        }
        out.put("pipe_drained", Boolean.toString(drained));
        if (cpu != null) {
            out.put("pipe_cpu_ms_per_op", fmt3(cpuEnd.processMillisPerOp(cpu, done.get())));
            out.put("pipe_cpu_cores", fmt3(cpuEnd.processCores(cpu)));
            out.put("pipe_other_cores", fmt3(cpuEnd.otherCores(cpu)));
            putCounters(out, "pipe", after.minus(before), done.get());
        }
        return out;
    }

    private void putCpuAndCounters(Map<String, String> out, String name, CpuSample cpu, long ops, Counters before) {
        if (cpu == null) {
            return;
        }
        CpuSample end = CpuSample.now(cluster);
        out.put(name + "_cpu_ms_per_op", fmt3(end.processMillisPerOp(cpu, ops)));
        out.put(name + "_cpu_cores", fmt3(end.processCores(cpu)));
        out.put(name + "_other_cores", fmt3(end.otherCores(cpu)));
        putCounters(out, name, cluster.counters().minus(before), ops);
    }

    /** Each counter per operation, as {@code <name>_per_op_<counter>}. */
    private static void putCounters(Map<String, String> out, String name, Counters delta, long ops) {
        delta.values().forEach((k, v) -> out.put(name + "_per_op_" + k, fmt3(ops == 0 ? Double.NaN : (double) v / ops)));
    }

    private static void putStats(Map<String, String> out, String name, Histogram h, long n, long errors,
            String firstError) {
        out.put(name + "_n", Long.toString(n));
        out.put(name + "_p50_us", micros(h, 50));
        out.put(name + "_p90_us", micros(h, 90));
        out.put(name + "_p99_us", micros(h, 99));
        out.put(name + "_p999_us", micros(h, 99.9));
        out.put(name + "_max_us", h.getTotalCount() == 0 ? "NaN" : fmt(h.getMaxValue() / 1e3));
        out.put(name + "_err", Long.toString(errors));
        if (firstError != null) {
            System.err.println(name + ": first error: " + firstError);
        }
    }

    private static void await(CompletableFuture<?> f) throws Exception {
        try {
            f.get(OP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception c ? c : e;
        } catch (TimeoutException e) {
            f.cancel(false);
            throw e;
        }
    }

    private static String describe(Throwable e) {
        Throwable t = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        return t.toString();
    }

    private static String micros(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? "NaN" : fmt(h.getValueAtPercentile(percentile) / 1e3);
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    static String fmt3(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
