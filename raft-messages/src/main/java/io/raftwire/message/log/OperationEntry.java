package io.raftwire.message.log;

import io.raftwire.message.Checks;
import io.raftwire.message.value.PrimitiveOperation;

/**
 * A log entry that carries a session's state-machine operation. Invariant: {@code sequence >= 0}.
 */
public abstract class OperationEntry extends SessionEntry {

    private final long sequence;
    private final PrimitiveOperation operation;

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param session the session id; {@code >= 0}
     * @param sequence the operation's sequence number within the session; {@code >= 0}
     * @param operation the operation
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code operation} is null
     */
    protected OperationEntry(long term, long timestamp, long session, long sequence, PrimitiveOperation operation) {
        super(term, timestamp, session);
        this.sequence = Checks.nonNegative(sequence, "sequence");
        this.operation = Checks.notNull(operation, "operation");
    }

    /** The operation's sequence number within the session. */
    public long sequence() {
        return sequence;
    }

    /** The operation. */
    public PrimitiveOperation operation() {
        return operation;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        OperationEntry that = (OperationEntry) o;
        return sequence == that.sequence && operation.equals(that.operation);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * super.hashCode() + Long.hashCode(sequence)) + operation.hashCode();
    }
}
