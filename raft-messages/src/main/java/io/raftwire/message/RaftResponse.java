package io.raftwire.message;

import io.raftwire.message.value.RaftError;

/**
 * A response to a {@link RaftRequest}. A remote logical failure (no leader, unknown session, ...) is a response
 * with {@link Status#ERROR} and a {@link RaftError}, never an exception.
 *
 * <p>Implementations are immutable and thread-safe.
 */
public interface RaftResponse extends RaftMessage {

    /**
     * Whether a request succeeded.
     *
     * <p>Travels by ordinal inside its owner: the constant order is part of the wire format. Append new constants at
     * the end; never reorder or remove one.
     */
    enum Status {
        /** The request succeeded. */
        OK,
        /** The request failed; {@link RaftResponse#error()} says why. */
        ERROR
    }

    /**
     * The outcome of the request.
     *
     * @return never {@code null}
     */
    Status status();

    /**
     * The error that goes with this response.
     *
     * @return never {@code null} when {@link #status()} is {@link Status#ERROR}; may be {@code null} when it is
     *         {@link Status#OK} (an OK response may still carry an advisory error)
     */
    @Nullable
    RaftError error();
}
