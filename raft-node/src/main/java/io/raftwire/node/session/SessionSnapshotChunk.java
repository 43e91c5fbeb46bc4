package io.raftwire.node.session;

import java.util.List;
import java.util.Objects;

/**
 * One snapshot chunk of the session table: sessions in ascending id order, then cached results in ascending
 * (session, sequence) order, each list continuing where the previous chunk's stopped. Registered by
 * {@code io.raftwire.node.kv.KvTypes}. Immutable and thread-safe.
 *
 * @param sessions sessions of this chunk; copied
 * @param results  cached results of this chunk; copied
 */
public record SessionSnapshotChunk(List<SessionRecord> sessions, List<CachedResult> results) {

    /**
     * Copies.
     *
     * @throws NullPointerException if a list or an element is null
     */
    public SessionSnapshotChunk {
        sessions = List.copyOf(Objects.requireNonNull(sessions, "sessions"));
        results = List.copyOf(Objects.requireNonNull(results, "results"));
    }
}
