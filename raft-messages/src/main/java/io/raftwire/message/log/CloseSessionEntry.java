package io.raftwire.message.log;

/**
 * Closes a client session, either at the client's request or because it expired. Immutable and thread-safe.
 */
public final class CloseSessionEntry extends SessionEntry {

    private final boolean expired;
    private final boolean delete;

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param session the session to close; {@code >= 0}
     * @param expired {@code true} if the session timed out, {@code false} if the client closed it
     * @param delete {@code true} if the service the session is bound to is deleted as well
     * @throws IllegalArgumentException if a value is negative
     */
    public CloseSessionEntry(long term, long timestamp, long session, boolean expired, boolean delete) {
        super(term, timestamp, session);
        this.expired = expired;
        this.delete = delete;
    }

    /** {@code true} if the session timed out, {@code false} if the client closed it. */
    public boolean expired() {
        return expired;
    }

    /** {@code true} if the service the session is bound to is deleted as well. */
    public boolean delete() {
        return delete;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        CloseSessionEntry that = (CloseSessionEntry) o;
        return expired == that.expired && delete == that.delete;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * super.hashCode() + Boolean.hashCode(expired)) + Boolean.hashCode(delete);
    }

    @Override
    public String toString() {
        return "CloseSessionEntry[term=" + term() + ", timestamp=" + timestamp() + ", session=" + session()
                + ", expired=" + expired + ", delete=" + delete + "]";
    }
}
