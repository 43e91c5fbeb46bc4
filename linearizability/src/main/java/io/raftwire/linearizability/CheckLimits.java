package io.raftwire.linearizability;

/**
 * Bounds on the work the checker does, so that a hard history ends in {@link Verdict#UNKNOWN} instead of running
 * out of time or memory. Immutable; valid by construction.
 *
 * @param maxStepsPerKey  search steps (an operation tried, or one undone) per key before giving up; {@code >= 1}
 * @param maxStatesPerKey remembered (linearized set, state) pairs per key before giving up; each costs about
 *                        {@code 48 + n / 8} bytes for a key with n operations; {@code >= 1}
 * @param maxShrinkChecks searches the shrinker may run per violating key, each bounded by the two limits above;
 *                        {@code >= 0} (0: report the whole key's history unshrunk)
 */
public record CheckLimits(long maxStepsPerKey, long maxStatesPerKey, int maxShrinkChecks) {

    /** 20 million steps and 1 million states per key, 400 shrink searches: seconds per key at worst. */
    public static final CheckLimits DEFAULT = new CheckLimits(20_000_000L, 1_000_000L, 400);

    public CheckLimits {
        if (maxStepsPerKey < 1) {
            throw new IllegalArgumentException("maxStepsPerKey = " + maxStepsPerKey + " (expected: >= 1)");
        }
        if (maxStatesPerKey < 1) {
            throw new IllegalArgumentException("maxStatesPerKey = " + maxStatesPerKey + " (expected: >= 1)");
        }
        if (maxShrinkChecks < 0) {
            throw new IllegalArgumentException("maxShrinkChecks = " + maxShrinkChecks + " (expected: >= 0)");
        }
    }
}
