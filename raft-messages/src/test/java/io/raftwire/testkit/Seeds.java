package io.raftwire.testkit;

import java.util.concurrent.ThreadLocalRandom;

/**
 * The seed of a randomised test, printed so that any run can be replayed. Shared by every module through this
 * module's test-jar.
 *
 * <p>Without {@code -D}{@value #PROPERTY} a fresh seed is drawn for each call; with it, every call returns the given
 * seed, so {@code mvn -pl transport-netty verify -Dtest=InboundFuzzTest -Dtest.seed=42} replays a failed run.
 * Failure messages of the calling test should name the seed too.
 */
public final class Seeds {

    /** The system property that fixes the seed: {@code -Dtest.seed=...} (a decimal {@code long}). */
    public static final String PROPERTY = "test.seed";

    private Seeds() {
    }

    /**
     * The seed to use for {@code test}: {@code -Dtest.seed} if set, otherwise a fresh random one. Prints
     * {@code <test>: seed <n> (replay with -Dtest.seed=<n>)} to standard output.
     *
     * @param test names the test (class and case) in the printed line
     * @throws IllegalArgumentException if {@code -Dtest.seed} is not a decimal {@code long}
     */
    public static long seed(String test) {
        long seed = chosen(System.getProperty(PROPERTY));
        System.out.println(test + ": seed " + seed + " (replay with -D" + PROPERTY + "=" + seed + ")");
        return seed;
    }

    static long chosen(String property) {
        if (property == null || property.isBlank()) {
            return ThreadLocalRandom.current().nextLong();
        }
        try {
            return Long.parseLong(property.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + " = " + property + " (expected: a decimal long)", e);
        }
    }
}
