package io.raftwire.node.session;

import java.util.List;
import java.util.Objects;

/**
 * One snapshot chunk of the sessions' event state: the {@link SessionEvents} of sessions that have had events, in
 * ascending session order, continuing where the previous chunk stopped. Registered by
 * {@code io.raftwire.node.kv.KvTypes}. Immutable and thread-safe.
 *
 * @param sessions the event state of this chunk's sessions; copied
 */
public record SessionEventChunk(List<SessionEvents> sessions) {

    /**
     * Copies.
     *
     * @throws NullPointerException if the list or an element is null
     */
    public SessionEventChunk {
        sessions = List.copyOf(Objects.requireNonNull(sessions, "sessions"));
    }
}
