package io.raftwire.bench.shards;

import com.sun.management.OperatingSystemMXBean;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.raftwire.node.RaftwireMember;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Counters read at the start and at the end of a measured window; two samples give what the window cost.
 *
 * @param wallNanos       {@link System#nanoTime()}
 * @param cpuNanos        this JVM's CPU time, every thread (the three members, the client, the load, the JIT and GC)
 * @param machineNanos    the machine's busy time from {@code /proc/stat} (user, nice, system, irq, softirq, steal;
 *                        every core), 0 where that file is missing
 * @param raftMessages    Raft messages the members handed to their peer transports ({@code raftStats().sent()})
 * @param contextSwitches voluntary and involuntary context switches of this JVM's threads alive at the sample, from
 *                        {@code /proc/self/task/<tid>/status} (a thread that ended in between takes its count along);
 *                        -1 where those files are missing
 * @param fsyncs          fsyncs the members' stores made ({@code raftwire.store.fsync}), -1 without a meter registry
 */
record Sample(long wallNanos, long cpuNanos, long machineNanos, long raftMessages, long contextSwitches,
        long fsyncs) {

    /** Linux's USER_HZ. */
    private static final long TICK_NANOS = 10_000_000L;
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /**
     * @param members  the members whose Raft messages are counted
     * @param registry the members' meter registry, or {@code null} (no fsync count)
     */
    static Sample take(List<RaftwireMember> members, MeterRegistry registry) {
        long sent = 0;
        for (RaftwireMember m : members) {
            sent += m.raftStats().sent();
        }
        long fsyncs = -1;
        if (registry != null) {
            fsyncs = 0;
            for (Timer t : registry.find("raftwire.store.fsync").timers()) {
                fsyncs += t.count();
            }
        }
        return new Sample(System.nanoTime(), OS.getProcessCpuTime(), machineBusyNanos(), sent,
                readContextSwitches(), fsyncs);
    }

    /** What the window from {@code start} to this sample cost per operation, for {@code ops} operations. */
    Costs since(Sample start, long ops) {
        double n = ops;
        double wall = wallNanos - start.wallNanos;
        long cpu = cpuNanos - start.cpuNanos;
        return new Costs(ops == 0 ? Double.NaN : cpu / 1e6 / n,
                machineNanos == 0 ? Double.NaN : Math.max(0, machineNanos - start.machineNanos - cpu) / wall,
                cpu / wall,
                ops == 0 ? Double.NaN : (raftMessages - start.raftMessages) / n,
                ops == 0 || contextSwitches < 0 ? Double.NaN : (contextSwitches - start.contextSwitches) / n,
                ops == 0 || fsyncs < 0 ? Double.NaN : (fsyncs - start.fsyncs) / n);
    }

    /**
     * A window's costs; NaN where not measured.
     *
     * @param cpuMillisPerOp        this JVM's CPU milliseconds per operation
     * @param otherCores            cores used on average by everything on the machine but this JVM
     * @param jvmCores              cores used on average by this JVM
     * @param raftMessagesPerOp     Raft messages sent per operation, all members
     * @param contextSwitchesPerOp  context switches of this JVM's threads per operation
     * @param fsyncsPerOp           fsyncs per operation, all members' stores
     */
    record Costs(double cpuMillisPerOp, double otherCores, double jvmCores, double raftMessagesPerOp,
            double contextSwitchesPerOp, double fsyncsPerOp) {
    }

    private static long machineBusyNanos() {
        try {
            String[] f = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
            long ticks = 0;
            for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
                ticks += i < f.length ? Long.parseLong(f[i]) : 0;
            }
            return ticks * TICK_NANOS;
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static long readContextSwitches() {
        long total = 0;
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                try {
                    for (String line : Files.readAllLines(t.resolve("status"))) {
                        if (line.startsWith("voluntary_ctxt_switches:")
                                || line.startsWith("nonvoluntary_ctxt_switches:")) {
                            total += Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                        }
                    }
                } catch (IOException gone) {
                    // the thread ended between the listing and the read: its switches are not counted
                }
            }
            return total;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
