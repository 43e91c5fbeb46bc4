package io.raftwire.message.response;

import io.raftwire.message.Nullable;
import io.raftwire.message.ToStrings;
import io.raftwire.message.value.RaftError;

/**
 * The result of a {@link io.raftwire.message.request.CommandRequest}. Immutable and thread-safe (the result is copied
 * in and out).
 */
public final class CommandResponse extends OperationResponse {

    /**
     * @param status the outcome
     * @param error why the command failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param index the log index at which the command was applied; {@code >= 0}
     * @param eventIndex the index of the last event published to the session; {@code >= 0}
     * @param result the command's serialized result; empty if there is none; copied
     * @param lastSequence the highest command sequence the cluster has applied for the session; {@code >= 0}
     * @throws NullPointerException if {@code status} or {@code result} is null, or {@code error} is null for an ERROR
     *         response
     * @throws IllegalArgumentException if a value is negative
     */
    public CommandResponse(Status status, @Nullable RaftError error, long index, long eventIndex, byte[] result,
            long lastSequence) {
        super(status, error, index, eventIndex, result, lastSequence);
    }

    @Override
    public String toString() {
        return "CommandResponse[status=" + status() + ", error=" + error() + ", index=" + index() + ", eventIndex="
                + eventIndex() + ", result=" + ToStrings.of(result()) + ", lastSequence="
                + lastSequence() + "]";
    }
}
