package io.raftwire.node.client;

import java.time.Duration;
import java.util.PriorityQueue;

/**
 * A {@link ClientTimer} whose time moves only when a test says so: tasks run on the test's thread, in due order, from
 * {@link #advance}. Not thread-safe (the fake transport completes futures on the test's thread too).
 */
final class ManualTimer implements ClientTimer {

    private final PriorityQueue<Task> tasks = new PriorityQueue<>();
    private long now = 1_000_000_000L;
    private long order;
    private boolean closed;

    /** One scheduled run; {@code period} 0 runs once. */
    private final class Task implements Comparable<Task> {
        final Runnable body;
        final long period;
        long due;
        boolean cancelled;
        final long seq = order++;

        Task(Runnable body, long due, long period) {
            this.body = body;
            this.due = due;
            this.period = period;
        }

        @Override
        public int compareTo(Task o) {
            return due != o.due ? Long.compare(due, o.due) : Long.compare(seq, o.seq);
        }
    }

    @Override
    public long nanoTime() {
        return now;
    }

    @Override
    public void schedule(Runnable task, Duration delay) {
        if (!closed) {
            tasks.add(new Task(task, now + delay.toNanos(), 0));
        }
    }

    @Override
    public Runnable repeat(Runnable task, Duration period) {
        if (closed) {
            return () -> {
            };
        }
        Task t = new Task(task, now + period.toNanos(), period.toNanos());
        tasks.add(t);
        return () -> t.cancelled = true;
    }

    @Override
    public boolean closed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        tasks.clear();
    }

    /** Runs what is due now (including what those tasks schedule for now), without moving time. */
    void runDue() {
        advance(Duration.ZERO);
    }

    /** Moves time forward by {@code step}, running every task that falls due on the way, in order. */
    void advance(Duration step) {
        long until = now + step.toNanos();
        int runs = 0;
        while (!tasks.isEmpty() && tasks.peek().due <= until) {
            if (++runs > 100_000) {
                throw new AssertionError("more than 100,000 timer tasks within " + step + " (expected: a bounded"
                        + " number; does a task reschedule itself with no delay?)");
            }
            Task t = tasks.poll();
            if (t.cancelled) {
                continue;
            }
            now = Math.max(now, t.due);
            if (t.period > 0) {
                t.due += t.period;
                tasks.add(t);
            }
            t.body.run();
        }
        now = until;
    }

    /** Tasks waiting, cancelled repetitions excluded. */
    long pending() {
        return tasks.stream().filter(t -> !t.cancelled).count();
    }
}
