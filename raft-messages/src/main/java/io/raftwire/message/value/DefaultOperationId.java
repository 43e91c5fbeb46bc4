package io.raftwire.message.value;

import io.raftwire.message.Checks;

import java.util.Objects;

/**
 * The catalog's {@link OperationId}: a name and an operation type. Invariant: the id is not empty. Immutable and
 * thread-safe.
 */
public final class DefaultOperationId implements OperationId {

    private final String id;
    private final OperationType type;

    /**
     * @param id the operation's name; not empty
     * @param type command or query
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code id} is empty
     */
    public DefaultOperationId(String id, OperationType type) {
        this.id = Checks.notEmpty(id, "id");
        this.type = Checks.notNull(type, "type");
    }

    /** A command named {@code id}. */
    public static DefaultOperationId command(String id) {
        return new DefaultOperationId(id, OperationType.COMMAND);
    }

    /** A query named {@code id}. */
    public static DefaultOperationId query(String id) {
        return new DefaultOperationId(id, OperationType.QUERY);
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public OperationType type() {
        return type;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DefaultOperationId)) {
            return false;
        }
        DefaultOperationId that = (DefaultOperationId) o;
        return id.equals(that.id) && type == that.type;
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, type);
    }

    @Override
    public String toString() {
        return "DefaultOperationId[id=" + id + ", type=" + type + "]";
    }
}
