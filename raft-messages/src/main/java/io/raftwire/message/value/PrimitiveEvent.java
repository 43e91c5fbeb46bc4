package io.raftwire.message.value;

import io.raftwire.message.Checks;
import io.raftwire.message.ToStrings;

import java.util.Arrays;

/**
 * An event a service publishes to a client session: its type and its serialized payload. Immutable and thread-safe
 * (the value is copied on the way in and on the way out).
 */
public final class PrimitiveEvent {

    private final EventType type;
    private final byte[] value;

    /**
     * @param type the kind of event; a registered {@link EventType} implementation
     * @param value the event payload; may be empty; copied
     * @throws NullPointerException if an argument is null
     */
    public PrimitiveEvent(EventType type, byte[] value) {
        this.type = Checks.notNull(type, "type");
        this.value = Checks.copy(value, "value");
    }

    /** The kind of event. */
    public EventType type() {
        return type;
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
