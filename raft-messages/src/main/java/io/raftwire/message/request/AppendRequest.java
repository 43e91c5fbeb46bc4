package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.log.RaftLogEntry;
import io.raftwire.message.value.MemberId;

import java.util.List;
import java.util.Objects;

/**
 * The AppendEntries RPC (Raft §5.3): the leader replicates log entries to a follower, or sends an empty list as a
 * heartbeat. Invariants: every number {@code >= 0}. Answered by {@link io.raftwire.message.response.AppendResponse}.
 * Immutable and thread-safe.
 */
public final class AppendRequest implements RaftRequest {

    private final long term;
    private final MemberId leader;
    private final long prevLogIndex;
    private final long prevLogTerm;
    private final List<RaftLogEntry> entries;
    private final long commitIndex;

    /**
     * @param term the leader's current term; {@code >= 0}
     * @param leader the sending leader; never null, since only a leader sends this request
     * @param prevLogIndex the index of the entry just before {@code entries}; {@code >= 0}
     * @param prevLogTerm the term of that entry; {@code >= 0}
     * @param entries the entries to append, any mix of registered entry types; empty for a heartbeat; copied
     * @param commitIndex the leader's commit index; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code leader}, {@code entries} or one of its elements is null
     */
    public AppendRequest(long term, MemberId leader, long prevLogIndex, long prevLogTerm, List<RaftLogEntry> entries,
            long commitIndex) {
        this.term = Checks.nonNegative(term, "term");
        this.leader = Checks.notNull(leader, "leader");
        this.prevLogIndex = Checks.nonNegative(prevLogIndex, "prevLogIndex");
        this.prevLogTerm = Checks.nonNegative(prevLogTerm, "prevLogTerm");
        this.entries = Checks.copy(entries, "entries");
        this.commitIndex = Checks.nonNegative(commitIndex, "commitIndex");
    }

    /** The leader's current term. */
    public long term() {
        return term;
    }

    /** The sending leader. */
    public MemberId leader() {
        return leader;
    }

    /** The index of the entry just before {@link #entries()}. */
    public long prevLogIndex() {
        return prevLogIndex;
    }

    /** The term of the entry at {@link #prevLogIndex()}. */
    public long prevLogTerm() {
        return prevLogTerm;
    }

    /** The entries to append; empty for a heartbeat; immutable. */
    public List<RaftLogEntry> entries() {
        return entries;
    }

    /** The leader's commit index. */
    public long commitIndex() {
        return commitIndex;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof AppendRequest)) {
            return false;
        }
        AppendRequest that = (AppendRequest) o;
        return term == that.term && leader.equals(that.leader) && prevLogIndex == that.prevLogIndex
                && prevLogTerm == that.prevLogTerm && entries.equals(that.entries) && commitIndex == that.commitIndex;
    }

    @Override
    public int hashCode() {
        return Objects.hash(term, leader, prevLogIndex, prevLogTerm, entries, commitIndex);
    }

    @Override
    public String toString() {
        return "AppendRequest[term=" + term + ", leader=" + leader + ", prevLogIndex=" + prevLogIndex
                + ", prevLogTerm=" + prevLogTerm + ", entries=" + entries + ", commitIndex=" + commitIndex + "]";
    }
}
