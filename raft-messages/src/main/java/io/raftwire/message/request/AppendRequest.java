package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.log.RaftLogEntry;
import io.raftwire.message.value.MemberId;

import java.util.List;

/**
 * The AppendEntries RPC (Raft §5.3): the leader replicates log entries to a follower, or sends an empty list as a
 * heartbeat. Invariants: every number {@code >= 0}. Answered by {@link io.raftwire.message.response.AppendResponse}.
 * Immutable and thread-safe.
 *
 * @param term the leader's current term; {@code >= 0}
 * @param leader the sending leader; never null, since only a leader sends this request
 * @param prevLogIndex the index of the entry just before {@code entries}; {@code >= 0}
 * @param prevLogTerm the term of that entry; {@code >= 0}
 * @param entries the entries to append, any mix of registered entry types; empty for a heartbeat; copied
 * @param commitIndex the leader's commit index; {@code >= 0}
 */
public record AppendRequest(long term, MemberId leader, long prevLogIndex, long prevLogTerm, List<RaftLogEntry> entries,
        long commitIndex) implements RaftRequest {

    /**
     * Checks the invariants, and copies the arrays and lists, as documented on the components.
     *
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code leader}, {@code entries} or one of its elements is null
     */
    public AppendRequest {
        term = Checks.nonNegative(term, "term");
        leader = Checks.notNull(leader, "leader");
        prevLogIndex = Checks.nonNegative(prevLogIndex, "prevLogIndex");
        prevLogTerm = Checks.nonNegative(prevLogTerm, "prevLogTerm");
        entries = Checks.copy(entries, "entries");
        commitIndex = Checks.nonNegative(commitIndex, "commitIndex");
    }
}
