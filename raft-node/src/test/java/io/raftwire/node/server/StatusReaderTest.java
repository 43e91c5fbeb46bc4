package io.raftwire.node.server;

import io.microraft.RaftEndpoint;
import io.microraft.RaftNodeStatus;
import io.microraft.RaftRole;
import io.microraft.report.RaftGroupMembers;
import io.microraft.report.RaftLogStats;
import io.microraft.report.RaftNodeReport;
import io.microraft.report.RaftTerm;
import io.raftwire.node.admin.MemberStatus;
import io.raftwire.node.admin.NodeStatus;
import io.raftwire.node.model.NodeEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A member's engine report becomes the status {@code raftwire status} shows: roles, lag, snapshot, versions. */
@Timeout(10)
class StatusReaderTest {

    private static final NodeEndpoint N1 = new NodeEndpoint("node-1");
    private static final NodeEndpoint N2 = new NodeEndpoint("node-2");
    private static final NodeEndpoint N3 = new NodeEndpoint("node-3");
    private static final NodeEndpoint N4 = new NodeEndpoint("node-4");

    private final StatusReader reader = new StatusReader("node-1", () -> "10.0.0.1:7101",
            Map.of("node-2", "10.0.0.2:7101", "node-3", "10.0.0.3:7101"), "1.2.3", "kryo", 0xabcL);

    @Test
    void theLeaderKnowsEachFollowersMatchIndexAndLag() {
        AppliedProgress progress = new AppliedProgress(Clock.fixed(Instant.ofEpochMilli(5_000), ZoneOffset.UTC));
        progress.snapshot(40, 3);
        progress.applied(57);
        NodeStatus s = reader.read(report(N1, RaftRole.LEADER, N1, Map.of(N2, 60L, N3, 12L)), progress);
        assertEquals(new NodeStatus("prod", "node-1", "leader", "ACTIVE", 7, "node-1", "10.0.0.1:7101", 57, 57, 60, 40,
                6, 3, 5_000, List.of(new MemberStatus("node-1", "10.0.0.1:7101", "leader", 60, 0),
                new MemberStatus("node-2", "10.0.0.2:7101", "follower", 60, 0),
                new MemberStatus("node-3", "10.0.0.3:7101", "follower", 12, 48),
                new MemberStatus("node-4", "", "learner", -1, -1)), "1.2.3", "kryo", 0xabcL), s);
        assertEquals(true, s.leads());
    }

    @Test
    void aFollowerKnowsTheLeaderButNoLag() {
        NodeStatus s = reader.read(report(N1, RaftRole.FOLLOWER, N2, Map.of()), new AppliedProgress(Clock.systemUTC()));
        assertEquals("follower", s.role());
        assertEquals("node-2", s.leader());
        assertEquals("10.0.0.2:7101", s.leaderAddress());
        assertEquals(List.of(-1L, -1L, -1L, -1L), s.members().stream().map(MemberStatus::lag).toList());
        assertEquals("leader", s.memberOf("node-2").role());
        // a snapshot this process did not take or install (restored at start-up): index from the engine, no chunks
        assertEquals(List.of(40L, 0L, 0L), List.of(s.snapshotIndex(), s.snapshotChunks(), s.snapshotMillis()));
    }

    @Test
    void withoutALeaderTheLeaderIsEmpty() {
        NodeStatus s = reader.read(report(N1, RaftRole.CANDIDATE, null, Map.of()), new AppliedProgress(Clock.systemUTC()));
        assertEquals(List.of("candidate", "", ""), List.of(s.role(), s.leader(), s.leaderAddress()));
        assertEquals(List.of("follower", "follower", "follower", "learner"),
                s.members().stream().map(MemberStatus::role).toList());
    }

    private static RaftNodeReport report(NodeEndpoint self, RaftRole role, NodeEndpoint leader,
            Map<RaftEndpoint, Long> matches) {
        RaftGroupMembers members = new RaftGroupMembers() {
            @Override public long getLogIndex() { return 0; }
            @Override public Collection<RaftEndpoint> getMembers() { return List.of(N1, N2, N3, N4); }
            @Override public Collection<RaftEndpoint> getVotingMembers() { return List.of(N1, N2, N3); }
            @Override public int getMajorityQuorumSize() { return 2; }
        };
        RaftTerm term = new RaftTerm() {
            @Override public int getTerm() { return 7; }
            @Override public RaftEndpoint getLeaderEndpoint() { return leader; }
            @Override public RaftEndpoint getVotedEndpoint() { return leader; }
        };
        RaftLogStats log = new RaftLogStats() {
            @Override public long getCommitIndex() { return 57; }
            @Override public int getLastLogOrSnapshotTerm() { return 7; }
            @Override public long getLastLogOrSnapshotIndex() { return 60; }
            @Override public int getLastSnapshotTerm() { return 6; }
            @Override public long getLastSnapshotIndex() { return 40; }
            @Override public int getTakeSnapshotCount() { return 1; }
            @Override public int getInstallSnapshotCount() { return 0; }
            @Override public Map<RaftEndpoint, Long> getFollowerMatchIndices() { return matches; }
        };
        return new RaftNodeReport() {
            @Override public RaftNodeReportReason getReason() { return RaftNodeReportReason.API_CALL; }
            @Override public Object getGroupId() { return "prod"; }
            @Override public RaftEndpoint getEndpoint() { return self; }
            @Override public RaftGroupMembers getInitialMembers() { return members; }
            @Override public RaftGroupMembers getCommittedMembers() { return members; }
            @Override public RaftGroupMembers getEffectiveMembers() { return members; }
            @Override public RaftRole getRole() { return role; }
            @Override public RaftNodeStatus getStatus() { return RaftNodeStatus.ACTIVE; }
            @Override public RaftTerm getTerm() { return term; }
            @Override public RaftLogStats getLog() { return log; }
            @Override public Map<RaftEndpoint, Long> getHeartbeatTimestamps() { return Map.of(); }
            @Override public Optional<Long> getQuorumHeartbeatTimestamp() { return Optional.empty(); }
            @Override public Optional<Long> getLeaderHeartbeatTimestamp() { return Optional.empty(); }
        };
    }
}
