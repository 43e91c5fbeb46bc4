package io.raftwire.chaos;

import io.raftwire.node.RaftwireNode;
import io.raftwire.node.kv.KvResult;
import io.raftwire.transport.fault.FaultPlan;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What a scenario's fault schedule works with: the cluster, the fault plan, the run's random source (from the run's
 * seed: every choice a schedule makes comes from it), the profile's fault duration, a probe client, and the figures
 * the run reports (times to a new leader, to recovery, counts).
 */
final class RunContext {

    final ChaosCluster cluster;
    final FaultPlan plan;
    final SplittableRandom random;
    final Duration faultTime;
    final boolean longProfile;
    private final RecordingClient probe;
    private final Map<String, List<Long>> figures = new LinkedHashMap<>();

    RunContext(ChaosCluster cluster, SplittableRandom random, ChaosSettings settings, RecordingClient probe) {
        this.cluster = cluster;
        this.plan = cluster.plan;
        this.random = random;
        this.faultTime = settings.faultTime();
        this.longProfile = settings.longProfile();
        this.probe = probe;
    }

    /** Lets a fault last: the schedule's own clock, not a wait for a condition. */
    void hold(Duration d) {
        LockSupport.parkNanos(d.toNanos());
    }

    /** A random duration in {@code [min, max]} milliseconds, from the run's seed. */
    Duration between(long minMs, long maxMs) {
        return Duration.ofMillis(minMs + random.nextLong(maxMs - minMs + 1));
    }

    void figure(String name, long value) {
        figures.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
    }

    Map<String, List<Long>> figures() {
        return figures;
    }

    /** The index of the agreed leader. */
    int leader() {
        return cluster.awaitLeader();
    }

    /** A random running follower of the agreed leader. */
    int follower() {
        int leader = leader();
        List<Integer> others = new ArrayList<>();
        for (int i = 0; i < cluster.cluster.size(); i++) {
            if (i != leader && cluster.cluster.node(i) != null) {
                others.add(i);
            }
        }
        return others.get(random.nextInt(others.size()));
    }

    /** Ids of the running members other than {@code index}. */
    List<String> othersThan(int index) {
        String self = cluster.id(index);
        return cluster.runningIds().stream().filter(id -> !id.equals(self)).toList();
    }

    /** The current Raft term as the leader sees it. */
    int term() {
        return cluster.cluster.node(leader()).raftNode().getTerm().getTerm();
    }

    /** Majority of {@code members}. */
    static int majority(int members) {
        return members / 2 + 1;
    }

    /** Milliseconds since {@code startNanos}. */
    static long since(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    /**
     * Recovery after a fault ended at {@code healedNanos}: a probe write is acknowledged and every running member has
     * applied it; records the time from the heal as "recovery ms".
     */
    void recovery(long healedNanos) throws Exception {
        long index = probeWrite();
        cluster.awaitApplied(index);
        figure("recovery ms", since(healedNanos));
    }

    /** An acknowledged write through the probe client (recorded in the history); returns its commit index. */
    long probeWrite() {
        long deadline = System.nanoTime() + ChaosCluster.WAIT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            String value = probe.nextValue();
            probe.put("probe", value);
            KvResult r = probe.get("probe");
            if (r != null && r.success() && value.equals(RecordingClient.decode(r.value()))) {
                return r.version();
            }
        }
        throw new IllegalStateException("no probe write acknowledged within " + ChaosCluster.WAIT.toMillis() + " ms");
    }

    /** The running node at {@code index}. */
    RaftwireNode node(int index) {
        return cluster.cluster.node(index);
    }
}
