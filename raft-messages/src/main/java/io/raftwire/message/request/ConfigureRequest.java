package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftMember;

import java.util.List;
import java.util.Objects;

/**
 * The leader pushes the committed configuration to a passive or inactive member that does not receive the log.
 * Invariants: every number {@code >= 0}. Answered by {@link io.raftwire.message.response.ConfigureResponse}.
 * Immutable and thread-safe.
 */
public final class ConfigureRequest implements RaftRequest {

    private final long term;
    private final MemberId leader;
    private final long index;
    private final long timestamp;
    private final List<RaftMember> members;

    /**
     * @param term the leader's current term; {@code >= 0}
     * @param leader the sending leader
     * @param index the log index of the configuration; {@code >= 0}
     * @param timestamp when the configuration was created, in milliseconds since the epoch; {@code >= 0}
     * @param members every member of the configuration; may be empty; copied
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code leader}, {@code members} or one of its elements is null
     */
    public ConfigureRequest(long term, MemberId leader, long index, long timestamp, List<RaftMember> members) {
        this.term = Checks.nonNegative(term, "term");
        this.leader = Checks.notNull(leader, "leader");
        this.index = Checks.nonNegative(index, "index");
        this.timestamp = Checks.nonNegative(timestamp, "timestamp");
        this.members = Checks.copy(members, "members");
    }

    /** The leader's current term. */
    public long term() {
        return term;
    }

    /** The sending leader. */
    public MemberId leader() {
        return leader;
    }

    /** The log index of the configuration. */
    public long index() {
        return index;
    }

    /** When the configuration was created, in milliseconds since the epoch. */
    public long timestamp() {
        return timestamp;
    }

    /** Every member of the configuration; immutable. */
    public List<RaftMember> members() {
        return members;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ConfigureRequest)) {
            return false;
        }
        ConfigureRequest that = (ConfigureRequest) o;
        return term == that.term && leader.equals(that.leader) && index == that.index && timestamp == that.timestamp
                && members.equals(that.members);
    }

    @Override
    public int hashCode() {
        return Objects.hash(term, leader, index, timestamp, members);
    }

    @Override
    public String toString() {
        return "ConfigureRequest[term=" + term + ", leader=" + leader + ", index=" + index + ", timestamp="
                + timestamp + ", members=" + members + "]";
    }
}
