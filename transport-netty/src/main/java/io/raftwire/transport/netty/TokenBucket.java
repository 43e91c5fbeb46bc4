package io.raftwire.transport.netty;

/**
 * A token bucket: holds at most {@code capacity} tokens, gains {@code perSecond} tokens a second, and starts full.
 * {@link #tryTake} takes one token if there is one. Time comes from the caller (monotonic nanoseconds), so that tests
 * can drive it. Thread-safe (synchronized: taken once per accepted connection, never on a hot path).
 */
final class TokenBucket {

    private final double capacity;
    private final double perNano;
    private double tokens;
    private long last;

    /**
     * @param perSecond tokens gained per second, > 0; also the capacity (one second's worth)
     * @param nowNanos  the current time, {@link System#nanoTime()}
     */
    TokenBucket(int perSecond, long nowNanos) {
        if (perSecond <= 0) {
            throw new IllegalArgumentException("perSecond = " + perSecond + " (expected: > 0)");
        }
        this.capacity = perSecond;
        this.perNano = perSecond / 1e9;
        this.tokens = capacity;
        this.last = nowNanos;
    }

    /** Takes a token if one is left at {@code nowNanos}; false if the bucket is empty. */
    synchronized boolean tryTake(long nowNanos) {
        refill(nowNanos);
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }

    /** Whether the bucket is full again at {@code nowNanos}: it has not been used for a second or more. */
    synchronized boolean isFull(long nowNanos) {
        refill(nowNanos);
        return tokens >= capacity;
    }

    private void refill(long nowNanos) {
        long elapsed = nowNanos - last;
        if (elapsed > 0) {
            tokens = Math.min(capacity, tokens + elapsed * perNano);
            last = nowNanos;
        }
    }
}
