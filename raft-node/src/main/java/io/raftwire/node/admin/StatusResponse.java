package io.raftwire.node.admin;

import io.raftwire.message.value.RaftError;

/**
 * The answer to a {@link StatusRequest} or a {@link SnapshotRequest}: a status, or the reason there is none.
 * Registered by {@link AdminTypes}. Immutable and thread-safe.
 *
 * @param error  why the request was refused or failed; {@code null} on success
 * @param status the member's status; {@code null} exactly when {@code error} is not
 */
public record StatusResponse(RaftError error, NodeStatus status) {

    /** @throws IllegalArgumentException unless exactly one of {@code error} and {@code status} is null */
    public StatusResponse {
        if ((error == null) == (status == null)) {
            throw new IllegalArgumentException("error = " + error + ", status = " + status
                    + " (expected: exactly one of them)");
        }
    }

    /** A success. */
    public static StatusResponse of(NodeStatus status) {
        return new StatusResponse(null, status);
    }

    /** A refusal or failure. */
    public static StatusResponse failed(RaftError error) {
        return new StatusResponse(error, null);
    }
}
