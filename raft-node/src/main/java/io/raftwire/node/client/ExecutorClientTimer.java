package io.raftwire.node.client;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** The production {@link ClientTimer}: the system clock and one daemon thread named after the client. */
final class ExecutorClientTimer implements ClientTimer {

    private final ScheduledExecutorService executor;

    /** @param clientId names the thread {@code raftwire-client-<clientId>} */
    ExecutorClientTimer(String clientId) {
        this.executor = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "raftwire-client-" + clientId);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public void schedule(Runnable task, Duration delay) {
        try {
            executor.schedule(task, delay.toNanos(), TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closing) {
            // the client is closing: nothing more runs
        }
    }

    @Override
    public Runnable repeat(Runnable task, Duration period) {
        try {
            ScheduledFuture<?> f = executor.scheduleWithFixedDelay(task, period.toNanos(), period.toNanos(),
                    TimeUnit.NANOSECONDS);
            return () -> f.cancel(false);
        } catch (RejectedExecutionException closing) {
            return () -> {
            };
        }
    }

    @Override
    public boolean closed() {
        return executor.isShutdown();
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
