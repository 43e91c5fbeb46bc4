package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;

import java.util.Objects;

/**
 * The RequestVote RPC (Raft §5.2): a candidate asks for a member's vote. Invariants: every number {@code >= 0}.
 * Answered by {@link io.raftwire.message.response.VoteResponse}. Immutable and thread-safe.
 */
public final class VoteRequest implements RaftRequest {

    private final long term;
    private final MemberId candidate;
    private final long lastLogIndex;
    private final long lastLogTerm;

    /**
     * @param term the candidate's term; {@code >= 0}
     * @param candidate the requesting member
     * @param lastLogIndex the index of the candidate's last log entry; {@code >= 0}
     * @param lastLogTerm the term of the candidate's last log entry; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code candidate} is null
     */
    public VoteRequest(long term, MemberId candidate, long lastLogIndex, long lastLogTerm) {
        this.term = Checks.nonNegative(term, "term");
        this.candidate = Checks.notNull(candidate, "candidate");
        this.lastLogIndex = Checks.nonNegative(lastLogIndex, "lastLogIndex");
        this.lastLogTerm = Checks.nonNegative(lastLogTerm, "lastLogTerm");
    }

    /** The candidate's term. */
    public long term() {
        return term;
    }

    /** The requesting member. */
    public MemberId candidate() {
        return candidate;
    }

    /** The index of the candidate's last log entry. */
    public long lastLogIndex() {
        return lastLogIndex;
    }

    /** The term of the candidate's last log entry. */
    public long lastLogTerm() {
        return lastLogTerm;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof VoteRequest)) {
            return false;
        }
        VoteRequest that = (VoteRequest) o;
        return term == that.term && candidate.equals(that.candidate) && lastLogIndex == that.lastLogIndex
                && lastLogTerm == that.lastLogTerm;
    }

    @Override
    public int hashCode() {
        return Objects.hash(term, candidate, lastLogIndex, lastLogTerm);
    }

    @Override
    public String toString() {
        return "VoteRequest[term=" + term + ", candidate=" + candidate + ", lastLogIndex=" + lastLogIndex
                + ", lastLogTerm=" + lastLogTerm + "]";
    }
}
