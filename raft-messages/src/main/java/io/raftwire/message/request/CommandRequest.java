package io.raftwire.message.request;

import io.raftwire.message.value.PrimitiveOperation;

/**
 * Submits a state-changing operation of a client session; the leader logs it and answers once it is committed and
 * applied. Answered by {@link io.raftwire.message.response.CommandResponse}. Immutable and thread-safe.
 */
public final class CommandRequest extends OperationRequest {

    /**
     * @param session the session id; {@code >= 0}
     * @param sequence the command's sequence number within the session; {@code >= 0}
     * @param operation the command
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code operation} is null
     */
    public CommandRequest(long session, long sequence, PrimitiveOperation operation) {
        super(session, sequence, operation);
    }

    @Override
    public String toString() {
        return "CommandRequest[session=" + session() + ", sequence=" + sequence() + ", operation=" + operation()
                + "]";
    }
}
