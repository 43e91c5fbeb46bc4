package io.raftwire.message.value;

import io.raftwire.message.Checks;

/**
 * The catalog's {@link EventType}: a name. Invariant: the id is not empty. Immutable and thread-safe.
 */
public final class DefaultEventType implements EventType {

    private final String id;

    /**
     * @param id the event type's name; not empty
     * @throws NullPointerException if {@code id} is null
     * @throws IllegalArgumentException if {@code id} is empty
     */
    public DefaultEventType(String id) {
        this.id = Checks.notEmpty(id, "id");
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof DefaultEventType && id.equals(((DefaultEventType) o).id);
    }

    @Override
    public int hashCode() {
        return id.hashCode();
    }

    @Override
    public String toString() {
        return "DefaultEventType[id=" + id + "]";
    }
}
