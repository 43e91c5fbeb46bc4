package io.raftwire.message.value;

import io.raftwire.message.Checks;
import io.raftwire.message.ToStrings;

import java.util.Arrays;

/**
 * An event a service publishes to a client session: its type and its serialized payload. Immutable and thread-safe
 * (the value is copied on the way in and on the way out).
 *
 * @param type the kind of event; a registered {@link EventType} implementation
 * @param value the event payload; may be empty; copied
 */
public record PrimitiveEvent(EventType type, byte[] value) {

    /**
     * Checks the invariants, and copies the arrays and lists, as documented on the components.
     *
     * @throws NullPointerException if an argument is null
     */
    public PrimitiveEvent {
        type = Checks.notNull(type, "type");
        value = Checks.copy(value, "value");
    }

    /** A copy of the event payload; may be empty. */
    public byte[] value() {
        return value.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PrimitiveEvent)) {
            return false;
        }
        PrimitiveEvent that = (PrimitiveEvent) o;
        return type.equals(that.type) && Arrays.equals(value, that.value);
    }

    @Override
    public int hashCode() {
        return 31 * type.hashCode() + Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "PrimitiveEvent[type=" + type + ", value=" + ToStrings.of(value) + "]";
    }
}
