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
    /** Open sessions per known owner; an owner with none has no entry. */
    private final Map<String, Integer> byOwner = new ConcurrentHashMap<>();

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
        Noted before = bySession.put(session, new Noted(consistency, owner));
        forget(before);
        if (owner != null) {
            byOwner.merge(owner, 1, Integer::sum);
        }
    }

    /** Forgets a closed or expired session. */
    public void closed(long session) {
        forget(bySession.remove(session));
    }

    private void forget(Noted n) {
        if (n != null && n.owner() != null) {
            byOwner.computeIfPresent(n.owner(), (owner, count) -> count == 1 ? null : count - 1);
        }
    }

    /** Forgets every session: a snapshot replaces the whole session table. */
    public void clear() {
        bySession.clear();
        byOwner.clear();
    }

    /** The number of open sessions this member knows {@code owner} opened. */
    public int ownedBy(String owner) {
        return byOwner.getOrDefault(owner, 0);
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
