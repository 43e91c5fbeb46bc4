package io.raftwire.cli.demo;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The demo's progress display: one line rewritten in place on a terminal, a plain line per period otherwise (a pipe,
 * a file, a CI log). Runs on its own daemon thread; {@link #close} prints the last figures and ends it.
 */
final class Progress implements AutoCloseable {

    private final PrintWriter out;
    private final boolean terminal;
    private final LongSupplier done;
    private final Supplier<String> leader;
    private final long periodMillis;
    private final long start = System.nanoTime();
    private final Thread thread;
    private volatile boolean running = true;
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
        this.periodMillis = periodMillis;
        this.thread = new Thread(this::loop, "demo-progress");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    private void loop() {
        while (running) {
            try {
                Thread.sleep(periodMillis); // a display cadence, not synchronisation
            } catch (InterruptedException e) {
                return;
            }
            if (running) {
                print(false);
            }
        }
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
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        print(true);
    }
}
