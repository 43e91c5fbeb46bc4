package io.raftwire.node.kv;

import java.util.List;
import java.util.Objects;

/**
 * One snapshot chunk of the sessions' watches, in ascending (session, key, prefix) order, continuing where the previous
 * chunk stopped. Registered as {@link KvTypes#WATCH_CHUNK}. Immutable and thread-safe.
 *
 * @param watches the watches of this chunk; copied
 */
public record KvWatchChunk(List<KvWatchRecord> watches) {

    /**
     * Copies.
     *
     * @throws NullPointerException if the list or an element is null
     */
    public KvWatchChunk {
        watches = List.copyOf(Objects.requireNonNull(watches, "watches"));
    }
}
