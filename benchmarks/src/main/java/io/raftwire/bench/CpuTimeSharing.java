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
 * {@link SharingBenchmark}'s question in <em>CPU time per thread</em>, for a machine shared with other work: one
 * serializer instance shared by {@code n} threads against one instance per thread, each thread round-tripping the
 * {@link MessageSet#SMALL small} set with its own output buffer. Every thread warms up, waits for the others at a
 * barrier, then times batches of passes by its own CPU clock; the figure is CPU microseconds per pass, the median and
 * minimum over every batch of every thread. Throughput per thread is the inverse, so "within 10 %" compares these
 * directly. Wall-clock throughput on an oversubscribed machine measures the scheduler; CPU time still counts what
 * sharing would cost the threads themselves (contended cache lines, locks, coherence traffic), though not a loss of
 * parallelism, which only a quiet machine with enough cores shows.
 *
 * <p>Usage: {@code java -cp benchmarks.jar io.raftwire.bench.CpuTimeSharing <codec>}: for 1 and then 2 threads, a
 * discarded warm-up of both modes (the JIT compiles the codec once, for both), then four measured runs in the order
 * shared, per-thread, per-thread, shared, so that neither mode profits from running later; one line per thread count
 * and mode, over both of its runs. Run one codec per JVM, so no codec inherits another's JIT profile.
 */
public final class CpuTimeSharing {

    private static final long FIRST_WARM_UP_CPU_NANOS = 1_500_000_000L;
    private static final long WARM_UP_CPU_NANOS = 300_000_000L;
    private static final int BATCHES = 10;
    private static final long BATCH_CPU_NANOS = 50_000_000L;
    private static final int CHECK_EVERY = 20;

    private CpuTimeSharing() {
    }

    /** Runs one codec; see the class comment. */
    public static void main(String[] args) throws Exception {
        String name = args[0];
        boolean first = true;
        for (int threads : new int[] {1, 2}) {
            run(name, threads, true, first ? FIRST_WARM_UP_CPU_NANOS : WARM_UP_CPU_NANOS);
            run(name, threads, false, WARM_UP_CPU_NANOS);
            first = false;
            double[] shared = run(name, threads, true, WARM_UP_CPU_NANOS);
            double[] perThread = run(name, threads, false, WARM_UP_CPU_NANOS);
            perThread = concat(perThread, run(name, threads, false, WARM_UP_CPU_NANOS));
            shared = concat(shared, run(name, threads, true, WARM_UP_CPU_NANOS));
            print(name, threads, "shared", shared);
            print(name, threads, "per-thread", perThread);
        }
    }

    private static void print(String name, int threads, String mode, double[] perPass) {
        Arrays.sort(perPass);
        System.out.printf(Locale.ROOT, "%-12s threads %d %-10s median %8.2f us  min %8.2f us  max %8.2f us  (CPU per"
                + " pass of the small set, %d batches: 2 runs x %d thread(s) x %d)%n", name, threads, mode,
                perPass[perPass.length / 2], perPass[0], perPass[perPass.length - 1], perPass.length, threads,
                BATCHES);
    }

    private static double[] concat(double[] a, double[] b) {
        double[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static double[] run(String name, int threads, boolean shared, long warmUpCpuNanos) throws Exception {
        Serializer one = Codecs.create(name);
        Workload workload = Workload.of(MessageSet.SMALL, one);
        CyclicBarrier start = new CyclicBarrier(threads);
        List<double[]> results = new ArrayList<>();
        List<Thread> running = new ArrayList<>();
        Throwable[] failure = new Throwable[1];
        for (int t = 0; t < threads; t++) {
            double[] mine = new double[BATCHES];
            results.add(mine);
            Serializer codec = shared ? one : Codecs.create(name);
            Thread thread = new Thread(() -> {
                try {
                    measure(codec, workload, start, mine, warmUpCpuNanos);
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
        double[] all = new double[threads * BATCHES];
        for (int t = 0; t < threads; t++) {
            System.arraycopy(results.get(t), 0, all, t * BATCHES, BATCHES);
        }
        return all;
    }

    private static void measure(Serializer codec, Workload w, CyclicBarrier start, double[] perPass,
            long warmUpCpuNanos) throws Exception {
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        long sink = 0;
        try {
            long warmUpStart = cpu.getCurrentThreadCpuTime();
            while (cpu.getCurrentThreadCpuTime() - warmUpStart < warmUpCpuNanos) {
                sink += pass(codec, w, out);
            }
            start.await(10, TimeUnit.MINUTES);
            for (int b = 0; b < BATCHES; b++) {
                long begin = cpu.getCurrentThreadCpuTime();
                long passes = 0;
                long used;
                do {
                    for (int k = 0; k < CHECK_EVERY; k++) {
                        sink += pass(codec, w, out);
                    }
                    passes += CHECK_EVERY;
                    used = cpu.getCurrentThreadCpuTime() - begin;
                } while (used < BATCH_CPU_NANOS);
                perPass[b] = used / 1000.0 / passes;
            }
            if (sink == 42) {
                System.out.println("");
            }
        } finally {
            out.release();
        }
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
