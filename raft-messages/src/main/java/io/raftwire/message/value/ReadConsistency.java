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
    /**
     * Queries are served by the leader while its lease holds; linearizable if clocks behave. raft-node serves them as
     * {@link #LINEARIZABLE} reads while its failure detector ({@code raftwire.raft.leader-timeout-ms}) is on, the
     * default, since followers may then elect a new leader before the engine's lease runs out.
     */
    LINEARIZABLE_LEASE,
    /** Queries are served by the leader after confirming leadership with a quorum. */
    LINEARIZABLE
}
