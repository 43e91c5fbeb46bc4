package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.SessionMetadata;

import java.util.Set;

/**
 * Answers a {@link io.raftwire.message.request.MetadataRequest} with the sessions open in the cluster. Immutable and
 * thread-safe.
 */
public final class MetadataResponse extends AbstractRaftResponse {

    private final Set<SessionMetadata> sessions;

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param sessions the open sessions; may be empty; copied, keeping the iteration order of the argument
     * @throws NullPointerException if {@code status}, {@code sessions} or one of its elements is null, or
     *         {@code error} is null for an ERROR response
     */
    public MetadataResponse(Status status, @Nullable RaftError error, Set<SessionMetadata> sessions) {
        super(status, error);
        this.sessions = Checks.copy(sessions, "sessions");
    }

    /** The open sessions; immutable, iterated in the order they were given to the constructor. */
    public Set<SessionMetadata> sessions() {
        return sessions;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && sessions.equals(((MetadataResponse) o).sessions);
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + sessions.hashCode();
    }

    @Override
    public String toString() {
        return "MetadataResponse[status=" + status() + ", error=" + error() + ", sessions=" + sessions + "]";
    }
}
