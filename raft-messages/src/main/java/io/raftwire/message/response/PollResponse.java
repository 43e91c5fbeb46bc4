package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

import java.util.Objects;

/**
 * Answers a {@link io.raftwire.message.request.PollRequest}, the pre-vote. Invariant: {@code term >= 0}. Immutable
 * and thread-safe.
 */
public final class PollResponse extends AbstractRaftResponse {

    private final long term;
    private final boolean accepted;

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param term the member's current term; {@code >= 0}
     * @param accepted {@code true} if the member would vote for the candidate in a real election
     * @throws NullPointerException if {@code status} is null, or {@code error} is null for an ERROR response
     * @throws IllegalArgumentException if {@code term} is negative
     */
    public PollResponse(Status status, @Nullable RaftError error, long term, boolean accepted) {
        super(status, error);
        this.term = Checks.nonNegative(term, "term");
        this.accepted = accepted;
    }

    /** The member's current term. */
    public long term() {
        return term;
    }

    /** {@code true} if the member would vote for the candidate in a real election. */
    public boolean accepted() {
        return accepted;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        PollResponse that = (PollResponse) o;
        return term == that.term && accepted == that.accepted;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hash(term, accepted);
    }

    @Override
    public String toString() {
        return "PollResponse[status=" + status() + ", error=" + error() + ", term=" + term + ", accepted=" + accepted
                + "]";
    }
}
