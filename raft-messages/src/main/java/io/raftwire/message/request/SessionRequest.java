package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;

/**
 * A request made on behalf of an open client session. Invariant: {@code session >= 0}. Subclasses are immutable and
 * thread-safe; {@code equals} requires the same concrete class.
 */
public abstract class SessionRequest implements RaftRequest {

    private final long session;

    /**
     * @param session the session id; {@code >= 0}
     * @throws IllegalArgumentException if {@code session} is negative
     */
    protected SessionRequest(long session) {
        this.session = Checks.nonNegative(session, "session");
    }

    /** The session id. */
    public long session() {
        return session;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        return session == ((SessionRequest) o).session;
    }

    @Override
    public int hashCode() {
        return 31 * getClass().getName().hashCode() + Long.hashCode(session);
    }
}
