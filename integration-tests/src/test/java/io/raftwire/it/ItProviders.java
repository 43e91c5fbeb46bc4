package io.raftwire.it;

import java.util.List;
import java.util.Locale;

/**
 * The providers a provider-parametrised cluster or socket IT runs on: every provider it names in the long profile
 * ({@code -Dit.providers=all}, what {@code mvn -B -ntp verify -Plong} sets), one of them in the default test command
 * ({@code -Dit.providers=one}). Which one differs from test to test, so that the default command still runs a cluster
 * on several providers; the catalog's round trip over real sockets runs on every provider in both
 * ({@code CatalogRoundTripIT}).
 */
public final class ItProviders {

    /** The system property: {@code one} (the default) or {@code all}. */
    public static final String PROPERTY = "it.providers";

    private ItProviders() {
    }

    /**
     * @param inDefault the provider the default test command runs; must be one of {@code all}
     * @param all       every provider the test is written for
     * @return {@code all} with {@code -Dit.providers=all}, otherwise {@code inDefault} alone
     * @throws IllegalArgumentException if {@code inDefault} is not in {@code all}, or the property is neither
     *                                  {@code one} nor {@code all}
     */
    public static List<String> of(String inDefault, String... all) {
        List<String> every = List.of(all);
        if (!every.contains(inDefault)) {
            throw new IllegalArgumentException(inDefault + " (expected: one of " + every + ")");
        }
        String mode = System.getProperty(PROPERTY, "one").trim().toLowerCase(Locale.ROOT);
        return switch (mode) {
            case "one" -> List.of(inDefault);
            case "all" -> every;
            default -> throw new IllegalArgumentException(PROPERTY + " = " + mode + " (expected: one or all)");
        };
    }
}
