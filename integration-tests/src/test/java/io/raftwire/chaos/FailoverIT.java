package io.raftwire.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.RaftRole;
import io.microraft.report.RaftNodeReport;
import io.raftwire.linearizability.Verdict;
import io.raftwire.node.RaftwireNode;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Failover with the engine's default timers (heartbeat timeout 5 s, election timeout 1 s) and raftwire's failure
 * detector at its defaults: a 3-member durable cluster under the chaos workload loses its leader several times, by a
 * stop (its process closes every connection) or by isolation (every link to and from it blackholed), and each time a
 * new leader must commit an entry of its own term; afterwards the run's checks of the chaos suite hold (linearizable
 * history, no acknowledged write lost, equal states, no leak, every future completed). The time from the fault until
 * a member other than the old leader, named by a majority, has committed every entry it held when first seen leading
 * (among them the entry of its own term the engine appends on election) is printed per run and, over all runs, as p50
 * and p99 with the load average; no time is asserted. {@code -Dfailover.leader-timeout-ms=0} runs the same with raftwire's
 * detector off, for comparison. In the long profile: the seeds of {@link ChaosSettings} under the name
 * {@code failover} ({@code -Dfailover.seeds=N} for N of them).
 */
@Tag("long")
class FailoverIT {

    private static final List<Long> KILL = Collections.synchronizedList(new ArrayList<>());
    private static final List<Long> ISOLATION = Collections.synchronizedList(new ArrayList<>());
    private static final ChaosSettings SETTINGS = ChaosSettings.fromSystemProperties();

    @RegisterExtension
    final LogCapture logs = ChaosLogs.capture();

    /** The chaos profile's seeds under the name {@code failover}; {@code -Dfailover.seeds=N} asks for N of them. */
    static Stream<Long> seeds() {
        String n = System.getProperty("failover.seeds", "").trim();
        ChaosSettings s = n.isEmpty() ? SETTINGS : new ChaosSettings(SETTINGS.profile(), SETTINGS.longProfile(),
                Integer.parseInt(n), SETTINGS.minOperations(), SETTINGS.faultTime(), SETTINGS.fixedSeed(),
                SETTINGS.freshSeeds(), SETTINGS.scenarios());
        return s.seedsFor("failover").stream();
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    @Timeout(300)
    void aNewLeaderCommitsAfterTheLeaderIsStoppedOrIsolatedAndNoAcknowledgedWriteIsLost(long seed) throws Exception {
        ChaosCluster.Spec spec = ChaosRun.spec(3, "kryo");
        spec.dataRoot = Path.of("durable"); // a temporary directory per run: stopped members restart from it
        spec.extra.put("raftwire.raft.election-timeout-ms", "1000");
        spec.extra.put("raftwire.raft.heartbeat-timeout-secs", "5");
        String detector = System.getProperty("failover.leader-timeout-ms", "").trim();
        if (!detector.isEmpty()) {
            spec.extra.put("raftwire.raft.leader-timeout-ms", detector);
        }
        ChaosRun run = new ChaosRun("failover", spec, 0, c -> {
            for (int round = 0; round < (c.longProfile ? 6 : 4); round++) {
                int old = c.leader();
                boolean stop = round % 2 == 0;
                long start = System.nanoTime();
                if (stop) {
                    c.cluster.cluster.stop(old);
                } else {
                    c.plan.partition(c.cluster.id(old), c.othersThan(old));
                }
                long ms = awaitNewLeaderCommitted(c, old, start);
                (stop ? KILL : ISOLATION).add(ms);
                c.figure(stop ? "stop: committed ms" : "isolation: committed ms", ms);
                c.hold(c.between(200, 600));
                if (stop) {
                    c.cluster.cluster.restart(old);
                } else {
                    c.plan.healAll();
                }
                c.recovery(System.nanoTime());
            }
        });
        ChaosRun.Result r = run.run(seed, SETTINGS);
        String why = "\n  failover seed " + seed + " (replay: -Dit.test=FailoverIT -Dtest.excludedGroups=none"
                + " -Dchaos.seed=" + seed + ")\n  " + r.summary();
        assertEquals(Verdict.LINEARIZABLE, r.check().verdict(), () -> r.check().report() + why);
        assertTrue(r.lostWrites().isEmpty(), () -> "acknowledged writes lost: " + r.lostWrites() + why);
        assertTrue(r.statesEqual(), () -> "state machines differ at the end: " + r.digests() + why);
        assertEquals(0, r.leaks(), () -> "leaked buffers" + why);
        assertTrue(r.futuresCompleted(), () -> "client futures never completed: " + r.counts() + why);
        System.out.println("failover " + r.summary());
    }

    @AfterAll
    static void printPercentiles() throws Exception {
        String load = Files.readString(Path.of("/proc/loadavg")).trim();
        System.out.println(String.format(Locale.ROOT, "failover: leader stopped -> new leader committed ms %s;"
                + " leader isolated -> new leader committed ms %s; load average %s (raftwire.raft.leader-timeout-ms"
                + " %s)", percentiles(KILL), percentiles(ISOLATION), load,
                System.getProperty("failover.leader-timeout-ms", "default")));
    }

    private static String percentiles(List<Long> values) {
        List<Long> v = new ArrayList<>(values);
        if (v.isEmpty()) {
            return "none";
        }
        Collections.sort(v);
        return "p50 " + v.get((v.size() - 1) / 2) + " p99 " + v.get((int) Math.ceil(0.99 * v.size()) - 1)
                + " (n=" + v.size() + ", max " + v.get(v.size() - 1) + ")";
    }

    /**
     * Waits until a member other than {@code old}, named leader by a majority, has committed every entry it held when
     * it was first seen leading: those include the entry the engine appends on becoming leader, of its own term, so
     * the new leader has then committed in its term.
     *
     * @return milliseconds since {@code start}
     */
    private static long awaitNewLeaderCommitted(RunContext c, int old, long start) throws Exception {
        long deadline = System.nanoTime() + ChaosCluster.WAIT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            RaftwireNode n = c.cluster.cluster.node(c.cluster.awaitLeaderOtherThan(old,
                    RunContext.majority(c.cluster.cluster.size())));
            RaftNodeReport first = report(n);
            if (first.getRole() != RaftRole.LEADER) {
                continue;
            }
            long held = first.getLog().getLastLogOrSnapshotIndex();
            while (System.nanoTime() - deadline < 0) {
                RaftNodeReport now = report(n);
                if (now.getRole() != RaftRole.LEADER || now.getTerm().getTerm() != first.getTerm().getTerm()) {
                    break; // lost the leadership before committing: wait for the next leader
                }
                if (now.getLog().getCommitIndex() >= held) {
                    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
            }
        }
        throw new AssertionError("no new leader committed in its term within " + ChaosCluster.WAIT.toMillis()
                + " ms of losing leader " + c.cluster.id(old));
    }

    private static RaftNodeReport report(RaftwireNode n) throws Exception {
        return n.raftNode().getReport().get(10, TimeUnit.SECONDS).getResult();
    }
}
