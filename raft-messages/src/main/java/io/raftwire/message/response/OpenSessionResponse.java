package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

import java.util.Objects;

/**
 * Answers an {@link io.raftwire.message.request.OpenSessionRequest} with the new session's id and timeout.
 * Invariants: every number {@code >= 0}. Immutable and thread-safe.
 */
public final class OpenSessionResponse extends AbstractRaftResponse {

    private final long session;
    private final long timeout;

    /**
     * @param status the outcome
     * @param error why the session was not opened; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param session the new session's id; {@code >= 0}
     * @param timeout the session timeout the cluster chose, in milliseconds; {@code >= 0}
     * @throws NullPointerException if {@code status} is null, or {@code error} is null for an ERROR response
     * @throws IllegalArgumentException if a value is negative
     */
    public OpenSessionResponse(Status status, @Nullable RaftError error, long session, long timeout) {
        super(status, error);
        this.session = Checks.nonNegative(session, "session");
        this.timeout = Checks.nonNegative(timeout, "timeout");
    }

    /** The new session's id. */
    public long session() {
        return session;
    }

    /** The session timeout the cluster chose, in milliseconds. */
    public long timeout() {
        return timeout;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        OpenSessionResponse that = (OpenSessionResponse) o;
        return session == that.session && timeout == that.timeout;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hash(session, timeout);
    }

    @Override
    public String toString() {
        return "OpenSessionResponse[status=" + status() + ", error=" + error() + ", session=" + session
                + ", timeout=" + timeout + "]";
    }
}
