package io.raftwire.message.request;

/**
 * Closes a client session. Answered by {@link io.raftwire.message.response.CloseSessionResponse}. Immutable and
 * thread-safe.
 */
public final class CloseSessionRequest extends SessionRequest {

    private final boolean delete;

    /**
     * @param session the session to close; {@code >= 0}
     * @param delete {@code true} to delete the service the session is bound to as well
     * @throws IllegalArgumentException if {@code session} is negative
     */
    public CloseSessionRequest(long session, boolean delete) {
        super(session);
        this.delete = delete;
    }

    /** {@code true} to delete the service the session is bound to as well. */
    public boolean delete() {
        return delete;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && delete == ((CloseSessionRequest) o).delete;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Boolean.hashCode(delete);
    }

    @Override
    public String toString() {
        return "CloseSessionRequest[session=" + session() + ", delete=" + delete + "]";
    }
}
