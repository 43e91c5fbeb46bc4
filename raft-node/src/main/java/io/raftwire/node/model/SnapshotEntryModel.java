package io.raftwire.node.model;

import io.microraft.model.log.RaftGroupMembersView;
import io.microraft.model.log.SnapshotChunk;
import io.microraft.model.log.SnapshotEntry;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * raftwire's form of MicroRaft's {@link SnapshotEntry}: a whole snapshot, as its chunks. The engine never sends one
 * (single chunks travel); the durable store rebuilds one from the chunk files on restart. Registered as
 * {@link EngineType#SNAPSHOT_ENTRY}. Immutable and thread-safe.
 *
 * @param index            the snapshot's log index; {@code >= 0}
 * @param term             the term of that index; {@code >= 0}
 * @param snapshotChunks   every chunk, in chunk-index order ({@code snapshotChunks.get(i).snapshotChunkIndex() == i})
 * @param groupMembersView the members committed at the snapshot's index
 */
public record SnapshotEntryModel(long index, int term, List<SnapshotChunkModel> snapshotChunks,
        RaftGroupMembersViewModel groupMembersView) implements SnapshotEntry {

    /** Checks and copies. */
    public SnapshotEntryModel {
        ModelChecks.notNegative(index, "index");
        ModelChecks.notNegative(term, "term");
        snapshotChunks = List.copyOf(ModelChecks.notNull(snapshotChunks, "snapshotChunks"));
        for (int i = 0; i < snapshotChunks.size(); i++) {
            SnapshotChunkModel c = snapshotChunks.get(i);
            if (c.snapshotChunkIndex() != i || c.snapshotChunkCount() != snapshotChunks.size() || c.index() != index) {
                throw new IllegalArgumentException("snapshot chunk " + i + " is chunk " + c.snapshotChunkIndex() + "/"
                        + c.snapshotChunkCount() + " of index " + c.index() + " (expected: chunk " + i + "/"
                        + snapshotChunks.size() + " of index " + index + ")");
            }
        }
        ModelChecks.notNull(groupMembersView, "groupMembersView");
    }

    @Override
    public long getIndex() {
        return index;
    }

    @Override
    public int getTerm() {
        return term;
    }

    /** The chunks, as MicroRaft expects the operation of a snapshot entry to be. */
    @Override
    public Object getOperation() {
        return Collections.unmodifiableList(snapshotChunks);
    }

    @Override
    public int getSnapshotChunkCount() {
        return snapshotChunks.size();
    }

    @Override
    public RaftGroupMembersView getGroupMembersView() {
        return groupMembersView;
    }

    /** MicroRaft's builder; not thread-safe. */
    static final class Builder implements SnapshotEntry.SnapshotEntryBuilder {
        private long index;
        private int term;
        private List<SnapshotChunkModel> snapshotChunks;
        private RaftGroupMembersViewModel groupMembersView;

        @Override
        public Builder setIndex(long index) {
            this.index = index;
            return this;
        }

        @Override
        public Builder setTerm(int term) {
            this.term = term;
            return this;
        }

        @Override
        public Builder setSnapshotChunks(List<SnapshotChunk> snapshotChunks) {
            List<SnapshotChunkModel> copy = new ArrayList<>(snapshotChunks.size());
            for (SnapshotChunk c : snapshotChunks) {
                copy.add(SnapshotChunkModel.of(c));
            }
            this.snapshotChunks = copy;
            return this;
        }

        @Override
        public Builder setGroupMembersView(RaftGroupMembersView groupMembersView) {
            this.groupMembersView = RaftGroupMembersViewModel.of(groupMembersView);
            return this;
        }

        @Override
        public SnapshotEntry build() {
            return new SnapshotEntryModel(index, term, snapshotChunks, groupMembersView);
        }
    }
}
