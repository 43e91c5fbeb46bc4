package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;

/**
 * The pre-vote RPC: a would-be candidate asks whether it could win an election before it increments its term, so
 * that a partitioned member cannot disrupt the cluster. Invariants: every number {@code >= 0}. Answered by
 * {@link io.raftwire.message.response.PollResponse}. Immutable and thread-safe.
 *
 * @param term the term the requester would campaign in; {@code >= 0}
 * @param candidate the requesting member
 * @param lastLogIndex the index of the candidate's last log entry; {@code >= 0}
 * @param lastLogTerm the term of the candidate's last log entry; {@code >= 0}
 */
public record PollRequest(long term, MemberId candidate, long lastLogIndex, long lastLogTerm) implements RaftRequest {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code candidate} is null
     */
    public PollRequest {
        term = Checks.nonNegative(term, "term");
        candidate = Checks.notNull(candidate, "candidate");
        lastLogIndex = Checks.nonNegative(lastLogIndex, "lastLogIndex");
        lastLogTerm = Checks.nonNegative(lastLogTerm, "lastLogTerm");
    }
}
