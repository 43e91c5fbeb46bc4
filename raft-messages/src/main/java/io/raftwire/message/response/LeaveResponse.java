package io.raftwire.message.response;

import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;

import java.util.List;

/**
 * Answers a {@link io.raftwire.message.request.LeaveRequest} with the configuration in force after a member was
 * removed.
 * Immutable and thread-safe.
 */
public final class LeaveResponse extends ConfigurationResponse {

    /**
     * @param status the outcome
     * @param error why the change failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param index the log index of the configuration; {@code >= 0}
     * @param term the term of the configuration; {@code >= 0}
     * @param timestamp when the configuration was created, in milliseconds since the epoch; {@code >= 0}
     * @param members every member of the configuration; may be empty; copied
     * @throws NullPointerException if {@code status}, {@code members} or one of its elements is null, or
     *         {@code error} is null for an ERROR response
     * @throws IllegalArgumentException if a value is negative
     */
    public LeaveResponse(Status status, @Nullable RaftError error, long index, long term, long timestamp,
            List<RaftMember> members) {
        super(status, error, index, term, timestamp, members);
    }

    @Override
    public String toString() {
        return "LeaveResponse[status=" + status() + ", error=" + error() + ", index=" + index()
                + ", term=" + term() + ", timestamp=" + timestamp() + ", members=" + members() + "]";
    }
}
