package io.raftwire.node.metrics;

import io.microraft.RaftEndpoint;
import io.microraft.RaftNodeStatus;
import io.microraft.RaftRole;
import io.microraft.report.RaftGroupMembers;
import io.microraft.report.RaftLogStats;
import io.microraft.report.RaftNodeReport;
import io.microraft.report.RaftTerm;
import io.raftwire.node.model.NodeEndpoint;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Engine reports written by hand, for the binders' tests. */
final class Reports {

    private Reports() {
    }

    static final NodeEndpoint A = new NodeEndpoint("node-a");
    static final NodeEndpoint B = new NodeEndpoint("node-b");
    static final NodeEndpoint C = new NodeEndpoint("node-c");

    /**
     * A report of node-a.
     *
     * @param matches follower id to match index (the leader's view); empty on a follower
     */
    static RaftNodeReport report(RaftNodeReport.RaftNodeReportReason reason, RaftRole role, int term,
            NodeEndpoint leader, long commit, long last, int taken, int installed, Map<String, Long> matches) {
        Map<RaftEndpoint, Long> followers = new LinkedHashMap<>();
        matches.forEach((id, m) -> followers.put(new NodeEndpoint(id), m));
        RaftLogStats log = new Log(commit, last, taken, installed, followers);
        return new Report(reason, role, new Term(term, leader), log);
    }

    private record Term(int getTerm, RaftEndpoint getLeaderEndpoint) implements RaftTerm {
        @Override
        public RaftEndpoint getVotedEndpoint() {
            return null;
        }
    }

    private record Log(long getCommitIndex, long getLastLogOrSnapshotIndex, int getTakeSnapshotCount,
            int getInstallSnapshotCount, Map<RaftEndpoint, Long> getFollowerMatchIndices) implements RaftLogStats {
        @Override
        public int getLastLogOrSnapshotTerm() {
            return 0;
        }

        @Override
        public int getLastSnapshotTerm() {
            return 0;
        }

        @Override
        public long getLastSnapshotIndex() {
            return 0;
        }
    }

    private record Members() implements RaftGroupMembers {
        @Override
        public long getLogIndex() {
            return 0;
        }

        @Override
        public Collection<RaftEndpoint> getMembers() {
            return List.of(A, B, C);
        }

        @Override
        public Collection<RaftEndpoint> getVotingMembers() {
            return List.of(A, B, C);
        }

        @Override
        public int getMajorityQuorumSize() {
            return 2;
        }
    }

    private record Report(RaftNodeReportReason getReason, RaftRole getRole, RaftTerm getTerm, RaftLogStats getLog)
            implements RaftNodeReport {
        @Override
        public Object getGroupId() {
            return "g";
        }

        @Override
        public RaftEndpoint getEndpoint() {
            return A;
        }

        @Override
        public RaftGroupMembers getInitialMembers() {
            return new Members();
        }

        @Override
        public RaftGroupMembers getCommittedMembers() {
            return new Members();
        }

        @Override
        public RaftGroupMembers getEffectiveMembers() {
            return new Members();
        }

        @Override
        public RaftNodeStatus getStatus() {
            return RaftNodeStatus.ACTIVE;
        }

        @Override
        public Map<RaftEndpoint, Long> getHeartbeatTimestamps() {
            return Map.of();
        }

        @Override
        public Optional<Long> getQuorumHeartbeatTimestamp() {
            return Optional.empty();
        }

        @Override
        public Optional<Long> getLeaderHeartbeatTimestamp() {
            return Optional.empty();
        }
    }
}
