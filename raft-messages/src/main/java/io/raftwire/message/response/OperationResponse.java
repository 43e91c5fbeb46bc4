package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

import java.util.Arrays;
import java.util.Objects;

/**
 * The result of a session's operation, with the log positions the client needs to keep its session consistent.
 * Invariants: every number {@code >= 0}.
 */
public abstract class OperationResponse extends SessionResponse {

    private final long index;
    private final long eventIndex;
    private final byte[] result;
    private final long lastSequence;

    /**
     * @param status the outcome
     * @param error why the operation failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param index the log index at which the operation was applied; {@code >= 0}
     * @param eventIndex the index of the last event published to the session; {@code >= 0}
     * @param result the operation's serialized result; empty if there is none; copied
     * @param lastSequence the highest command sequence the cluster has applied for the session; {@code >= 0}
     * @throws NullPointerException if {@code status} or {@code result} is null, or {@code error} is null for an ERROR
     *         response
     * @throws IllegalArgumentException if a value is negative
     */
    protected OperationResponse(Status status, @Nullable RaftError error, long index, long eventIndex, byte[] result,
            long lastSequence) {
        super(status, error);
        this.index = Checks.nonNegative(index, "index");
        this.eventIndex = Checks.nonNegative(eventIndex, "eventIndex");
        this.result = Checks.copy(result, "result");
        this.lastSequence = Checks.nonNegative(lastSequence, "lastSequence");
    }

    /** The log index at which the operation was applied. */
    public long index() {
        return index;
    }

    /** The index of the last event published to the session. */
    public long eventIndex() {
        return eventIndex;
    }

    /** A copy of the operation's serialized result; empty if there is none. */
    public byte[] result() {
        return result.clone();
    }

    /** The highest command sequence the cluster has applied for the session. */
    public long lastSequence() {
        return lastSequence;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        OperationResponse that = (OperationResponse) o;
        return index == that.index && eventIndex == that.eventIndex && Arrays.equals(result, that.result)
                && lastSequence == that.lastSequence;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * super.hashCode() + Objects.hash(index, eventIndex, lastSequence)) + Arrays.hashCode(result);
    }
}
