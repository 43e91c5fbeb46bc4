package io.raftwire.message.value;

/**
 * Names a state-machine operation. A polymorphic component type: every implementation that travels on the wire must
 * be a registered type ({@link DefaultOperationId} is; users register their own in the user id range).
 * Implementations must be immutable.
 */
public interface OperationId {

    /** The operation's name; never empty. */
    String id();

    /** Whether the operation is a command or a query; never {@code null}. */
    OperationType type();
}
