package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

import java.util.Objects;

/**
 * Answers a {@link io.raftwire.message.request.VoteRequest}, the vote request (Raft §5.2). Invariant: {@code term >=
 * 0}. Immutable
 * and thread-safe.
 */
public final class VoteResponse extends AbstractRaftResponse {

    private final long term;
    private final boolean voted;

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param term the member's current term; {@code >= 0}
     * @param voted {@code true} if the member granted its vote
     * @throws NullPointerException if {@code status} is null, or {@code error} is null for an ERROR response
     * @throws IllegalArgumentException if {@code term} is negative
     */
    public VoteResponse(Status status, @Nullable RaftError error, long term, boolean voted) {
        super(status, error);
        this.term = Checks.nonNegative(term, "term");
        this.voted = voted;
    }

    /** The member's current term. */
    public long term() {
        return term;
    }

    /** {@code true} if the member granted its vote. */
    public boolean voted() {
        return voted;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        VoteResponse that = (VoteResponse) o;
        return term == that.term && voted == that.voted;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hash(term, voted);
    }

    @Override
    public String toString() {
        return "VoteResponse[status=" + status() + ", error=" + error() + ", term=" + term + ", voted=" + voted
                + "]";
    }
}
