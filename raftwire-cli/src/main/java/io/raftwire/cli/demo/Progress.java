package io.raftwire.cli.demo;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The demo's progress display: one line rewritten in place on a terminal, a plain line per period otherwise (a pipe,
 * a file, a CI log). Updates come from a daemon timer thread; {@link #close} prints the last figures and ends it.
 */
final class Progress implements AutoCloseable {

    private final PrintWriter out;
    private final boolean terminal;
    private final LongSupplier done;
    private final Supplier<String> leader;
    private final long start = System.nanoTime();
    private final ScheduledExecutorService timer;
    private long lastDone;
    private long lastNanos = start;

    /**
     * @param out          where to print (the report's stream)
     * @param terminal     whether {@code out} is an interactive terminal
     * @param done         operations done so far
     * @param leader       the current leader's id, or a placeholder
     * @param periodMillis time between updates
     */
    Progress(PrintWriter out, boolean terminal, LongSupplier done, Supplier<String> leader, long periodMillis) {
        this.out = out;
        this.terminal = terminal;
        this.done = done;
        this.leader = leader;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "demo-progress");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleAtFixedRate(() -> print(false), periodMillis, periodMillis, TimeUnit.MILLISECONDS);
    }

    /** Prints an event (a leader change) on its own line, without disturbing the progress line. */
    synchronized void event(String text) {
        if (terminal) {
            out.print("\r\033[K");
        }
        out.println(text);
        out.flush();
    }

    private synchronized void print(boolean last) {
        long now = System.nanoTime();
        long d = done.getAsLong();
        double rate = (d - lastDone) * 1e9 / Math.max(1, now - lastNanos);
        lastDone = d;
        lastNanos = now;
        String line = String.format(Locale.ROOT, "%6.1f s  %,10d ops  %,9.0f ops/s  leader %s",
                (now - start) / 1e9, d, rate, leader.get());
        if (terminal) {
            out.print("\r\033[K" + line + (last ? "\n" : ""));
        } else {
            out.println(line);
        }
        out.flush();
    }

    @Override
    public void close() {
        timer.shutdownNow();
        try {
            timer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        print(true);
    }
}
