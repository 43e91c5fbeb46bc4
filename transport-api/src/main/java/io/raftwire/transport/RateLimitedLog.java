package io.raftwire.transport;

import org.slf4j.Logger;

import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Warnings that a peer can provoke once per connection (refused handshakes, handshake timeouts, protocol errors,
 * connections over a cap), rate-limited per kind: at most {@code burst} warnings of one kind per window of
 * {@code windowMs}; the rest are counted, and the first warning of that kind logged after a suppression ends with
 * {@code (N similar warnings suppressed)}. So a peer that opens thousands of bad connections writes a few lines per
 * window, not one per connection, and the log still says how many there were.
 *
 * <p>Kinds are fixed strings chosen by this code, never peer data, so the number of windows is bounded. Thread-safe.
 * Public for the layers above that log what a peer can provoke once per frame (the Raft node's refusal of a forged
 * sender).
 */
public final class RateLimitedLog {

    /** Default window: 10 s. */
    static final long DEFAULT_WINDOW_MS = 10_000;
    /** Default warnings per kind and window. */
    static final int DEFAULT_BURST = 5;

    /** Where a permitted warning goes: an slf4j format and its arguments. */
    interface Sink {
        void warn(String format, Object... args);
    }

    private final Sink sink;
    private final long windowNanos;
    private final int burst;
    private final LongSupplier nanoClock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    /** Logs through {@code log} at WARN with the default window and burst, on {@link System#nanoTime()}. */
    public RateLimitedLog(Logger log) {
        this(log::warn, DEFAULT_WINDOW_MS, DEFAULT_BURST, System::nanoTime);
    }

    /**
     * @param sink      receives the permitted warnings
     * @param windowMs  length of a window in milliseconds, > 0
     * @param burst     warnings of one kind logged per window, > 0
     * @param nanoClock monotonic time in nanoseconds
     */
    RateLimitedLog(Sink sink, long windowMs, int burst, LongSupplier nanoClock) {
        if (windowMs <= 0 || burst <= 0) {
            throw new IllegalArgumentException("windowMs = " + windowMs + ", burst = " + burst
                    + " (expected: both > 0)");
        }
        this.sink = sink;
        this.windowNanos = windowMs * 1_000_000L;
        this.burst = burst;
        this.nanoClock = nanoClock;
    }

    /**
     * Logs a warning of {@code kind} unless this kind's window is used up; then only counts it.
     *
     * @param kind   a fixed name for this kind of warning (never peer data)
     * @param format an slf4j format; peer-supplied arguments must already be escaped
     * @param args   its arguments
     * @return whether the warning was logged
     */
    public boolean warn(String kind, String format, Object... args) {
        long suppressed = windows.computeIfAbsent(kind, k -> new Window()).admit(nanoClock.getAsLong());
        if (suppressed < 0) {
            return false;
        }
        if (suppressed == 0) {
            sink.warn(format, args);
        } else {
            Object[] withCount = Arrays.copyOf(args, args.length + 1);
            withCount[args.length] = suppressed;
            sink.warn(format + " ({} similar warnings suppressed)", withCount);
        }
        return true;
    }

    /** Warnings of {@code kind} counted but not logged since the last one logged. */
    long suppressed(String kind) {
        Window w = windows.get(kind);
        return w == null ? 0 : w.suppressedNow();
    }

    /** One kind's fixed window. */
    private final class Window {
        private long start;
        private boolean started;
        private int logged;
        private long suppressed;

        /** -1 if suppressed, else how many were suppressed before this one (then reset). */
        synchronized long admit(long now) {
            if (!started || now - start >= windowNanos) {
                started = true;
                start = now;
                logged = 0;
            }
            if (logged >= burst) {
                suppressed++;
                return -1;
            }
            logged++;
            long before = suppressed;
            suppressed = 0;
            return before;
        }

        synchronized long suppressedNow() {
            return suppressed;
        }
    }
}
