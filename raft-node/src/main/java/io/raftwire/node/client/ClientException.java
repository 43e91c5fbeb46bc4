package io.raftwire.node.client;

import io.raftwire.message.value.RaftError;

/**
 * A client operation failed for good: the cluster refused it with a non-retriable error, or retrying did not succeed
 * before the operation's deadline. {@link #error()} is the last error the cluster gave, if any.
 */
public final class ClientException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient RaftError error;

    /**
     * @param message what failed and why
     * @param error   the cluster's last error, or {@code null} when the failure was local (deadline, transport)
     * @param cause   the underlying failure, or {@code null}
     */
    public ClientException(String message, RaftError error, Throwable cause) {
        super(message, cause);
        this.error = error;
    }

    /** The cluster's last error, or {@code null}. */
    public RaftError error() {
        return error;
    }
}
