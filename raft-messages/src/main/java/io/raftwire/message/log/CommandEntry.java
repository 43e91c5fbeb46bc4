package io.raftwire.message.log;

import io.raftwire.message.value.PrimitiveOperation;

/**
 * A state-changing operation of a client session, applied by every member when committed. Immutable and thread-safe.
 */
public final class CommandEntry extends OperationEntry {

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param session the session id; {@code >= 0}
     * @param sequence the command's sequence number within the session; {@code >= 0}
     * @param operation the command
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code operation} is null
     */
    public CommandEntry(long term, long timestamp, long session, long sequence, PrimitiveOperation operation) {
        super(term, timestamp, session, sequence, operation);
    }

    @Override
    public String toString() {
        return "CommandEntry[term=" + term() + ", timestamp=" + timestamp() + ", session=" + session()
                + ", sequence=" + sequence() + ", operation=" + operation() + "]";
    }
}
