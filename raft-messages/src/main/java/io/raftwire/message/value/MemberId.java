package io.raftwire.message.value;

import io.raftwire.message.Checks;

/**
 * The identity of a Raft member or client node. Invariant: the id is not empty. Immutable and thread-safe.
 */
public final class MemberId implements Comparable<MemberId> {

    private final String id;

    /**
     * @param id the member's name, unique in the cluster; not empty
     * @throws NullPointerException if {@code id} is null
     * @throws IllegalArgumentException if {@code id} is empty
     */
    public MemberId(String id) {
        this.id = Checks.notEmpty(id, "id");
    }

    /** Same as {@link #MemberId(String)}. */
    public static MemberId from(String id) {
        return new MemberId(id);
    }

    /** The member's name; never empty. */
    public String id() {
        return id;
    }

    /**
     * Orders by id; consistent with {@link #equals}. Being {@link Comparable} keeps hash sets of member ids
     * O(n log n) to build even when a hostile peer sends ids with colliding hash codes.
     */
    @Override
    public int compareTo(MemberId other) {
        return id.compareTo(other.id);
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof MemberId && id.equals(((MemberId) o).id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "MemberId[id=" + id + "]";
    }
}
