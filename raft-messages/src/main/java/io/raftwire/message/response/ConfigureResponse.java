package io.raftwire.message.response;

import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;

/**
 * Acknowledges a {@link io.raftwire.message.request.ConfigureRequest}. Carries only a status and an error. Immutable
 * and thread-safe.
 */
public final class ConfigureResponse extends AbstractRaftResponse {

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @throws NullPointerException if {@code status} is null, or {@code error} is null for an ERROR response
     */
    public ConfigureResponse(Status status, @Nullable RaftError error) {
        super(status, error);
    }

    @Override
    public String toString() {
        return "ConfigureResponse[status=" + status() + ", error=" + error() + "]";
    }
}
