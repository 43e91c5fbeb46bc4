package io.raftwire.message.value;

import io.raftwire.message.Checks;
import io.raftwire.message.ToStrings;

import java.util.Arrays;

/**
 * A state-machine operation: which operation, and its serialized argument. Immutable and thread-safe (the value is
 * copied on the way in and on the way out).
 *
 * @param id names the operation; a registered {@link OperationId} implementation
 * @param value the operation's argument, as bytes the state machine understands; may be empty; copied
 */
public record PrimitiveOperation(OperationId id, byte[] value) {

    /**
     * Checks the invariants, and copies the arrays and lists, as documented on the components.
     *
     * @throws NullPointerException if an argument is null
     */
    public PrimitiveOperation {
        id = Checks.notNull(id, "id");
        value = Checks.copy(value, "value");
    }

    /** A copy of the operation's argument; may be empty. */
    public byte[] value() {
        return value.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof PrimitiveOperation)) {
            return false;
        }
        PrimitiveOperation that = (PrimitiveOperation) o;
        return id.equals(that.id) && Arrays.equals(value, that.value);
    }

    @Override
    public int hashCode() {
        return 31 * id.hashCode() + Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "PrimitiveOperation[id=" + id + ", value=" + ToStrings.of(value) + "]";
    }
}
