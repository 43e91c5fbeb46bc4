package io.raftwire.message.value;

import io.raftwire.message.Checks;

import java.util.Objects;

/**
 * A member of the Raft cluster configuration: its identity, its role and when that role last changed.
 * Invariant: {@code updated >= 0}. Immutable and thread-safe; a role change is a new instance.
 */
public final class RaftMember {

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

    private final MemberId id;
    private final Type type;
    private final long updated;

    /**
     * @param id the member's identity
     * @param type the member's role
     * @param updated when the role last changed, in milliseconds since the epoch; {@code >= 0}
     * @throws NullPointerException if {@code id} or {@code type} is null
     * @throws IllegalArgumentException if {@code updated} is negative
     */
    public RaftMember(MemberId id, Type type, long updated) {
        this.id = Checks.notNull(id, "id");
        this.type = Checks.notNull(type, "type");
        this.updated = Checks.nonNegative(updated, "updated");
    }

    /** The member's identity. */
    public MemberId id() {
        return id;
    }

    /** The member's role. */
    public Type type() {
        return type;
    }

    /** When the role last changed, in milliseconds since the epoch. */
    public long updated() {
        return updated;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof RaftMember)) {
            return false;
        }
        RaftMember that = (RaftMember) o;
        return updated == that.updated && id.equals(that.id) && type == that.type;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, type, updated);
    }

    @Override
    public String toString() {
        return "RaftMember[id=" + id + ", type=" + type + ", updated=" + updated + "]";
    }
}
