package io.raftwire.node.admin;

import java.util.Objects;

/**
 * One member of the group as the answering member sees it. Immutable and thread-safe.
 *
 * @param id         the member id
 * @param address    its Raft address ({@code host:port} from the answering member's {@code raftwire.peers} or its own
 *                   {@code raftwire.node.address}); empty if the answering member has none for it
 * @param role       {@code leader}, {@code follower} (a voter that does not lead) or {@code learner} (no vote)
 * @param matchIndex the highest log index the leader knows this member holds; {@code -1} unless the answering member
 *                   leads (only a leader tracks it) or for the leader itself
 * @param lag        the leader's last log index minus {@code matchIndex}, in entries; {@code -1} when
 *                   {@code matchIndex} is
 */
public record MemberStatus(String id, String address, String role, long matchIndex, long lag) {

    /** Role of the member that leads. */
    public static final String LEADER = "leader";
    /** Role of a voter that does not lead. */
    public static final String FOLLOWER = "follower";
    /** Role of a member without a vote. */
    public static final String LEARNER = "learner";

    /**
     * Validates.
     *
     * @throws NullPointerException     if a string is null
     * @throws IllegalArgumentException if the role is none of the three, or an index is below {@code -1}
     */
    public MemberStatus {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(role, "role");
        if (!role.equals(LEADER) && !role.equals(FOLLOWER) && !role.equals(LEARNER)) {
            throw new IllegalArgumentException("role = " + role + " (expected: leader, follower or learner)");
        }
        if (matchIndex < -1 || lag < -1) {
            throw new IllegalArgumentException("matchIndex = " + matchIndex + ", lag = " + lag
                    + " (expected: >= 0, or -1 for unknown)");
        }
    }

    /** Whether this member's match index and lag are known. */
    public boolean lagKnown() {
        return matchIndex >= 0;
    }
}
