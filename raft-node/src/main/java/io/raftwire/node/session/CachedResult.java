package io.raftwire.node.session;

import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.value.RaftError;

import java.util.Objects;

/**
 * A command response the cluster keeps until the client acknowledges it, so that a retried command gets the same
 * answer without being applied again. Travels in a {@link SessionSnapshotChunk}; registered by
 * {@code io.raftwire.node.kv.KvTypes}. Immutable and thread-safe.
 *
 * @param session  the session id; {@code >= 1}
 * @param sequence the command's sequence number within the session; {@code >= 1}
 * @param response the response the command got the first time
 */
public record CachedResult(long session, long sequence, CommandResponse response) {

    /**
     * Validates.
     *
     * @throws NullPointerException     if the response is null
     * @throws IllegalArgumentException if a number is below 1
     */
    public CachedResult {
        SessionChecks.atLeast(session, "session", 1);
        SessionChecks.atLeast(sequence, "sequence", 1);
        Objects.requireNonNull(response, "response");
    }

    /**
     * An upper estimate of this result's encoded size in a {@link SessionSnapshotChunk}, in bytes: what the state
     * machines use to cut their snapshots into chunks that fit a frame.
     */
    public int estimatedSnapshotBytes() {
        RaftError e = response.error();
        return 64 + response.result().length + (e == null ? 0 : SessionChecks.utf8Length(e.message()));
    }
}
