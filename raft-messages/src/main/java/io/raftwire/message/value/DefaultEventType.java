package io.raftwire.message.value;

import io.raftwire.message.Checks;

/**
 * The catalog's {@link EventType}: a name. Invariant: the id is not empty. Immutable and thread-safe.
 *
 * @param id the event type's name; not empty
 */
public record DefaultEventType(String id) implements EventType {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if {@code id} is null
     * @throws IllegalArgumentException if {@code id} is empty
     */
    public DefaultEventType {
        id = Checks.notEmpty(id, "id");
    }
}
