package io.raftwire.serializer.contract.legacy;

import java.util.List;
import java.util.SortedSet;
import java.util.TreeMap;

/** Snapshot metadata: sorted checksums and members, chunk sizes, and index ranges as nested lists. */
public final class SnapshotMeta {

    private final long lastIncludedIndex;
    private final long lastIncludedTerm;
    private TreeMap<String, Long> checksums = new TreeMap<>();
    private SortedSet<NodeId> members;
    private int[] chunkSizes;
    private List<List<Long>> ranges;

    public SnapshotMeta(long lastIncludedIndex, long lastIncludedTerm) {
        this.lastIncludedIndex = lastIncludedIndex;
        this.lastIncludedTerm = lastIncludedTerm;
    }

    public SnapshotMeta(long lastIncludedIndex, long lastIncludedTerm, TreeMap<String, Long> checksums,
            SortedSet<NodeId> members, int[] chunkSizes, List<List<Long>> ranges) {
        this(lastIncludedIndex, lastIncludedTerm);
        this.checksums = checksums;
        this.members = members;
        this.chunkSizes = chunkSizes;
        this.ranges = ranges;
    }

    @Override
    public boolean equals(Object o) {
        return LegacyState.equal(this, o);
    }

    @Override
    public int hashCode() {
        return LegacyState.hash(this);
    }

    @Override
    public String toString() {
        return LegacyState.describe(this);
    }
}
