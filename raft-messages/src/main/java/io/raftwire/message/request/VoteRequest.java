package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;

/**
 * The RequestVote RPC (Raft §5.2): a candidate asks for a member's vote. Invariants: every number {@code >= 0}.
 * Answered by {@link io.raftwire.message.response.VoteResponse}. Immutable and thread-safe.
 *
 * @param term the candidate's term; {@code >= 0}
 * @param candidate the requesting member
 * @param lastLogIndex the index of the candidate's last log entry; {@code >= 0}
 * @param lastLogTerm the term of the candidate's last log entry; {@code >= 0}
 */
public record VoteRequest(long term, MemberId candidate, long lastLogIndex, long lastLogTerm) implements RaftRequest {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code candidate} is null
     */
    public VoteRequest {
        term = Checks.nonNegative(term, "term");
        candidate = Checks.notNull(candidate, "candidate");
        lastLogIndex = Checks.nonNegative(lastLogIndex, "lastLogIndex");
        lastLogTerm = Checks.nonNegative(lastLogTerm, "lastLogTerm");
    }
}
