package io.raftwire.serializer.contract;

import java.lang.management.ManagementFactory;

/** Bytes allocated by the current thread, from HotSpot's per-thread allocation counter. */
public final class AllocationMeter {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private AllocationMeter() {
    }

    /** Whether the JVM supports per-thread allocation counting (HotSpot does). */
    public static boolean supported() {
        return THREADS.isThreadAllocatedMemorySupported() && THREADS.isThreadAllocatedMemoryEnabled();
    }

    /** Bytes allocated so far by the calling thread. */
    public static long allocatedBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
