package io.raftwire.bench.cluster;

import com.sun.management.OperatingSystemMXBean;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time at one moment: this JVM's (every thread, plus the cluster's member processes when it has any) and the whole machine's busy time from {@code /proc/stat}, so
 * that the difference of two samples tells how much of the machine this run used and how much everything else took.
 * On a system without {@code /proc/stat} the machine's time reads as 0.
 *
 * @param wallNanos    {@link System#nanoTime()}
 * @param processNanos this JVM's CPU time plus that of the cluster's other processes, if any
 * @param machineNanos the machine's busy time (user, nice, system, irq, softirq, steal), every core
 */
record CpuSample(long wallNanos, long processNanos, long machineNanos) {

    /** Linux's USER_HZ. */
    private static final long TICK_NANOS = 10_000_000L;
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    static CpuSample now() {
        return new CpuSample(System.nanoTime(), OS.getProcessCpuTime(), machineBusyNanos());
    }

    /** This JVM's CPU time plus what {@code cluster}'s member processes outside it have used. */
    static CpuSample now(ClusterUnderTest cluster) {
        return new CpuSample(System.nanoTime(), OS.getProcessCpuTime() + cluster.outsideCpuNanos(),
                machineBusyNanos());
    }

    /** This sample with {@code nanos} more CPU time of the run's own processes (member processes read separately). */
    CpuSample plusProcessNanos(long nanos) {
        return new CpuSample(wallNanos, processNanos + nanos, machineNanos);
    }

    /** This JVM's (and the member processes') CPU milliseconds per operation since {@code start}; NaN for no operations. */
    double processMillisPerOp(CpuSample start, long ops) {
        return ops <= 0 ? Double.NaN : (processNanos - start.processNanos) / 1e6 / ops;
    }

    /** Cores used on average by everything but this JVM (and the member processes) since {@code start}; NaN without {@code /proc/stat}. */
    double otherCores(CpuSample start) {
        if (machineNanos == 0) {
            return Double.NaN;
        }
        long other = (machineNanos - start.machineNanos) - (processNanos - start.processNanos);
        return Math.max(0, other) / (double) (wallNanos - start.wallNanos);
    }

    /** Cores used on average by this JVM (and the member processes) since {@code start}. */
    double processCores(CpuSample start) {
        return (processNanos - start.processNanos) / (double) (wallNanos - start.wallNanos);
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

    /** The 1-minute load average, or {@code "n/a"}. */
    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+")[0];
        } catch (IOException | RuntimeException e) {
            return "n/a";
        }
    }
}
