package io.raftwire.message.value;

/**
 * The consistency a client asks for when it opens a session; it governs how queries are served.
 *
 * <p>Travels by ordinal inside its owner: the constant order is part of the wire format. Append new constants at the
 * end; never reorder or remove one.
 */
public enum ReadConsistency {
    /** Queries may be served by any member, in session order; reads may be stale. */
    SEQUENTIAL,
    /** Queries are served by the leader while its lease holds; linearizable if clocks behave. */
    LINEARIZABLE_LEASE,
    /** Queries are served by the leader after confirming leadership with a quorum. */
    LINEARIZABLE
}
