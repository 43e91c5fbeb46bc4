package io.raftwire.it;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

/**
 * Members' throughput with and without an attack, measured in the same test: a member sends requests one after the
 * other for the whole measurement, while the attack is switched off and on in alternating windows of equal length
 * (unloaded, loaded, unloaded, loaded, ...), after one pair of twice the length that is not counted (warm-up). The requests completed in the loaded windows are compared with those in
 * the unloaded ones, so that a busy machine slows both alike; no time is asserted. Every request that fails counts as
 * a legitimate failure.
 */
final class AttackWindows {

    /** Requests completed with the attack off and on, over the same total time, and the requests that failed. */
    record Result(long unloaded, long loaded, long failures, String detail, Map<String, Long> cpuMs) {

        /** Loaded throughput as a fraction of unloaded. */
        double ratio() {
            return unloaded == 0 ? 0 : (double) loaded / unloaded;
        }

        @Override
        public String toString() {
            return String.format("unloaded %d, loaded %d requests (%.2f), %d failed; windows %s; CPU ms by thread"
                    + " over the counted pairs (switching the attack on and off included) %s", unloaded, loaded, ratio(), failures, detail, cpuMs);
        }
    }

    /** An attack that can be paused between windows. */
    interface Attack {
        /** Starts or resumes; returns at once. */
        void on();

        /** Pauses; returns once the attack sends no more (its connections may stay open). */
        void off();
    }

    private AttackWindows() {
    }

    /**
     * Measures {@code pairs} pairs of windows of {@code window} each.
     *
     * @param request one legitimate request; its future must complete within {@link ItSupport#WAIT}
     */
    static Result measure(Supplier<CompletableFuture<?>> request, Attack attack, int pairs, Duration window)
            throws InterruptedException {
        AtomicLong completed = new AtomicLong();
        AtomicLong failures = new AtomicLong();
        AtomicBoolean running = new AtomicBoolean(true);
        Thread member = new Thread(() -> {
            while (running.get()) {
                try {
                    request.get().get(ItSupport.WAIT.toMillis(), TimeUnit.MILLISECONDS);
                    completed.incrementAndGet();
                } catch (ExecutionException | TimeoutException e) {
                    failures.incrementAndGet();
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "member-requests");
        member.setDaemon(true);
        member.start();
        long unloaded = 0;
        long loaded = 0;
        StringBuilder detail = new StringBuilder();
        Map<String, Long> cpu;
        try {
            // a first pair of twice the length, not counted: the attack's and the member's code paths get compiled
            countDuring(completed, window.multipliedBy(2));
            attack.on();
            countDuring(completed, window.multipliedBy(2));
            attack.off();
            Map<String, Long> cpuBefore = cpuByThreadGroup();
            for (int i = 0; i < pairs; i++) {
                long u = countDuring(completed, window);
                attack.on();
                long l = countDuring(completed, window);
                attack.off();
                unloaded += u;
                loaded += l;
                detail.append(i == 0 ? "" : " ").append(u).append('/').append(l);
            }
            cpu = cpuByThreadGroup();
            cpu.replaceAll((group, nanos) -> (nanos - cpuBefore.getOrDefault(group, 0L)) / 1_000_000);
            cpu.values().removeIf(ms -> ms == 0);
        } finally {
            attack.off();
            running.set(false);
            member.join(ItSupport.WAIT.toMillis());
        }
        return new Result(unloaded, loaded, failures.get(), detail.toString(), cpu);
    }

    /**
     * CPU time of the live threads in nanoseconds, summed by name without a trailing number, so that a figure can say
     * which thread did the work (the JIT and GC threads are not Java threads and are not listed).
     */
    private static Map<String, Long> cpuByThreadGroup() {
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        Map<String, Long> byGroup = new TreeMap<>();
        for (ThreadInfo t : mx.getThreadInfo(mx.getAllThreadIds())) {
            if (t != null) {
                long nanos = mx.getThreadCpuTime(t.getThreadId());
                if (nanos > 0) {
                    byGroup.merge(t.getThreadName().replaceAll("-\\d+(-\\d+)?$", ""), nanos, Long::sum);
                }
            }
        }
        return byGroup;
    }

    /** Requests completed during one measurement window (the wait is the window, not a synchronisation). */
    private static long countDuring(AtomicLong completed, Duration window) throws InterruptedException {
        long start = completed.get();
        TimeUnit.NANOSECONDS.sleep(window.toNanos());
        return completed.get() - start;
    }
}
