package io.raftwire.bench;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.serializer.Serializer;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;

/**
 * {@link SharingBenchmark}'s question, answered pair by pair: one serializer instance shared by {@code n} threads
 * against one instance per thread, each thread round-tripping the {@link MessageSet#SMALL small} set with its own
 * output buffer. Each thread holds both the shared instance and one of its own, warms both up, then runs
 * {@value #PAIRS} pairs of batches, one batch with each (the order swapped from pair to pair), all threads starting each
 * batch together at a barrier, so all threads are always in the same mode. Per batch it measures the thread's CPU time
 * and its wall-clock time per pass; per pair, the throughput per thread of the shared instance relative to the
 * thread's own (own time per pass ÷ shared time per pass: 1.00 = equal, below 0.90 = sharing costs more than 10 %).
 * Pairing cancels the drift of a machine whose speed changes from second to second (the same pass can take half as
 * long again in a JVM started minutes later), which comparing runs of minutes apart cannot.
 *
 * <p>At one thread the two modes differ only in which instance is used, so that line is the method's noise floor. At
 * {@code n} threads, CPU time counts what sharing costs the threads themselves (contended cache lines, locks); wall
 * time per pass also shows threads waiting for each other, but only if every thread has a core of its own and the
 * machine is otherwise quiet (the load average is printed).
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.raftwire.bench.CpuTimeSharing <codec>}, for 1 and then 2 threads. Run
 * one codec per JVM, so no codec inherits another's JIT profile.
 */
public final class CpuTimeSharing {

    private static final long WARM_UP_CPU_NANOS = 1_000_000_000L;
    private static final int PAIRS = 20;
    private static final long BATCH_CPU_NANOS = 50_000_000L;
    private static final int CHECK_EVERY = 20;

    private CpuTimeSharing() {
    }

    /** Runs one codec; see the class comment. */
    public static void main(String[] args) throws Exception {
        String name = args[0];
        for (int threads : new int[] {1, 2}) {
            run(name, threads);
        }
    }

    /** One timed batch: the thread's CPU time, its wall-clock time, and the passes made. */
    private record Batch(long cpuNanos, long wallNanos, long passes) {

        double cpuMicrosPerPass() {
            return cpuNanos / 1000.0 / passes;
        }

        double wallMicrosPerPass() {
            return wallNanos / 1000.0 / passes;
        }
    }

    /** One pair of batches: one with the shared instance, one with the thread's own. */
    private static final class Pair {
        Batch shared;
        Batch own;
    }

    private static void run(String name, int threads) throws Exception {
        Serializer shared = Codecs.create(name);
        Workload workload = Workload.of(MessageSet.SMALL, shared);
        CyclicBarrier together = new CyclicBarrier(threads);
        List<Pair[]> results = new ArrayList<>();
        List<Thread> running = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            Pair[] mine = new Pair[PAIRS];
            results.add(mine);
            Serializer own = Codecs.create(name);
            Thread thread = new Thread(() -> {
                try {
                    measure(shared, own, workload, together, mine);
                } catch (Throwable e) {
                    synchronized (failure) {
                        failure[0] = e;
                    }
                }
            }, name + "-" + t);
            running.add(thread);
            thread.start();
        }
        for (Thread thread : running) {
            thread.join(TimeUnit.MINUTES.toMillis(10));
        }
        if (failure[0] != null) {
            throw new IllegalStateException(name + " failed", failure[0]);
        }
        int n = threads * PAIRS;
        double[] cpuRatio = new double[n];
        double[] wallRatio = new double[n];
        double[] cpuShared = new double[n];
        double[] cpuOwn = new double[n];
        double[] wallShared = new double[n];
        double[] wallOwn = new double[n];
        int k = 0;
        for (Pair[] thread : results) {
            for (Pair pair : thread) {
                cpuShared[k] = pair.shared.cpuMicrosPerPass();
                wallShared[k] = pair.shared.wallMicrosPerPass();
                cpuOwn[k] = pair.own.cpuMicrosPerPass();
                wallOwn[k] = pair.own.wallMicrosPerPass();
                cpuRatio[k] = cpuOwn[k] / cpuShared[k];
                wallRatio[k] = wallOwn[k] / wallShared[k];
                k++;
            }
        }
        System.out.printf(Locale.ROOT, "%-12s threads %d  throughput per thread, shared / own instance: CPU %s,"
                + " wall %s  |  us per pass, shared / own: CPU %.2f / %.2f, wall %.2f / %.2f  (%d pairs of batches x"
                + " %d thread(s), load %.1f)%n", name, threads, spread(cpuRatio), spread(wallRatio), median(cpuShared),
                median(cpuOwn), median(wallShared), median(wallOwn), PAIRS, threads,
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }

    private static String spread(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return String.format(Locale.ROOT, "%.3f [%.2f..%.2f]", v[v.length / 2], v[0], v[v.length - 1]);
    }

    private static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        return v[v.length / 2];
    }

    private static void measure(Serializer shared, Serializer own, Workload w, CyclicBarrier together,
            Pair[] pairs) throws Exception {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        long[] sink = {0};
        try {
            long warmUpStart = cpu.getCurrentThreadCpuTime();
            while (cpu.getCurrentThreadCpuTime() - warmUpStart < WARM_UP_CPU_NANOS) {
                sink[0] += pass(shared, w, out) + pass(own, w, out);
            }
            for (int p = 0; p < PAIRS; p++) {
                Pair pair = new Pair();
                if (p % 2 == 0) {
                    pair.shared = batch(shared, w, out, together, cpu, sink);
                    pair.own = batch(own, w, out, together, cpu, sink);
                } else {
                    pair.own = batch(own, w, out, together, cpu, sink);
                    pair.shared = batch(shared, w, out, together, cpu, sink);
                }
                pairs[p] = pair;
            }
            if (sink[0] == 42) {
                System.out.println("");
            }
        } finally {
            out.release();
        }
    }

    /** One batch of at least {@link #BATCH_CPU_NANOS} of CPU, begun with the other threads. */
    private static Batch batch(Serializer codec, Workload w, ByteBuf out, CyclicBarrier together, ThreadMXBean cpu,
            long[] sink) throws Exception {
        together.await(10, TimeUnit.MINUTES);
        long cpuBegin = cpu.getCurrentThreadCpuTime();
        long wallBegin = System.nanoTime();
        long passes = 0;
        long used;
        do {
            for (int k = 0; k < CHECK_EVERY; k++) {
                sink[0] += pass(codec, w, out);
            }
            passes += CHECK_EVERY;
            used = cpu.getCurrentThreadCpuTime() - cpuBegin;
        } while (used < BATCH_CPU_NANOS);
        return new Batch(used, System.nanoTime() - wallBegin, passes);
    }

    private static long pass(Serializer codec, Workload w, ByteBuf out) {
        long sink = 0;
        Object[] messages = w.messages();
        int[] ids = w.typeIds();
        for (int i = 0; i < messages.length; i++) {
            out.clear();
            codec.encode(messages[i], out);
            sink += codec.decode(ids[i], out) == null ? 0 : 1;
        }
        return sink;
    }
}
