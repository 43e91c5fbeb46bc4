package io.raftwire.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.linearizability.Verdict;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The chaos suite (scenarios T1–T6): every {@link Scenario} runs under the seeds and durations of the
 * {@link ChaosSettings} profile (the default test command: one fixed seed per scenario, a smoke run; the {@code long}
 * Maven profile: three fresh seeds per scenario; {@code -Pchaos}: twenty, with longer faults), each run a loopback
 * cluster under its fault schedule with five clients, and each run must show
 * <ul>
 *   <li>a linearizable history ({@link Verdict#UNKNOWN} fails the run: it is not a pass),</li>
 *   <li>no acknowledged write lost ({@link LostWrites}),</li>
 *   <li>equal state machines on every running member at the end,</li>
 *   <li>no leaked buffer (the armed leak gate),</li>
 *   <li>every client future completed.</li>
 * </ul>
 * Each run prints one line of figures and, on failure, the command that replays it.
 */
class ChaosIT {

    private static final ChaosSettings SETTINGS = ChaosSettings.fromSystemProperties();

    /** What faults make members say on purpose: lost connections, elections, terminations. */
    @RegisterExtension
    final LogCapture logs = ChaosLogs.capture();

    static Stream<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (Scenario s : Scenario.values()) {
            if (!SETTINGS.runs(s)) {
                continue;
            }
            for (long seed : SETTINGS.seedsFor(s.id)) {
                runs.add(Arguments.of(s, seed));
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} seed {1}")
    @MethodSource("runs")
    @Timeout(300)
    void holdsUnderFaults(Scenario scenario, long seed) throws Exception {
        String replay = "\n  scenario " + scenario.id + " (" + scenario.nodes + " nodes, " + scenario.serializer + ": "
                + scenario.description + "), seed " + seed + "\n  replay: " + SETTINGS.replayCommand(scenario, seed);
        ChaosRun.Result r;
        try {
            r = new ChaosRun(scenario).run(seed, SETTINGS);
        } catch (Exception | AssertionError e) {
            // also on stdout, beside the passing runs' lines: a JVM that dies later takes the report with it
            System.out.println("chaos " + scenario.id + " seed " + seed + " FAILED: " + e);
            throw new AssertionError("the run failed: " + e + replay + lastLogLines(), e);
        }
        String why = replay + "\n  " + r.summary() + lastLogLines();
        try {
            assertEquals(Verdict.LINEARIZABLE, r.check().verdict(), () -> r.check().report() + why);
            assertTrue(r.lostWrites().isEmpty(), () -> "acknowledged writes lost: " + r.lostWrites() + why);
            assertTrue(r.statesEqual(), () -> "state machines differ at the end: " + r.digests() + why);
            assertEquals(0, r.leaks(), () -> "leaked buffers" + why);
            assertTrue(r.futuresCompleted(), () -> "client futures never completed: " + r.counts() + why);
            if (scenario == Scenario.T6_HALF_OPEN) {
                // T6's figure: the side that stopped hearing anything closes the half-open connection itself
                logs.await("closing it as half-open");
            }
        } catch (AssertionError e) {
            System.out.println("chaos " + scenario.id + " seed " + seed + " FAILED: " + e.getMessage().lines()
                    .findFirst().orElse(""));
            throw e;
        }
        // printed only once every check has passed: the line is the run's record
        System.out.println("chaos " + r.summary());
    }

    /** The last warnings the run provoked (captured, so not printed), for a failure message. */
    private String lastLogLines() {
        List<String> lines = logs.lines();
        List<String> last = lines.subList(Math.max(0, lines.size() - 40), lines.size());
        return "\n  last " + last.size() + " of " + lines.size() + " captured warnings:\n    "
                + String.join("\n    ", last.stream().map(l -> l.lines().findFirst().orElse("")).toList());
    }
}
