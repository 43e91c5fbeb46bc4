package io.raftwire.node.server;

import io.raftwire.message.value.ReadConsistency;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What this member knows of each open session from applying the session's open entry (or a snapshot holding it): the
 * read consistency it asked for and the client that opened it. A session this member has no record of is served
 * {@link ReadConsistency#LINEARIZABLE}, the strongest, and has no known owner. Thread-safe: written on the Raft thread,
 * read on I/O threads.
 */
public final class SessionConsistency {

    private record Noted(ReadConsistency consistency, String owner) {
    }

    private final Map<Long, Noted> bySession = new ConcurrentHashMap<>();

    /** Records an opened session whose owner is not known. */
    public void opened(long session, ReadConsistency consistency) {
        opened(session, consistency, null);
    }

    /**
     * Records an opened session.
     *
     * @param owner the member id of the client that opened it (the id of the connection it was opened over), or
     *              {@code null} if not known
     */
    public void opened(long session, ReadConsistency consistency, String owner) {
        bySession.put(session, new Noted(consistency, owner));
    }

    /** Forgets a closed or expired session. */
    public void closed(long session) {
        bySession.remove(session);
    }

    /** Forgets every session: a snapshot replaces the whole session table. */
    public void clear() {
        bySession.clear();
    }

    /** The number of sessions recorded: those opened and not yet closed or expired, as far as this member knows. */
    public int size() {
        return bySession.size();
    }

    /** The session's read consistency, or {@link ReadConsistency#LINEARIZABLE} if unknown. */
    public ReadConsistency of(long session) {
        Noted n = bySession.get(session);
        return n == null ? ReadConsistency.LINEARIZABLE : n.consistency();
    }

    /** The member id of the client that opened the session, or {@code null} if this member does not know it. */
    public String owner(long session) {
        Noted n = bySession.get(session);
        return n == null ? null : n.owner();
    }
}
