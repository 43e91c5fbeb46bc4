package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftMember;

import java.util.List;

/**
 * The leader pushes the committed configuration to a passive or inactive member that does not receive the log.
 * Invariants: every number {@code >= 0}. Answered by {@link io.raftwire.message.response.ConfigureResponse}.
 * Immutable and thread-safe.
 *
 * @param term the leader's current term; {@code >= 0}
 * @param leader the sending leader
 * @param index the log index of the configuration; {@code >= 0}
 * @param timestamp when the configuration was created, in milliseconds since the epoch; {@code >= 0}
 * @param members every member of the configuration; may be empty; copied
 */
public record ConfigureRequest(long term, MemberId leader, long index, long timestamp,
        List<RaftMember> members) implements RaftRequest {

    /**
     * Checks the invariants, and copies the arrays and lists, as documented on the components.
     *
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code leader}, {@code members} or one of its elements is null
     */
    public ConfigureRequest {
        term = Checks.nonNegative(term, "term");
        leader = Checks.notNull(leader, "leader");
        index = Checks.nonNegative(index, "index");
        timestamp = Checks.nonNegative(timestamp, "timestamp");
        members = Checks.copy(members, "members");
    }
}
