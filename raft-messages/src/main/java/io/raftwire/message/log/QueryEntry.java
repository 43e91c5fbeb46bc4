package io.raftwire.message.log;

import io.raftwire.message.value.PrimitiveOperation;

/**
 * A read-only operation of a client session in entry form, so that it is applied in order with the session's
 * commands; queries are not persisted. Immutable and thread-safe.
 */
public final class QueryEntry extends OperationEntry {

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param session the session id; {@code >= 0}
     * @param sequence the query's sequence number within the session; {@code >= 0}
     * @param operation the query
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code operation} is null
     */
    public QueryEntry(long term, long timestamp, long session, long sequence, PrimitiveOperation operation) {
        super(term, timestamp, session, sequence, operation);
    }

    @Override
    public String toString() {
        return "QueryEntry[term=" + term() + ", timestamp=" + timestamp() + ", session=" + session()
                + ", sequence=" + sequence() + ", operation=" + operation() + "]";
    }
}
