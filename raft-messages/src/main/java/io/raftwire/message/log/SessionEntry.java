package io.raftwire.message.log;

import io.raftwire.message.Checks;

/**
 * A log entry that belongs to a client session. Invariant: {@code session >= 0}.
 */
public abstract class SessionEntry extends TimestampedEntry {

    private final long session;

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param session the session id; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     */
    protected SessionEntry(long term, long timestamp, long session) {
        super(term, timestamp);
        this.session = Checks.nonNegative(session, "session");
    }

    /** The session id. */
    public long session() {
        return session;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && session == ((SessionEntry) o).session;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Long.hashCode(session);
    }
}
