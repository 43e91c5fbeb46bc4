package io.raftwire.node.model;

import io.microraft.model.log.RaftGroupMembersView;
import io.microraft.model.log.SnapshotChunk;

/**
 * raftwire's wire form of MicroRaft's {@link SnapshotChunk}: one of the objects the state machine gave to
 * {@code takeSnapshot}'s consumer, travelling alone in an {@link InstallSnapshotRequestModel}. Its size is the state
 * machine's choice and must fit the transport's {@code raftwire.transport.max-frame-bytes}. Registered as
 * {@link EngineType#SNAPSHOT_CHUNK}. Immutable and thread-safe.
 *
 * @param index              the snapshot's log index; {@code >= 0}
 * @param term               the term of that index; {@code >= 0}
 * @param operation          the state machine's chunk object, any registered type
 * @param snapshotChunkIndex this chunk's position, {@code 0 <= snapshotChunkIndex < snapshotChunkCount}
 * @param snapshotChunkCount the number of chunks of the snapshot; {@code >= 1}
 * @param groupMembersView   the members committed at the snapshot's index
 */
public record SnapshotChunkModel(long index, int term, Object operation, int snapshotChunkIndex,
        int snapshotChunkCount, RaftGroupMembersViewModel groupMembersView) implements SnapshotChunk {

    /** Checks. */
    public SnapshotChunkModel {
        ModelChecks.notNegative(index, "index");
        ModelChecks.notNegative(term, "term");
        ModelChecks.notNull(operation, "operation");
        if (snapshotChunkCount < 1 || snapshotChunkIndex < 0 || snapshotChunkIndex >= snapshotChunkCount) {
            throw new IllegalArgumentException("snapshotChunkIndex = " + snapshotChunkIndex + ", snapshotChunkCount = "
                    + snapshotChunkCount + " (expected: 0 <= snapshotChunkIndex < snapshotChunkCount)");
        }
        ModelChecks.notNull(groupMembersView, "groupMembersView");
    }

    static SnapshotChunkModel of(SnapshotChunk chunk) {
        if (chunk instanceof SnapshotChunkModel m) {
            return m;
        }
        return new SnapshotChunkModel(chunk.getIndex(), chunk.getTerm(), chunk.getOperation(),
                chunk.getSnapshotChunkIndex(), chunk.getSnapshotChunkCount(),
                RaftGroupMembersViewModel.of(chunk.getGroupMembersView()));
    }

    @Override
    public long getIndex() {
        return index;
    }

    @Override
    public int getTerm() {
        return term;
    }

    @Override
    public Object getOperation() {
        return operation;
    }

    @Override
    public int getSnapshotChunkIndex() {
        return snapshotChunkIndex;
    }

    @Override
    public int getSnapshotChunkCount() {
        return snapshotChunkCount;
    }

    @Override
    public RaftGroupMembersView getGroupMembersView() {
        return groupMembersView;
    }

    /** MicroRaft's builder; not thread-safe. */
    static final class Builder implements SnapshotChunk.SnapshotChunkBuilder {
        private long index;
        private int term;
        private Object operation;
        private int snapshotChunkIndex;
        private int snapshotChunkCount;
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
        public Builder setOperation(Object operation) {
            this.operation = operation;
            return this;
        }

        @Override
        public Builder setSnapshotChunkIndex(int snapshotChunkIndex) {
            this.snapshotChunkIndex = snapshotChunkIndex;
            return this;
        }

        @Override
        public Builder setSnapshotChunkCount(int snapshotChunkCount) {
            this.snapshotChunkCount = snapshotChunkCount;
            return this;
        }

        @Override
        public Builder setGroupMembersView(RaftGroupMembersView groupMembersView) {
            this.groupMembersView = RaftGroupMembersViewModel.of(groupMembersView);
            return this;
        }

        @Override
        public SnapshotChunk build() {
            return new SnapshotChunkModel(index, term, operation, snapshotChunkIndex, snapshotChunkCount,
                    groupMembersView);
        }
    }
}
