package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

import java.util.Objects;

/**
 * Answers an {@link io.raftwire.message.request.AppendRequest} (Raft §5.3). Invariants: every number {@code >= 0}.
 * Immutable and thread-safe.
 */
public final class AppendResponse extends AbstractRaftResponse {

    private final long term;
    private final boolean succeeded;
    private final long lastLogIndex;

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param term the follower's current term, so that a stale leader steps down; {@code >= 0}
     * @param succeeded {@code true} if the follower's log matched at the previous index and took the entries
     * @param lastLogIndex the index of the follower's last log entry, to speed up back-tracking; {@code >= 0}
     * @throws NullPointerException if {@code status} is null, or {@code error} is null for an ERROR response
     * @throws IllegalArgumentException if a value is negative
     */
    public AppendResponse(Status status, @Nullable RaftError error, long term, boolean succeeded, long lastLogIndex) {
        super(status, error);
        this.term = Checks.nonNegative(term, "term");
        this.succeeded = succeeded;
        this.lastLogIndex = Checks.nonNegative(lastLogIndex, "lastLogIndex");
    }

    /** The follower's current term. */
    public long term() {
        return term;
    }

    /** {@code true} if the follower's log matched at the previous index and took the entries. */
    public boolean succeeded() {
        return succeeded;
    }

    /** The index of the follower's last log entry. */
    public long lastLogIndex() {
        return lastLogIndex;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        AppendResponse that = (AppendResponse) o;
        return term == that.term && succeeded == that.succeeded && lastLogIndex == that.lastLogIndex;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hash(term, succeeded, lastLogIndex);
    }

    @Override
    public String toString() {
        return "AppendResponse[status=" + status() + ", error=" + error() + ", term=" + term + ", succeeded="
                + succeeded + ", lastLogIndex=" + lastLogIndex + "]";
    }
}
