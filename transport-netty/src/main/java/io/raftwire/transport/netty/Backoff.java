package io.raftwire.transport.netty;

/**
 * Capped exponential backoff with jitter, as in the gRPC connection-backoff spec: the delay before attempt
 * {@code n + 1} after {@code n} consecutive failures is {@code min(max, initial * multiplier^(n-1))}, then spread by
 * {@code +- jitter} of itself. Immutable and thread-safe; the random draw is supplied by the caller.
 */
final class Backoff {

    private final long initialMs;
    private final long maxMs;
    private final double multiplier;
    private final double jitter;

    /**
     * @param initialMs  delay after the first failure, >= 1
     * @param maxMs      cap before jitter, >= initialMs
     * @param multiplier growth per further failure, >= 1
     * @param jitter     fraction of random spread, 0..1
     */
    Backoff(long initialMs, long maxMs, double multiplier, double jitter) {
        this.initialMs = initialMs;
        this.maxMs = maxMs;
        this.multiplier = multiplier;
        this.jitter = jitter;
    }

    /**
     * The delay after {@code failures} consecutive failures.
     *
     * @param failures how many attempts failed in a row, >= 1
     * @param random   a uniform draw in [0, 1)
     * @return the delay in milliseconds, >= 1
     */
    long delayMs(int failures, double random) {
        double base = initialMs * Math.pow(multiplier, Math.max(0, failures - 1));
        double capped = Math.min(base, maxMs);
        double spread = capped * jitter * (2 * random - 1);
        return Math.max(1, Math.round(capped + spread));
    }

    @Override
    public String toString() {
        return "Backoff[initialMs=" + initialMs + ", maxMs=" + maxMs + ", multiplier=" + multiplier + ", jitter="
                + jitter + ']';
    }
}
