package io.raftwire.node.client;

import java.time.Duration;

/**
 * The clock and the single timer thread of one {@link RaftwireClient}: retries wait on it and keep-alives run on it.
 * An interface so that tests can drive time by hand. Thread-safe.
 */
interface ClientTimer {

    /** The current time in nanoseconds, for deadlines only (as {@link System#nanoTime()}: no epoch). */
    long nanoTime();

    /** Runs {@code task} on the timer thread after {@code delay} (zero: as soon as possible); nothing once closed. */
    void schedule(Runnable task, Duration delay);

    /**
     * Runs {@code task} on the timer thread every {@code period}, the first time one period from now, until
     * {@code cancel} is run or the timer closes.
     *
     * @return what cancels the repetition; idempotent
     */
    Runnable repeat(Runnable task, Duration period);

    /** Whether {@link #close()} was called. */
    boolean closed();

    /** Stops the timer: scheduled tasks are dropped and new ones ignored. Idempotent. */
    void close();
}
