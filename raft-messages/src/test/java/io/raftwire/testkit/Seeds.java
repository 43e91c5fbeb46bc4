package io.raftwire.testkit;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The seed of a randomised test, printed so that any run can be replayed. Shared by every module through this
 * module's test-jar.
 *
 * <p>Three ways to get a seed, in this order:
 * <ul>
 *   <li>{@code -D}{@value #PROPERTY}{@code =<n>}: every call returns {@code n}, so
 *       {@code mvn -pl transport-netty verify -Dtest=InboundFuzzTest -Dtest.seed=42} replays a failed run;</li>
 *   <li>{@code -D}{@value #MODE_PROPERTY}{@code =fresh} (the {@code long} profile sets it): a new random seed on
 *       every call, so each long run explores inputs no earlier run tried;</li>
 *   <li>otherwise ({@value #MODE_PROPERTY} {@code fixed}, the default test command): a seed derived from the name the
 *       test passes, the same on every machine and every run, so the default suite is deterministic and a failure
 *       in it is a regression, not bad luck.</li>
 * </ul>
 * Each call prints {@code <test>: seed <n> (<how>; replay with -Dtest.seed=<n>)}. Failure messages of the calling
 * test should name the seed too.
 */
public final class Seeds {

    /** The system property that fixes the seed: {@code -Dtest.seed=...} (a decimal {@code long}). */
    public static final String PROPERTY = "test.seed";

    /** The system property that chooses fixed ({@code fixed}, the default) or fresh ({@code fresh}) seeds. */
    public static final String MODE_PROPERTY = "test.seeds";

    private Seeds() {
    }

    /**
     * The seed to use for {@code test} (see the class comment for how it is chosen). Prints the seed and how to replay
     * it to standard output.
     *
     * @param test names the test (class and case); in fixed mode the seed is derived from it, so each test has its
     *             own and renaming a test changes its seed
     * @throws IllegalArgumentException if {@code -Dtest.seed} is not a decimal {@code long} or {@code -Dtest.seeds}
     *                                  is neither {@code fixed} nor {@code fresh}
     */
    public static long seed(String test) {
        String given = System.getProperty(PROPERTY);
        boolean fresh = fresh(System.getProperty(MODE_PROPERTY));
        long seed = chosen(given, fresh, test);
        String how = given != null && !given.isBlank() ? "given" : fresh ? "fresh" : "fixed by the test's name";
        System.out.println(test + ": seed " + seed + " (" + how + "; replay with -D" + PROPERTY + "=" + seed + ")");
        return seed;
    }

    /**
     * Whether {@code mode} (the value of {@value #MODE_PROPERTY}, {@code null} when unset) asks for fresh seeds.
     *
     * @throws IllegalArgumentException if it is neither {@code fixed} nor {@code fresh}
     */
    public static boolean fresh(String mode) {
        String m = mode == null ? "fixed" : mode.trim().toLowerCase(Locale.ROOT);
        return switch (m) {
            case "", "fixed" -> false;
            case "fresh" -> true;
            default -> throw new IllegalArgumentException(MODE_PROPERTY + " = " + mode + " (expected: fixed or fresh)");
        };
    }

    static long chosen(String property, boolean fresh, String test) {
        if (property != null && !property.isBlank()) {
            try {
                return Long.parseLong(property.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(PROPERTY + " = " + property + " (expected: a decimal long)", e);
            }
        }
        return fresh ? ThreadLocalRandom.current().nextLong() : fixedFor(test);
    }

    /**
     * The fixed seed of {@code test}: a 64-bit FNV-1a hash of the name's UTF-8 bytes, stable across JVMs, machines and
     * Java versions.
     */
    public static long fixedFor(String test) {
        long h = 0xcbf29ce484222325L;
        for (byte b : test.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return h;
    }
}
