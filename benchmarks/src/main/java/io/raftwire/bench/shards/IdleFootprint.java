package io.raftwire.bench.shards;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.ThreadMXBean;
import java.time.Duration;

/**
 * What idle groups cost: the live threads and the heap in use (after a full collection) of three members started
 * with a given group count and left idle, minus the same figures just before they started. Both are over the whole
 * JVM, so they include everything the members started (transports, Raft threads, sync threads); divided by three they
 * are per member.
 */
final class IdleFootprint {

    /** One measurement. */
    record Figures(int groups, int threadsPerMember, long heapBytesPerMember) {
    }

    private IdleFootprint() {
    }

    static Figures measure(int groups, String serializer, boolean durable, Duration idle, Duration timeout)
            throws Exception {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long heapBefore = heapAfterGc(memory);
        int threadsBefore = threads.getThreadCount();
        try (ShardedMembers members = ShardedMembers.start(groups, serializer, durable, timeout)) {
            Thread.sleep(idle.toMillis()); // idle on purpose: the members' timers run, nothing else
            int threadsAfter = threads.getThreadCount();
            long heapAfter = heapAfterGc(memory);
            int size = members.members().size();
            return new Figures(groups, (threadsAfter - threadsBefore) / size, (heapAfter - heapBefore) / size);
        }
    }

    private static long heapAfterGc(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }
}
