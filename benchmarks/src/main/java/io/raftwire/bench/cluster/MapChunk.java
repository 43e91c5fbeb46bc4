package io.raftwire.bench.cluster;

import java.util.List;

/**
 * One snapshot chunk of a {@link CommandMap} ({@link BenchTypes#CHUNK}).
 *
 * @param entries up to {@link CommandMap#CHUNK_ENTRIES} keys
 */
public record MapChunk(List<MapEntry> entries) {

    /** Copies the list. */
    public MapChunk {
        entries = List.copyOf(entries);
    }
}
