package io.raftwire.bench.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's CPU time from Linux's {@code /proc/<pid>/stat}. Stateless. */
final class ProcStat {

    private ProcStat() {
    }

    /**
     * User plus system time of process {@code pid} (every thread), in clock ticks ({@code USER_HZ}, 100 per second on
     * Linux); 0 when the file cannot be read (no {@code /proc}, or the process has been reaped).
     */
    static long cpuTicks(long pid) {
        try {
            return cpuTicks(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    /**
     * The {@code utime + stime} fields (14 and 15) of a {@code stat} line; the command name in parentheses may hold
     * spaces, so fields are counted after its closing parenthesis.
     *
     * @throws IllegalArgumentException if the line does not have those fields
     */
    static long cpuTicks(String statLine) {
        int close = statLine.lastIndexOf(')');
        String[] f = close < 0 ? new String[0] : statLine.substring(close + 1).trim().split("\\s+");
        if (f.length < 13) {
            throw new IllegalArgumentException("stat line without utime and stime (expected: pid (comm) state ..."
                    + " with at least 15 fields): " + statLine);
        }
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
