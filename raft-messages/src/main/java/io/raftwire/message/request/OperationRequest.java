package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.value.PrimitiveOperation;

/**
 * A client session's state-machine operation. Invariant: {@code sequence >= 0}.
 */
public abstract class OperationRequest extends SessionRequest {

    private final long sequence;
    private final PrimitiveOperation operation;

    /**
     * @param session the session id; {@code >= 0}
     * @param sequence the operation's sequence number within the session, used to apply it exactly once;
     *        {@code >= 0}
     * @param operation the operation
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code operation} is null
     */
    protected OperationRequest(long session, long sequence, PrimitiveOperation operation) {
        super(session);
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
        OperationRequest that = (OperationRequest) o;
        return sequence == that.sequence && operation.equals(that.operation);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * super.hashCode() + Long.hashCode(sequence)) + operation.hashCode();
    }
}
