package io.raftwire.message.value;

import io.raftwire.message.Checks;

/**
 * The catalog's {@link OperationId}: a name and an operation type. Invariant: the id is not empty. Immutable and
 * thread-safe.
 *
 * @param id the operation's name; not empty
 * @param type command or query
 */
public record DefaultOperationId(String id, OperationType type) implements OperationId {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code id} is empty
     */
    public DefaultOperationId {
        id = Checks.notEmpty(id, "id");
        type = Checks.notNull(type, "type");
    }

    /** A command named {@code id}. */
    public static DefaultOperationId command(String id) {
        return new DefaultOperationId(id, OperationType.COMMAND);
    }

    /** A query named {@code id}. */
    public static DefaultOperationId query(String id) {
        return new DefaultOperationId(id, OperationType.QUERY);
    }
}
