package io.raftwire.message.value;

import io.raftwire.message.Checks;

import java.util.Objects;

/**
 * Describes one open client session: its id and the service it is bound to. Invariants: {@code id >= 0}; name and
 * type are not empty. Immutable and thread-safe.
 */
public final class SessionMetadata implements Comparable<SessionMetadata> {

    private final long id;
    private final String name;
    private final String type;

    /**
     * @param id the session id; {@code >= 0}
     * @param name the name of the service the session is bound to; not empty
     * @param type the type of that service; not empty
     * @throws NullPointerException if {@code name} or {@code type} is null
     * @throws IllegalArgumentException if {@code id} is negative or a string is empty
     */
    public SessionMetadata(long id, String name, String type) {
        this.id = Checks.nonNegative(id, "id");
        this.name = Checks.notEmpty(name, "name");
        this.type = Checks.notEmpty(type, "type");
    }

    /** The session id. */
    public long id() {
        return id;
    }

    /** The name of the service the session is bound to. */
    public String name() {
        return name;
    }

    /** The type of the service the session is bound to. */
    public String type() {
        return type;
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

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SessionMetadata)) {
            return false;
        }
        SessionMetadata that = (SessionMetadata) o;
        return id == that.id && name.equals(that.name) && type.equals(that.type);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, name, type);
    }

    @Override
    public String toString() {
        return "SessionMetadata[id=" + id + ", name=" + name + ", type=" + type + "]";
    }
}
