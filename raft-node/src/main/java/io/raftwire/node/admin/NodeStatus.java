package io.raftwire.node.admin;

import java.util.List;
import java.util.Objects;

/**
 * What one member knows of its group, read from its engine's report ({@code RaftNode#getReport()}) and its state
 * machine's progress, without touching the Raft log. Indexes are log indexes, {@code 0} for none. Registered by
 * {@link AdminTypes}. Immutable and thread-safe.
 *
 * @param group               the group (cluster) id
 * @param member              the answering member's id
 * @param role                its role: {@code leader}, {@code follower}, {@code candidate} or {@code learner}
 * @param state               its engine's state: {@code INITIAL}, {@code ACTIVE},
 *                            {@code UPDATING_RAFT_GROUP_MEMBER_LIST} or {@code TERMINATED} (MicroRaft's
 *                            {@code RaftNodeStatus})
 * @param term                its current term
 * @param leader              the leader it knows in that term; empty if none
 * @param leaderAddress       that leader's Raft address; empty if none or unknown
 * @param commitIndex         its commit index
 * @param appliedIndex        the highest log index its state machine has been given (an operation, a query at that
 *                            index, or a snapshot); entries that change membership are not given to the state
 *                            machine, so it may stay below {@code commitIndex} after one
 * @param lastLogIndex        the index of its last log entry (or of its snapshot, if the log is empty after it)
 * @param snapshotIndex       the index of its newest snapshot
 * @param snapshotTerm        the term of that snapshot's last entry
 * @param snapshotChunks      how many chunks the state machine cut that snapshot into; {@code 0} if none or unknown
 * @param snapshotMillis      when this process took or installed that snapshot, in milliseconds since the epoch
 *                            (its wall clock); {@code 0} if none since it started
 * @param members             the members of its effective configuration, in the engine's order
 * @param version             the raftwire version the member runs
 * @param serializer          its sending serializer ({@code raftwire.serializer})
 * @param registryFingerprint its type registry's fingerprint
 */
public record NodeStatus(String group, String member, String role, String state, long term, String leader,
        String leaderAddress, long commitIndex, long appliedIndex, long lastLogIndex, long snapshotIndex,
        long snapshotTerm, long snapshotChunks, long snapshotMillis, List<MemberStatus> members, String version,
        String serializer, long registryFingerprint) {

    /**
     * Validates and copies {@code members}.
     *
     * @throws NullPointerException     if a reference or a member is null
     * @throws IllegalArgumentException if a number is negative
     */
    public NodeStatus {
        Objects.requireNonNull(group, "group");
        Objects.requireNonNull(member, "member");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(state, "state");
        Objects.requireNonNull(leader, "leader");
        Objects.requireNonNull(leaderAddress, "leaderAddress");
        members = List.copyOf(Objects.requireNonNull(members, "members"));
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(serializer, "serializer");
        long[] counts = {term, commitIndex, appliedIndex, lastLogIndex, snapshotIndex, snapshotTerm, snapshotChunks,
                snapshotMillis};
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("a negative term, index, count or time in " + member
                        + "'s status (expected: >= 0)");
            }
        }
    }

    /** Whether the answering member leads: then every other member's match index and lag are known. */
    public boolean leads() {
        return role.equals(MemberStatus.LEADER);
    }

    /** The member with {@code id}, or {@code null}. */
    public MemberStatus memberOf(String id) {
        for (MemberStatus m : members) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        return null;
    }
}
