package io.raftwire.transport.fault;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Holds the frames of one link and releases them out of order: once {@code window} frames are held, a random one
 * goes; frames held for {@link FaultyTransport#REORDER_HOLD} go all at once, in random order, so none waits longer.
 * Thread-safe; deliveries run outside the lock, on the caller's or the scheduler's thread.
 */
final class ReorderWindow {

    private final FaultPlan plan;
    private final ScheduledExecutorService scheduler;
    private final List<Runnable> held = new ArrayList<>();
    private boolean flushScheduled;

    ReorderWindow(FaultPlan plan, ScheduledExecutorService scheduler) {
        this.plan = plan;
        this.scheduler = scheduler;
    }

    /** Holds {@code delivery}; runs one held delivery if {@code window} are now held. */
    void offer(Runnable delivery, int window) {
        Runnable release = null;
        synchronized (this) {
            held.add(delivery);
            if (held.size() >= window) {
                release = held.remove(plan.pick(held.size()));
            }
            if (!held.isEmpty() && !flushScheduled) {
                flushScheduled = true;
                scheduler.schedule(this::flush, FaultyTransport.REORDER_HOLD.toNanos(), TimeUnit.NANOSECONDS);
            }
        }
        if (release != null) {
            release.run();
        }
    }

    private void flush() {
        List<Runnable> out = new ArrayList<>();
        synchronized (this) {
            flushScheduled = false;
            while (!held.isEmpty()) {
                out.add(held.remove(plan.pick(held.size())));
            }
        }
        out.forEach(Runnable::run);
    }
}
