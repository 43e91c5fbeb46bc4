package io.raftwire.chaos;

import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

/**
 * The profile of a chaos run, from system properties: {@code chaos.profile} ({@code short}, the default, what CI
 * runs; or {@code long}, what {@code -Pchaos} sets), {@code chaos.seed} (replay one seed), {@code chaos.scenario}
 * (comma-separated scenario ids, e.g. {@code T1,T2-drop30}), {@code chaos.seeds} (seeds per scenario).
 *
 * @param longProfile   whether this is the long profile
 * @param seeds         seeds (runs) per scenario
 * @param minOperations operations each run issues at least (the workload goes on until the schedule is over)
 * @param faultTime     how long each fault phase lasts
 * @param fixedSeed     the seed to replay, or {@code null} for fresh seeds
 * @param scenarios     the scenario ids to run; empty for all
 */
record ChaosSettings(boolean longProfile, int seeds, int minOperations, Duration faultTime, Long fixedSeed,
                     Set<String> scenarios) {

    static ChaosSettings fromSystemProperties() {
        String profile = System.getProperty("chaos.profile", "short").trim().toLowerCase(Locale.ROOT);
        boolean isLong = switch (profile) {
            case "short" -> false;
            case "long" -> true;
            default -> throw new IllegalArgumentException(
                    "chaos.profile = " + profile + " (expected: short or long)");
        };
        // CI's short profile runs three fresh seeds per scenario (reliability anchors §5, L1: CI >= 3)
        int seeds = Integer.parseInt(System.getProperty("chaos.seeds", isLong ? "20" : "3").trim());
        if (seeds < 1) {
            throw new IllegalArgumentException("chaos.seeds = " + seeds + " (expected: >= 1)");
        }
        String seed = System.getProperty("chaos.seed");
        Long fixed = null;
        if (seed != null && !seed.isBlank()) {
            try {
                fixed = Long.parseLong(seed.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("chaos.seed = " + seed
                        + " (expected: a decimal long, as printed by an earlier run)", e);
            }
            seeds = 1;
        }
        Set<String> scenarios = new TreeSet<>();
        String s = System.getProperty("chaos.scenario", "");
        Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).forEach(scenarios::add);
        for (String id : scenarios) {
            Scenario.byId(id);
        }
        return new ChaosSettings(isLong, seeds, isLong ? 3000 : 1200, Duration.ofMillis(isLong ? 5000 : 2000),
                fixed, scenarios);
    }

    boolean runs(Scenario scenario) {
        return scenarios.isEmpty() || scenarios.contains(scenario.id);
    }

    /** The command that replays one run: same scenario, seed and profile. */
    String replayCommand(Scenario scenario, long seed) {
        return "mvn -B -ntp -pl integration-tests -am verify -Dtest=None -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dit.test=ChaosIT -Dchaos.scenario=" + scenario.id + " -Dchaos.seed=" + seed
                + (longProfile ? " -Dchaos.profile=long" : "");
    }
}
