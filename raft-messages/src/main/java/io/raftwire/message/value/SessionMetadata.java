package io.raftwire.message.value;

import io.raftwire.message.Checks;

/**
 * Describes one open client session: its id and the service it is bound to. Invariants: {@code id >= 0}; name and
 * type are not empty. Immutable and thread-safe.
 *
 * @param id the session id; {@code >= 0}
 * @param name the name of the service the session is bound to; not empty
 * @param type the type of that service; not empty
 */
public record SessionMetadata(long id, String name, String type) implements Comparable<SessionMetadata> {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if {@code name} or {@code type} is null
     * @throws IllegalArgumentException if {@code id} is negative or a string is empty
     */
    public SessionMetadata {
        id = Checks.nonNegative(id, "id");
        name = Checks.notEmpty(name, "name");
        type = Checks.notEmpty(type, "type");
    }

    /**
     * Orders by id, then name, then type; consistent with {@link #equals}. Being {@link Comparable} lets hash sets of
     * sessions (a decoded {@code MetadataResponse}) fall back to balanced trees when a hostile peer sends many values
     * with colliding hash codes, so building the set stays O(n log n) instead of O(n^2).
     */
    @Override
    public int compareTo(SessionMetadata other) {
        int c = Long.compare(id, other.id);
        if (c == 0) {
            c = name.compareTo(other.name);
        }
        return c != 0 ? c : type.compareTo(other.type);
    }
}
