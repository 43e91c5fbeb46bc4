package io.raftwire.node.metrics;

import static io.microraft.report.RaftNodeReport.RaftNodeReportReason.API_CALL;
import static io.microraft.report.RaftNodeReport.RaftNodeReportReason.PERIODIC;
import static io.microraft.report.RaftNodeReport.RaftNodeReportReason.ROLE_CHANGE;
import static io.raftwire.node.metrics.Reports.A;
import static io.raftwire.node.metrics.Reports.B;
import static io.raftwire.node.metrics.Reports.report;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.microraft.RaftRole;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class RaftGroupMetricsTest {

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RaftGroupMetrics metrics = new RaftGroupMetrics(registry, "g", "node-a");

    private double gauge(String name) {
        return registry.get(name).tags("group", "g", "member", "node-a").gauge().value();
    }

    private double counter(String name) {
        return registry.get(name).tags("group", "g", "member", "node-a").counter().count();
    }

    private double role(RaftRole role) {
        return registry.get("raftwire.raft.role").tags("member", "node-a", "role", role.name()).gauge().value();
    }

    @Test
    void aReportSetsRoleTermAndIndicesOfTheMember() {
        metrics.accept(report(ROLE_CHANGE, RaftRole.FOLLOWER, 3, B, 40, 42, 0, 0, Map.of()));

        assertEquals(1, role(RaftRole.FOLLOWER));
        assertEquals(0, role(RaftRole.LEADER));
        assertEquals(0, role(RaftRole.CANDIDATE));
        assertEquals(3, gauge("raftwire.raft.term"));
        assertEquals(40, gauge("raftwire.raft.commit.index"));
        assertEquals(42, gauge("raftwire.raft.last.log.index"));
    }

    @Test
    void electionsCountTheRoleChangesToCandidateNotEveryReportInThatRole() {
        metrics.accept(report(ROLE_CHANGE, RaftRole.CANDIDATE, 2, null, 0, 0, 0, 0, Map.of()));
        metrics.accept(report(PERIODIC, RaftRole.CANDIDATE, 2, null, 0, 0, 0, 0, Map.of()));
        metrics.accept(report(API_CALL, RaftRole.CANDIDATE, 2, null, 0, 0, 0, 0, Map.of()));
        metrics.accept(report(ROLE_CHANGE, RaftRole.CANDIDATE, 3, null, 0, 0, 0, 0, Map.of()));

        assertEquals(2, counter("raftwire.raft.elections.started"));
    }

    @Test
    void aLeaderChangeCountsOncePerNewLeaderWhateverTheReportsInBetween() {
        metrics.accept(report(ROLE_CHANGE, RaftRole.FOLLOWER, 1, null, 0, 0, 0, 0, Map.of()));
        assertEquals(0, counter("raftwire.raft.leader.changes"));
        metrics.accept(report(ROLE_CHANGE, RaftRole.FOLLOWER, 1, B, 0, 0, 0, 0, Map.of()));
        metrics.accept(report(PERIODIC, RaftRole.FOLLOWER, 1, B, 5, 5, 0, 0, Map.of()));
        metrics.accept(report(ROLE_CHANGE, RaftRole.FOLLOWER, 2, null, 5, 5, 0, 0, Map.of()));
        metrics.accept(report(ROLE_CHANGE, RaftRole.FOLLOWER, 2, B, 5, 5, 0, 0, Map.of()));
        assertEquals(1, counter("raftwire.raft.leader.changes"), "the same leader again after an election");
        metrics.accept(report(ROLE_CHANGE, RaftRole.LEADER, 3, A, 5, 6, 0, 0, Map.of()));

        assertEquals(2, counter("raftwire.raft.leader.changes"));
    }

    @Test
    void theLeaderShowsEachFollowersMatchIndexAndLagAndAFollowerNone() {
        metrics.accept(report(PERIODIC, RaftRole.LEADER, 4, A, 90, 100, 0, 0,
                Map.of("node-b", 100L, "node-c", 70L)));

        assertEquals(100, registry.get("raftwire.raft.follower.match.index").tag("follower", "node-b").gauge()
                .value());
        assertEquals(0, registry.get("raftwire.raft.follower.lag.entries").tag("follower", "node-b").gauge().value());
        assertEquals(30, registry.get("raftwire.raft.follower.lag.entries").tag("follower", "node-c").gauge().value());

        metrics.accept(report(ROLE_CHANGE, RaftRole.FOLLOWER, 5, B, 100, 100, 0, 0, Map.of()));

        assertNull(registry.find("raftwire.raft.follower.match.index").gauge());
        assertNull(registry.find("raftwire.raft.follower.lag.entries").gauge());
    }

    @Test
    void snapshotCountsFollowTheEnginesTotalsAndTimesComeFromTheStateMachine() {
        metrics.accept(report(PERIODIC, RaftRole.FOLLOWER, 1, B, 0, 0, 2, 1, Map.of()));
        metrics.accept(report(PERIODIC, RaftRole.FOLLOWER, 1, B, 0, 0, 2, 1, Map.of()));
        metrics.accept(report(PERIODIC, RaftRole.FOLLOWER, 1, B, 0, 0, 3, 1, Map.of()));
        metrics.snapshotTaken(2_000_000);

        assertEquals(3, counter("raftwire.raft.snapshots.taken"));
        assertEquals(1, counter("raftwire.raft.snapshots.installed"));
        assertEquals(1, registry.get("raftwire.raft.snapshot").timer().count());
    }

    @Test
    void theAppliedIndexOnlyMovesForward() {
        metrics.applied(7);
        metrics.applied(5);

        assertEquals(7, gauge("raftwire.raft.last.applied.index"));
    }

    @Test
    void closeRemovesEveryMeterOfTheGroup() {
        metrics.accept(report(PERIODIC, RaftRole.LEADER, 4, A, 90, 100, 0, 0, Map.of("node-b", 100L)));
        assertTrue(registry.getMeters().size() > 10);

        metrics.close();

        assertEquals(List.of(), registry.getMeters());
    }

    @Test
    void theStateMachineWrapperReportsAppliedIndicesAndPassesResultsThrough() {
        AtomicLong seen = new AtomicLong();
        MeteredStateMachine sm = new MeteredStateMachine(new io.microraft.statemachine.StateMachine() {
            @Override
            public Object runOperation(long commitIndex, Object operation) {
                seen.set(commitIndex);
                return "r" + operation;
            }

            @Override
            public void takeSnapshot(long commitIndex, java.util.function.Consumer<Object> consumer) {
                consumer.accept("chunk");
            }

            @Override
            public void installSnapshot(long commitIndex, List<Object> chunks) {
            }

            @Override
            public Object getNewTermOperation() {
                return null;
            }
        }, metrics);

        assertEquals("rx", sm.runOperation(11, "x"));
        sm.takeSnapshot(11, chunk -> { });
        sm.installSnapshot(20, List.of());

        assertEquals(11, seen.get());
        assertEquals(20, gauge("raftwire.raft.last.applied.index"));
        assertEquals(1, registry.get("raftwire.raft.snapshot").timer().count());
    }
}
