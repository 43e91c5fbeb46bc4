package io.raftwire.node.group;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The fixed pool of threads that runs the Raft tasks of all of one member's groups ({@link GroupExecutor} keeps each
 * group's tasks serial on it), and their timers: the engines' heartbeats and election timeouts, raftwire's failure
 * detectors and pre-vote watchdogs. The pool never grows: {@code size} threads whatever the number of groups.
 * Thread-safe.
 */
public final class RaftThreads implements AutoCloseable {

    private final ScheduledThreadPoolExecutor pool;

    /**
     * @param size   threads, at least 1
     * @param member the member's id, in the threads' names ({@code raftwire-raft-<member>-<n>})
     */
    public RaftThreads(int size, String member) {
        if (size < 1) {
            throw new IllegalArgumentException("Raft threads = " + size + " (expected: >= 1)");
        }
        AtomicInteger n = new AtomicInteger();
        ThreadFactory factory = r -> new Thread(r, "raftwire-raft-" + member + "-" + n.getAndIncrement());
        this.pool = new ScheduledThreadPoolExecutor(size, factory);
        pool.setRemoveOnCancelPolicy(true);
        pool.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
    }

    /**
     * The pool size for {@code groups} groups and {@code raftwire.node.raft-threads} = {@code configured}: the
     * configured size, or for 0 the smaller of the group count and the available processors.
     */
    public static int size(int configured, int groups) {
        return configured > 0 ? configured : Math.max(1, Math.min(groups, Runtime.getRuntime().availableProcessors()));
    }

    /** The shared pool, for {@link GroupExecutor}s. */
    public ScheduledExecutorService pool() {
        return pool;
    }

    /** The pool's threads. */
    public int size() {
        return pool.getCorePoolSize();
    }

    /** Stops the threads after the tasks already queued, waiting up to five seconds. */
    @Override
    public void close() {
        pool.shutdown();
        try {
            pool.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
