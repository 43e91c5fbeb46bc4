package io.raftwire.node.server;

import io.raftwire.message.value.ReadConsistency;

import java.util.HashMap;
import java.util.IdentityHashMap;
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
    /** Open sessions per known owner, plus its opens this member proposed and has not seen applied or answered. */
    private final Map<String, Integer> byOwner = new HashMap<>(); // guarded by this
    /** The open entries this member proposed and has not seen applied or answered, by identity, with their owner. */
    private final Map<Object, String> proposed = new IdentityHashMap<>(); // guarded by this

    /**
     * Records an opened session.
     *
     * @param owner the member id of the client that opened it (the id of the connection it was opened over), or
     *              {@code null} if not known
     */
    public void opened(long session, ReadConsistency consistency, String owner) {
        opened(session, consistency, owner, null);
    }

    /**
     * Records an opened session, opened by {@code entry}: if this member proposed that very entry
     * ({@link #propose}), it stops counting as proposed in the same step as the session starts counting as open.
     *
     * @param owner the member id of the client that opened it, or {@code null} if not known
     * @param entry the applied open entry, or {@code null}
     */
    public synchronized void opened(long session, ReadConsistency consistency, String owner, Object entry) {
        if (entry != null) {
            withdrawLocked(entry);
        }
        Noted before = bySession.put(session, new Noted(consistency, owner));
        forget(before);
        if (owner != null) {
            byOwner.merge(owner, 1, Integer::sum);
        }
    }

    /**
     * Counts {@code entry}, an open of {@code owner} this member is about to propose, against the owner until it is
     * applied ({@link #opened(long, ReadConsistency, String, Object)}) or {@link #withdraw withdrawn}.
     *
     * @return the owner's count before it: its open sessions and its other proposed opens
     */
    public synchronized int propose(String owner, Object entry) {
        int before = ownedBy(owner);
        if (proposed.put(entry, owner) == null) {
            byOwner.merge(owner, 1, Integer::sum);
        }
        return before;
    }

    /** Stops counting a proposed open that was refused, failed or answered; nothing if it was applied already. */
    public synchronized void withdraw(Object entry) {
        withdrawLocked(entry);
    }

    private void withdrawLocked(Object entry) {
        String owner = proposed.remove(entry);
        if (owner != null) {
            decrement(owner);
        }
    }

    /** One session or proposed open fewer for {@code owner}; an owner with none keeps no entry. */
    private void decrement(String owner) {
        byOwner.computeIfPresent(owner, (o, count) -> count == 1 ? null : count - 1);
    }

    /** Forgets a closed or expired session. */
    public synchronized void closed(long session) {
        forget(bySession.remove(session));
    }

    private void forget(Noted n) {
        if (n != null && n.owner() != null) {
            decrement(n.owner());
        }
    }

    /** Forgets every session: a snapshot replaces the whole session table. Proposed opens still count. */
    public synchronized void clear() {
        bySession.clear();
        byOwner.clear();
        proposed.values().forEach(owner -> byOwner.merge(owner, 1, Integer::sum));
    }

    /**
     * The number of open sessions this member knows {@code owner} opened, plus the opens of {@code owner} it proposed
     * and has not seen applied or answered.
     */
    public synchronized int ownedBy(String owner) {
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
