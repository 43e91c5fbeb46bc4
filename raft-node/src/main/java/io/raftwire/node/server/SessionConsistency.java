package io.raftwire.node.server;

import io.raftwire.message.value.ReadConsistency;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The read consistency each session asked for when it opened, as this member learned it from applying the session's
 * open entry. A session this member has no record of (opened before a snapshot this member installed) is served
 * {@link ReadConsistency#LINEARIZABLE}, the strongest. Thread-safe: written on the Raft thread, read on I/O threads.
 */
public final class SessionConsistency {

    private final Map<Long, ReadConsistency> bySession = new ConcurrentHashMap<>();

    /** Records an opened session. */
    public void opened(long session, ReadConsistency consistency) {
        bySession.put(session, consistency);
    }

    /** Forgets a closed or expired session. */
    public void closed(long session) {
        bySession.remove(session);
    }

    /** The number of sessions recorded: those opened and not yet closed or expired, as far as this member knows. */
    public int size() {
        return bySession.size();
    }

    /** The session's read consistency, or {@link ReadConsistency#LINEARIZABLE} if unknown. */
    public ReadConsistency of(long session) {
        return bySession.getOrDefault(session, ReadConsistency.LINEARIZABLE);
    }
}
