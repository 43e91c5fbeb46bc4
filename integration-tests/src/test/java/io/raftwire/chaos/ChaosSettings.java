package io.raftwire.chaos;

import io.raftwire.testkit.Seeds;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The profile of a chaos run, from system properties:
 * <ul>
 *   <li>{@code chaos.profile}: {@code smoke} (the default test command: one run of each of the {@link #SMOKE}
 *       scenarios, one per kind of fault and every provider among them, 500 operations, 1.5 s fault phases; the
 *       others check what socket ITs check too, or a fault of a kind the smoke has), {@code short} (the
 *       {@code long} Maven profile: three runs per scenario, 1,200 operations, 2 s phases) or {@code long}
 *       ({@code -Pchaos}, the soak: twenty runs per scenario, 3,000 operations, 5 s phases);</li>
 *   <li>{@code test.seeds}: {@code fixed} (the default: each scenario's seeds derived from its id, the same on every
 *       run, so the default suite replays the same schedules) or {@code fresh} (the {@code long} Maven profile: new
 *       seeds every run);</li>
 *   <li>{@code chaos.seed}: replay one seed (one run per scenario);</li>
 *   <li>{@code chaos.scenario}: comma-separated scenario ids, e.g. {@code T1,T2-drop30};</li>
 *   <li>{@code chaos.seeds}: runs per scenario, overriding the profile's.</li>
 * </ul>
 *
 * @param profile       the profile's name, as given
 * @param longProfile   whether this is the soak ({@code long}): longer faults, some scenarios do more
 * @param seeds         seeds (runs) per scenario
 * @param minOperations operations each run issues at least (the workload goes on until the schedule is over)
 * @param faultTime     how long each fault phase lasts
 * @param fixedSeed     the seed to replay, or {@code null}
 * @param freshSeeds    whether seeds are drawn fresh ({@code test.seeds=fresh}) rather than derived from the scenario
 * @param scenarios     the scenario ids to run; empty for all
 */
record ChaosSettings(String profile, boolean longProfile, int seeds, int minOperations, Duration faultTime,
                     Long fixedSeed, boolean freshSeeds, Set<String> scenarios) {

    /**
     * The smoke run's scenarios: a partition (T1), drops on five members (T2-drop30), duplicates (T2-duplicate), a
     * member that stops reading (T3-stopped), restarts from data directories (T4), connections reset mid-frame
     * (T5-append) and a half-open connection (T6), on kryo, jdk, fory and protostuff between them.
     */
    static final Set<String> SMOKE = Set.of("T1", "T2-drop30", "T2-duplicate", "T3-stopped", "T4", "T5-append", "T6");

    static ChaosSettings fromSystemProperties() {
        String profile = System.getProperty("chaos.profile", "smoke").trim().toLowerCase(Locale.ROOT);
        int defaultSeeds;
        int minOperations;
        Duration faultTime;
        switch (profile) {
            case "smoke" -> {
                defaultSeeds = 1;
                minOperations = 500;
                faultTime = Duration.ofMillis(1500);
            }
            case "short" -> {
                // three fresh seeds per scenario: what the reliability plan asks of CI
                defaultSeeds = 3;
                minOperations = 1200;
                faultTime = Duration.ofMillis(2000);
            }
            case "long" -> {
                defaultSeeds = 20;
                minOperations = 3000;
                faultTime = Duration.ofMillis(5000);
            }
            default -> throw new IllegalArgumentException(
                    "chaos.profile = " + profile + " (expected: smoke, short or long)");
        }
        int seeds = Integer.parseInt(System.getProperty("chaos.seeds", Integer.toString(defaultSeeds)).trim());
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
        boolean fresh = Seeds.fresh(System.getProperty(Seeds.MODE_PROPERTY));
        Set<String> scenarios = new TreeSet<>();
        String s = System.getProperty("chaos.scenario", "");
        Arrays.stream(s.split(",")).map(String::trim).filter(x -> !x.isEmpty()).forEach(scenarios::add);
        for (String id : scenarios) {
            Scenario.byId(id);
        }
        SMOKE.forEach(Scenario::byId);
        return new ChaosSettings(profile, profile.equals("long"), seeds, minOperations, faultTime, fixed, fresh,
                scenarios);
    }

    /**
     * These settings with at least {@code operations} operations per run: the planted-bug runs keep 1,000 in the smoke,
     * so that each planted bug has as many chances to show as before.
     */
    ChaosSettings withAtLeast(int operations) {
        return new ChaosSettings(profile, longProfile, seeds, Math.max(operations, minOperations), faultTime, fixedSeed,
                freshSeeds, scenarios);
    }

    boolean runs(Scenario scenario) {
        if (!scenarios.isEmpty()) {
            return scenarios.contains(scenario.id);
        }
        return !profile.equals("smoke") || SMOKE.contains(scenario.id);
    }

    /**
     * The seeds to run {@code name} (a scenario id or a planted bug) with: the replayed seed, fresh ones, or ones
     * derived from the name (non-negative, so that they print as they are given back).
     */
    List<Long> seedsFor(String name) {
        List<Long> out = new ArrayList<>();
        SplittableRandom random = new SplittableRandom();
        for (int i = 0; i < seeds; i++) {
            long seed = fixedSeed != null ? fixedSeed
                    : freshSeeds ? random.nextLong() : Seeds.fixedFor("chaos " + name + " #" + i);
            out.add(seed & Long.MAX_VALUE);
        }
        return out;
    }

    /** The command that replays one run: same scenario, seed and profile. */
    String replayCommand(Scenario scenario, long seed) {
        return "mvn -B -ntp -pl integration-tests -am verify -Dtest=None -Dsurefire.failIfNoSpecifiedTests=false"
                + " -Dit.test=ChaosIT -Dchaos.scenario=" + scenario.id + " -Dchaos.seed=" + seed
                + " -Dchaos.profile=" + profile;
    }
}
