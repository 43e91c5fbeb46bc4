package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;

import java.util.Objects;

/**
 * The pre-vote RPC: a would-be candidate asks whether it could win an election before it increments its term, so
 * that a partitioned member cannot disrupt the cluster. Invariants: every number {@code >= 0}. Answered by
 * {@link io.raftwire.message.response.PollResponse}. Immutable and thread-safe.
 */
public final class PollRequest implements RaftRequest {

    private final long term;
    private final MemberId candidate;
    private final long lastLogIndex;
    private final long lastLogTerm;

    /**
     * @param term the term the requester would campaign in; {@code >= 0}
     * @param candidate the requesting member
     * @param lastLogIndex the index of the candidate's last log entry; {@code >= 0}
     * @param lastLogTerm the term of the candidate's last log entry; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code candidate} is null
     */
    public PollRequest(long term, MemberId candidate, long lastLogIndex, long lastLogTerm) {
        this.term = Checks.nonNegative(term, "term");
        this.candidate = Checks.notNull(candidate, "candidate");
        this.lastLogIndex = Checks.nonNegative(lastLogIndex, "lastLogIndex");
        this.lastLogTerm = Checks.nonNegative(lastLogTerm, "lastLogTerm");
    }

    /** The term the requester would campaign in. */
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
        if (!(o instanceof PollRequest)) {
            return false;
        }
        PollRequest that = (PollRequest) o;
        return term == that.term && candidate.equals(that.candidate) && lastLogIndex == that.lastLogIndex
                && lastLogTerm == that.lastLogTerm;
    }

    @Override
    public int hashCode() {
        return Objects.hash(term, candidate, lastLogIndex, lastLogTerm);
    }

    @Override
    public String toString() {
        return "PollRequest[term=" + term + ", candidate=" + candidate + ", lastLogIndex=" + lastLogIndex
                + ", lastLogTerm=" + lastLogTerm + "]";
    }
}
