package io.raftwire.node.kv;

import java.util.List;
import java.util.Objects;

/**
 * One snapshot chunk of the store's keys, in ascending key order, continuing where the previous chunk stopped.
 * Registered as {@link KvTypes#SNAPSHOT_CHUNK}. Immutable and thread-safe.
 *
 * @param entries the keys of this chunk; copied
 */
public record KvSnapshotChunk(List<KvEntry> entries) {

    /**
     * Copies.
     *
     * @throws NullPointerException if the list or an element is null
     */
    public KvSnapshotChunk {
        entries = List.copyOf(Objects.requireNonNull(entries, "entries"));
    }
}
