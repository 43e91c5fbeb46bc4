package io.raftwire.node.server;

import io.microraft.RaftEndpoint;
import io.microraft.report.RaftGroupMembers;
import io.microraft.report.RaftLogStats;
import io.microraft.report.RaftNodeReport;
import io.raftwire.node.admin.MemberStatus;
import io.raftwire.node.admin.NodeStatus;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * Turns one member's engine report ({@code RaftNode#getReport()}) and its {@link AppliedProgress} into a
 * {@link NodeStatus}. Roles of the members come from the report's effective members: the leader of the report's term,
 * a voter ({@code follower}) or a non-voter ({@code learner}). Each member's match index and lag come from the
 * report's follower match indexes, which only a leader has; on the leader its own match index is its last log index.
 * Stateless apart from the member's fixed facts; thread-safe.
 */
public final class StatusReader {

    private final String self;
    private final Supplier<String> ownAddress;
    private final Map<String, String> peerAddresses;
    private final String version;
    private final String serializer;
    private final long registryFingerprint;

    /**
     * @param self                this member's id
     * @param ownAddress          this member's Raft address, asked at each read (the bound port is known once started)
     * @param peerAddresses       the other members' Raft addresses by id ({@code raftwire.peers}); copied
     * @param version             the raftwire version this member runs
     * @param serializer          its sending serializer's name
     * @param registryFingerprint its type registry's fingerprint
     */
    public StatusReader(String self, Supplier<String> ownAddress, Map<String, String> peerAddresses, String version,
            String serializer, long registryFingerprint) {
        this.self = Objects.requireNonNull(self, "self");
        this.ownAddress = Objects.requireNonNull(ownAddress, "ownAddress");
        this.peerAddresses = Map.copyOf(peerAddresses);
        this.version = Objects.requireNonNull(version, "version");
        this.serializer = Objects.requireNonNull(serializer, "serializer");
        this.registryFingerprint = registryFingerprint;
    }

    /** The status {@code report} and {@code progress} describe. */
    public NodeStatus read(RaftNodeReport report, AppliedProgress progress) {
        RaftLogStats log = report.getLog();
        RaftEndpoint leader = report.getTerm().getLeaderEndpoint();
        boolean leads = report.getRole() == io.microraft.RaftRole.LEADER;
        long last = log.getLastLogOrSnapshotIndex();
        Map<RaftEndpoint, Long> matches = log.getFollowerMatchIndices();
        RaftGroupMembers effective = report.getEffectiveMembers();
        List<MemberStatus> members = new ArrayList<>();
        for (RaftEndpoint e : effective.getMembers()) {
            String role = e.equals(leader) ? MemberStatus.LEADER
                    : effective.getVotingMembers().contains(e) ? MemberStatus.FOLLOWER : MemberStatus.LEARNER;
            long match = -1;
            if (leads) {
                Long m = e.equals(report.getEndpoint()) ? Long.valueOf(last) : matches.get(e);
                match = m == null ? -1 : m;
            }
            members.add(new MemberStatus(id(e), addressOf(e), role, match, match < 0 ? -1 : Math.max(0, last - match)));
        }
        String leaderId = leader == null ? "" : id(leader);
        return new NodeStatus(String.valueOf(report.getGroupId()), id(report.getEndpoint()),
                report.getRole().name().toLowerCase(Locale.ROOT), report.getStatus().name(),
                report.getTerm().getTerm(), leaderId, leader == null ? "" : addressOf(leader), log.getCommitIndex(),
                progress.appliedIndex(), last, log.getLastSnapshotIndex(), log.getLastSnapshotTerm(),
                progress.snapshotIndex() == log.getLastSnapshotIndex() ? progress.snapshotChunks() : 0,
                progress.snapshotIndex() == log.getLastSnapshotIndex() ? progress.snapshotMillis() : 0,
                members, version, serializer, registryFingerprint);
    }

    private String addressOf(RaftEndpoint e) {
        String id = id(e);
        return id.equals(self) ? ownAddress.get() : peerAddresses.getOrDefault(id, "");
    }

    private static String id(RaftEndpoint e) {
        return String.valueOf(e.getId());
    }
}
