package io.raftwire.message.value;

import io.raftwire.message.Checks;

/**
 * A member of the Raft cluster configuration: its identity, its role and when that role last changed.
 * Invariant: {@code updated >= 0}. Immutable and thread-safe; a role change is a new instance.
 *
 * @param id the member's identity
 * @param type the member's role
 * @param updated when the role last changed, in milliseconds since the epoch; {@code >= 0}
 */
public record RaftMember(MemberId id, Type type, long updated) {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if {@code id} or {@code type} is null
     * @throws IllegalArgumentException if {@code updated} is negative
     */
    public RaftMember {
        id = Checks.notNull(id, "id");
        type = Checks.notNull(type, "type");
        updated = Checks.nonNegative(updated, "updated");
    }

    /**
     * The role of a member in the configuration.
     *
     * <p>Travels by ordinal inside its owner: the constant order is part of the wire format. Append new constants at
     * the end; never reorder or remove one.
     */
    public enum Type {
        /** Not part of the cluster; receives nothing. */
        INACTIVE,
        /** Receives the log asynchronously; does not vote. */
        PASSIVE,
        /** Catching up before it becomes an active voter. */
        PROMOTABLE,
        /** A full voting member. */
        ACTIVE
    }
}
