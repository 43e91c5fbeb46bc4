package io.raftwire.bench.shards;

import io.raftwire.node.client.KvOperations;
import io.raftwire.node.kv.KvResult;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * The two workloads: sequential clients (each thread one put at a time, waiting for it) and a pipelined client (one
 * thread keeping a fixed number of puts in flight). A put is {@code KvPut(<thread>-<n>, 51-byte value)}: a fresh key
 * per put, so puts spread over the shards by the shard function. Only puts that complete inside the measurement
 * window count; a failed put stops the run with its error.
 */
final class Loads {

    /** Called by the thread driving a load when its measured window opens and when it closes. */
    interface Window {
        void opened();

        void closed();
    }

    /** What one window measured. */
    record Figures(long commits, double seconds, double p50Micros, double p99Micros) {
        double perSecond() {
            return commits / seconds;
        }
    }

    private static final byte[] VALUE = "v".repeat(51).getBytes(StandardCharsets.UTF_8);
    private static final long OP_TIMEOUT_SECONDS = 30;

    private Loads() {
    }

    /**
     * {@code threads} sequential clients over {@code store}: warm-up, then the measured window; the calling thread
     * tells {@code window} when the window opens and closes.
     */
    static Figures sequential(KvOperations store, int threads, Duration warmup, Duration measure, Window window)
            throws InterruptedException {
        AtomicLong measureStart = new AtomicLong(Long.MAX_VALUE);
        AtomicLong measureEnd = new AtomicLong(Long.MAX_VALUE);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Latencies> perThread = new ArrayList<>();
        List<long[]> counts = new ArrayList<>();
        CountDownLatch done = new CountDownLatch(threads);
        for (int t = 0; t < threads; t++) {
            Latencies latencies = new Latencies();
            long[] count = new long[1];
            perThread.add(latencies);
            counts.add(count);
            String prefix = "s" + t + "-";
            Thread worker = new Thread(() -> {
                try {
                    for (long n = 0; failure.get() == null; n++) {
                        long start = System.nanoTime();
                        if (start - measureEnd.get() >= 0) {
                            break;
                        }
                        check(store.put(prefix + n, VALUE).get(OP_TIMEOUT_SECONDS, TimeUnit.SECONDS));
                        long end = System.nanoTime();
                        if (start - measureStart.get() >= 0 && end - measureEnd.get() < 0) {
                            latencies.add(end - start);
                            count[0]++;
                        }
                    }
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    done.countDown();
                }
            }, "bench-sequential-" + t);
            worker.setDaemon(true);
            worker.start();
        }
        long begin = System.nanoTime();
        measureStart.set(begin + warmup.toNanos());
        measureEnd.set(begin + warmup.toNanos() + measure.toNanos());
        parkUntil(measureStart.get(), failure);
        window.opened();
        parkUntil(measureEnd.get(), failure);
        window.closed();
        if (!done.await(warmup.plus(measure).toSeconds() + OP_TIMEOUT_SECONDS + 5, TimeUnit.SECONDS)) {
            throw new IllegalStateException("sequential clients did not stop within the put timeout");
        }
        rethrow(failure.get());
        Latencies all = Latencies.merge(perThread);
        long commits = counts.stream().mapToLong(c -> c[0]).sum();
        return new Figures(commits, measure.toNanos() / 1e9, all.percentileMicros(0.5), all.percentileMicros(0.99));
    }

    /**
     * One client keeping {@code inflight} puts open over {@code store}: warm-up, then the measured window; the
     * calling thread (the one issuing the puts) tells {@code window} when the window opens and closes.
     */
    static Figures pipelined(KvOperations store, int inflight, Duration warmup, Duration measure, Window window)
            throws InterruptedException {
        Semaphore slots = new Semaphore(inflight);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Latencies latencies = new Latencies();
        long begin = System.nanoTime();
        long measureStart = begin + warmup.toNanos();
        long measureEnd = measureStart + measure.toNanos();
        long commits = 0;
        Object lock = new Object();
        long[] counted = new long[1];
        boolean opened = false;
        for (long n = 0; failure.get() == null; n++) {
            if (!slots.tryAcquire(OP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("no put completed within " + OP_TIMEOUT_SECONDS + " s");
            }
            long start = System.nanoTime();
            if (!opened && start - measureStart >= 0) {
                window.opened();
                opened = true;
            }
            if (start - measureEnd >= 0) {
                window.closed();
                slots.release();
                break;
            }
            CompletableFuture<KvResult> put = store.put("p-" + n, VALUE);
            put.whenComplete((r, e) -> {
                long end = System.nanoTime();
                if (e != null) {
                    failure.compareAndSet(null, e);
                } else if (!r.success()) {
                    failure.compareAndSet(null, new IllegalStateException("put answered success=false"));
                } else if (start - measureStart >= 0 && end - measureEnd < 0) {
                    synchronized (lock) {
                        latencies.add(end - start);
                        counted[0]++;
                    }
                }
                slots.release();
            });
        }
        if (!slots.tryAcquire(inflight, OP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException("puts still open " + OP_TIMEOUT_SECONDS + " s after the window");
        }
        rethrow(failure.get());
        synchronized (lock) {
            commits = counted[0];
            return new Figures(commits, measure.toNanos() / 1e9, latencies.percentileMicros(0.5),
                    latencies.percentileMicros(0.99));
        }
    }

    /** Parks the calling thread until {@link System#nanoTime()} reaches {@code deadline} or a put failed. */
    private static void parkUntil(long deadline, AtomicReference<Throwable> failure) {
        for (long left = deadline - System.nanoTime(); left > 0 && failure.get() == null;
                left = deadline - System.nanoTime()) {
            LockSupport.parkNanos(Math.min(left, TimeUnit.MILLISECONDS.toNanos(50)));
        }
    }

    private static void check(KvResult r) {
        if (!r.success()) {
            throw new IllegalStateException("put answered success=false (expected: true)");
        }
    }

    private static void rethrow(Throwable failure) {
        if (failure != null) {
            throw new IllegalStateException("a put failed: " + failure, failure);
        }
    }
}
