package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.value.RaftError;

import java.util.Objects;

/**
 * The base of every response: its status and its error. Invariant: an {@link Status#ERROR} response carries an
 * error. Subclasses are immutable and thread-safe; {@code equals} requires the same concrete class.
 */
public abstract class AbstractRaftResponse implements RaftResponse {

    private final Status status;
    private final RaftError error;

    /**
     * @param status the outcome
     * @param error why the request failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @throws NullPointerException if {@code status} is null, or {@code error} is null for an ERROR response
     */
    protected AbstractRaftResponse(Status status, @Nullable RaftError error) {
        this.status = Checks.notNull(status, "status");
        this.error = status == Status.ERROR ? Checks.notNull(error, "error") : error;
    }

    @Override
    public Status status() {
        return status;
    }

    /**
     * {@inheritDoc}
     *
     * @return may be {@code null}: the response is {@link Status#OK} and carries no advisory error
     */
    @Override
    @Nullable
    public RaftError error() {
        return error;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        AbstractRaftResponse that = (AbstractRaftResponse) o;
        return status == that.status && Objects.equals(error, that.error);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * getClass().getName().hashCode() + status.hashCode()) + Objects.hashCode(error);
    }
}
