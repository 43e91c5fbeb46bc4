package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.value.PrimitiveOperation;

/**
 * Submits a read-only operation of a client session, to be served once the member has applied the log up to
 * {@link #index()}. Invariant: {@code index >= 0}. Answered by {@link io.raftwire.message.response.QueryResponse}.
 * Immutable and thread-safe.
 */
public final class QueryRequest extends OperationRequest {

    private final long index;

    /**
     * @param session the session id; {@code >= 0}
     * @param sequence the sequence number of the session's last command; {@code >= 0}
     * @param operation the query
     * @param index the highest log index the client has seen; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code operation} is null
     */
    public QueryRequest(long session, long sequence, PrimitiveOperation operation, long index) {
        super(session, sequence, operation);
        this.index = Checks.nonNegative(index, "index");
    }

    /** The highest log index the client has seen. */
    public long index() {
        return index;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && index == ((QueryRequest) o).index;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Long.hashCode(index);
    }

    @Override
    public String toString() {
        return "QueryRequest[session=" + session() + ", sequence=" + sequence() + ", operation=" + operation()
                + ", index=" + index + "]";
    }
}
