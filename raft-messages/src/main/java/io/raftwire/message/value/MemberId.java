package io.raftwire.message.value;

import io.raftwire.message.Checks;

/**
 * The identity of a Raft member or client node. Invariant: the id is not empty. Immutable and thread-safe.
 *
 * @param id the member's name, unique in the cluster; not empty
 */
public record MemberId(String id) implements Comparable<MemberId> {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if {@code id} is null
     * @throws IllegalArgumentException if {@code id} is empty
     */
    public MemberId {
        id = Checks.notEmpty(id, "id");
    }

    /** Same as {@link #MemberId(String)}. */
    public static MemberId from(String id) {
        return new MemberId(id);
    }

    /**
     * Orders by id; consistent with {@link #equals}. Being {@link Comparable} keeps hash sets of member ids
     * O(n log n) to build even when a hostile peer sends ids with colliding hash codes.
     */
    @Override
    public int compareTo(MemberId other) {
        return id.compareTo(other.id);
    }
}
