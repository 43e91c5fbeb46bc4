package io.raftwire.message.value;

/**
 * Whether an operation changes the state machine.
 *
 * <p>Travels by ordinal inside its owner: the constant order is part of the wire format. Append new constants at the
 * end; never reorder or remove one.
 */
public enum OperationType {
    /** Changes state; written to the log. */
    COMMAND,
    /** Reads state; never written to the log. */
    QUERY
}
