package io.raftwire.node.metrics;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import io.microraft.RaftEndpoint;
import io.microraft.RaftRole;
import io.microraft.report.RaftLogStats;
import io.microraft.report.RaftNodeReport;
import io.microraft.report.RaftNodeReportListener;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The meters of one Raft group on this member, fed by MicroRaft's {@link RaftNodeReport}s (published on every role,
 * leader, status and membership change, after each snapshot, periodically, and on {@code getReport()}), by the
 * indices the state machine applies and by the snapshots it takes. Every meter carries the tags {@code group} and
 * {@code member}. Thread-safe: reports and applied indices arrive on the Raft thread, reads on any thread.
 */
public final class RaftGroupMetrics implements RaftNodeReportListener {

    private final MeterRegistry registry;
    private final Tags tags;
    private final Map<RaftRole, AtomicLong> role = new EnumMap<>(RaftRole.class);
    private final AtomicLong term = new AtomicLong();
    private final AtomicLong commitIndex = new AtomicLong();
    private final AtomicLong lastLogIndex = new AtomicLong();
    private final AtomicLong lastApplied = new AtomicLong();
    private final AtomicLong snapshotIndex = new AtomicLong();
    private final Counter elections;
    private final Counter leaderChanges;
    private final Counter snapshotsTaken;
    private final Counter snapshotsInstalled;
    private final Timer snapshotTime;
    private final List<Meter> meters = new ArrayList<>();
    private final Map<String, Follower> followers = new HashMap<>(); // guarded by this
    private Object leader; // guarded by this
    private long takenSeen; // guarded by this
    private long installedSeen; // guarded by this

    /** The match index and lag of one follower, as its leader sees them. */
    private record Follower(AtomicLong match, AtomicLong lag, Meter matchGauge, Meter lagGauge) {
    }

    /**
     * Registers the group's meters.
     *
     * @param registry where the meters go
     * @param group    the Raft group id
     * @param member   this member's id
     */
    public RaftGroupMetrics(MeterRegistry registry, String group, String member) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.tags = Tags.of("group", group, "member", member);
        for (RaftRole r : RaftRole.values()) {
            AtomicLong v = new AtomicLong();
            role.put(r, v);
            meters.add(Gauge.builder("raftwire.raft.role", v, AtomicLong::get).tags(tags).tag("role", r.name())
                    .description("1 for the role this member has in the group, 0 for the others").register(registry));
        }
        gauge("raftwire.raft.term", term, "the term this member is in");
        gauge("raftwire.raft.commit.index", commitIndex, "the highest log index this member knows committed");
        gauge("raftwire.raft.last.log.index", lastLogIndex, "the index of this member's last log entry or snapshot");
        gauge("raftwire.raft.last.applied.index", lastApplied,
                "the highest log index this member's state machine has applied");
        gauge("raftwire.raft.snapshot.index", snapshotIndex, "the log index of this member's newest snapshot");
        elections = counter("raftwire.raft.elections.started", "elections this member started as a candidate");
        leaderChanges = counter("raftwire.raft.leader.changes",
                "times this member learnt of a leader other than the one it knew (the first one included)");
        snapshotsTaken = counter("raftwire.raft.snapshots.taken", "snapshots this member took of its state machine");
        snapshotsInstalled = counter("raftwire.raft.snapshots.installed",
                "snapshots this member installed from a leader");
        snapshotTime = Timer.builder("raftwire.raft.snapshot").tags(tags).publishPercentileHistogram()
                .description("time the state machine took to produce a snapshot's chunks").register(registry);
        meters.add(snapshotTime);
    }

    private void gauge(String name, AtomicLong value, String description) {
        meters.add(Gauge.builder(name, value, AtomicLong::get).tags(tags).description(description).register(registry));
    }

    private Counter counter(String name, String description) {
        Counter c = Counter.builder(name).tags(tags).description(description).register(registry);
        meters.add(c);
        return c;
    }

    @Override
    public synchronized void accept(RaftNodeReport report) {
        for (Map.Entry<RaftRole, AtomicLong> e : role.entrySet()) {
            e.getValue().set(e.getKey() == report.getRole() ? 1 : 0);
        }
        if (report.getReason() == RaftNodeReport.RaftNodeReportReason.ROLE_CHANGE
                && report.getRole() == RaftRole.CANDIDATE) {
            elections.increment(); // MicroRaft publishes one ROLE_CHANGE report per election it starts
        }
        term.set(report.getTerm().getTerm());
        RaftEndpoint known = report.getTerm().getLeaderEndpoint();
        if (known != null && !known.getId().equals(leader)) {
            leader = known.getId();
            leaderChanges.increment();
        }
        RaftLogStats log = report.getLog();
        commitIndex.set(log.getCommitIndex());
        lastLogIndex.set(log.getLastLogOrSnapshotIndex());
        snapshotIndex.set(log.getLastSnapshotIndex());
        takenSeen = countUp(snapshotsTaken, takenSeen, log.getTakeSnapshotCount());
        installedSeen = countUp(snapshotsInstalled, installedSeen, log.getInstallSnapshotCount());
        followers(report.getRole() == RaftRole.LEADER ? log.getFollowerMatchIndices() : Map.of(),
                log.getLastLogOrSnapshotIndex());
    }

    private static long countUp(Counter counter, long seen, long now) {
        if (now > seen) {
            counter.increment(now - seen);
            return now;
        }
        return seen;
    }

    private void followers(Map<RaftEndpoint, Long> matchIndices, long leaderLastIndex) {
        Map<String, Long> now = new HashMap<>();
        matchIndices.forEach((endpoint, match) -> now.put(String.valueOf(endpoint.getId()), match));
        followers.entrySet().removeIf(e -> {
            if (now.containsKey(e.getKey())) {
                return false;
            }
            registry.remove(e.getValue().matchGauge());
            registry.remove(e.getValue().lagGauge());
            return true;
        });
        now.forEach((id, match) -> {
            Follower f = followers.computeIfAbsent(id, this::follower);
            f.match().set(match);
            f.lag().set(Math.max(0, leaderLastIndex - match));
        });
    }

    private Follower follower(String id) {
        AtomicLong match = new AtomicLong();
        AtomicLong lag = new AtomicLong();
        Meter m = Gauge.builder("raftwire.raft.follower.match.index", match, AtomicLong::get).tags(tags)
                .tag("follower", id).description("on the leader: the highest log index known replicated on the follower")
                .register(registry);
        Meter l = Gauge.builder("raftwire.raft.follower.lag.entries", lag, AtomicLong::get).tags(tags)
                .tag("follower", id).description("on the leader: its last log index minus the follower's match index")
                .register(registry);
        return new Follower(match, lag, m, l);
    }

    /** The state machine applied the entry at {@code index} (or installed a snapshot at it). */
    void applied(long index) {
        lastApplied.accumulateAndGet(index, Math::max);
    }

    /** The state machine produced a snapshot's chunks in {@code nanos} nanoseconds. */
    void snapshotTaken(long nanos) {
        snapshotTime.record(nanos, TimeUnit.NANOSECONDS);
    }

    /** Removes every meter of the group from the registry. */
    public synchronized void close() {
        followers(Map.of(), 0);
        meters.forEach(registry::remove);
    }
}
