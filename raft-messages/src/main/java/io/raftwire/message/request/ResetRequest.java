package io.raftwire.message.request;

import io.raftwire.message.Checks;

/**
 * Tells a member to resend a session's events from an index on, after the client missed some. One-way: there is no
 * response. Invariant: {@code index >= 0}. Immutable and thread-safe.
 */
public final class ResetRequest extends SessionRequest {

    private final long index;

    /**
     * @param session the session id; {@code >= 0}
     * @param index the highest event index the client received; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     */
    public ResetRequest(long session, long index) {
        super(session);
        this.index = Checks.nonNegative(index, "index");
    }

    /** The highest event index the client received. */
    public long index() {
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && index == ((ResetRequest) o).index;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Long.hashCode(index);
    }

    @Override
    public String toString() {
        return "ResetRequest[session=" + session() + ", index=" + index + "]";
    }
}
