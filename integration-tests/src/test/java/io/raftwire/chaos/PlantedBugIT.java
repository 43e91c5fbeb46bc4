package io.raftwire.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.linearizability.KeyResult;
import io.raftwire.linearizability.Verdict;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The chaos checks against a store broken on purpose ({@link PlantedBugStateMachine}) in a real cluster run with the
 * real clients and workload: each planted bug must be flagged as a linearizability violation, with a small witness.
 * The seed is printed (fixed by the bug's name by default, fresh with {@code -Dtest.seeds=fresh}); {@code -Dchaos.seed=N}
 * replays it.
 */
class PlantedBugIT {

    @RegisterExtension
    final LogCapture logs = ChaosLogs.capture();

    @ParameterizedTest
    @EnumSource(PlantedBugStateMachine.Bug.class)
    @Timeout(180)
    void everyPlantedBugIsFlagged(PlantedBugStateMachine.Bug bug) throws Exception {
        ChaosSettings settings = ChaosSettings.fromSystemProperties().withAtLeast(1000);
        long seed = settings.seedsFor("bug-" + bug).get(0);
        ChaosRun run = new ChaosRun("bug-" + bug, ChaosRun.spec(3, "kryo"), 0, c -> {
            if (bug != PlantedBugStateMachine.Bug.DUPLICATE_APPLY) {
                c.hold(c.faultTime);
                return;
            }
            try (KvClient filler = c.cluster.client("filler", Duration.ofSeconds(6), "kryo")) {
                long end = System.nanoTime() + c.faultTime.toNanos();
                for (int i = 0; System.nanoTime() - end < 0; i++) {
                    filler.put(PlantedBugStateMachine.FILLER, ("f" + i).getBytes(StandardCharsets.UTF_8))
                            .get(10, TimeUnit.SECONDS);
                    c.hold(Duration.ofMillis(20));
                }
            }
        }).wrapStateMachines(sm -> new PlantedBugStateMachine(bug, (KvStateMachine) sm));
        ChaosRun.Result r = run.run(seed, settings);
        System.out.println("planted " + r.summary());
        String why = "planted " + bug + ", seed " + seed + " (replay: mvn -B -ntp -pl integration-tests -am verify "
                + "-Dtest=None -Dsurefire.failIfNoSpecifiedTests=false -Dit.test=PlantedBugIT -Dchaos.seed=" + seed
                + ")\n" + r.check().report();
        assertEquals(Verdict.VIOLATION, r.check().verdict(), why);
        KeyResult bad = r.check().keysWith(Verdict.VIOLATION).get(0);
        assertFalse(bad.witness().isEmpty(), why);
        assertTrue(bad.witness().size() < bad.operations(),
                () -> "the witness should be a shrunk sub-history: " + bad.describe());
        assertTrue(r.futuresCompleted(), why);
    }
}
