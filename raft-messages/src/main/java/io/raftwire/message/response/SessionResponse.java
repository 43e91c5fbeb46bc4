package io.raftwire.message.response;

import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

/**
 * A response to a request made on behalf of a client session.
 */
public abstract class SessionResponse extends AbstractRaftResponse {

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @throws NullPointerException if {@code status} is null, or {@code error} is null for an ERROR response
     */
    protected SessionResponse(Status status, @Nullable RaftError error) {
        super(status, error);
    }
}
