package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.log.SnapshotChunk;
import io.microraft.model.message.InstallSnapshotResponse;


/**
 * raftwire's wire form of MicroRaft's {@link InstallSnapshotResponse}:
 * asks for one snapshot chunk.
 * Registered as {@link EngineType#INSTALL_SNAPSHOT_RESPONSE}.
 * Built by the engine through {@link RaftwireModelFactory} or decoded by a serializer; either way the constructor
 * checks every field. Immutable and thread-safe; the engine sends one instance to several members.
 */
public record InstallSnapshotResponseModel(
        String groupId,
        NodeEndpoint sender,
        int term,
        long snapshotIndex,
        int requestedSnapshotChunkIndex,
        long querySequenceNumber,
        long flowControlSequenceNumber) implements InstallSnapshotResponse {

    /** Checks and copies. */
    public InstallSnapshotResponseModel {
        groupId = ModelChecks.groupId(groupId);
        ModelChecks.notNull(sender, "sender");
        ModelChecks.notNegative(term, "term");
        ModelChecks.notNegative(snapshotIndex, "snapshotIndex");
        ModelChecks.notNegative(requestedSnapshotChunkIndex, "requestedSnapshotChunkIndex");
        ModelChecks.notNegative(querySequenceNumber, "querySequenceNumber");
        ModelChecks.notNegative(flowControlSequenceNumber, "flowControlSequenceNumber");
    }

    @Override
    public Object getGroupId() {
        return groupId;
    }

    @Override
    public RaftEndpoint getSender() {
        return sender;
    }

    @Override
    public int getTerm() {
        return term;
    }

    @Override
    public long getSnapshotIndex() {
        return snapshotIndex;
    }

    @Override
    public int getRequestedSnapshotChunkIndex() {
        return requestedSnapshotChunkIndex;
    }

    @Override
    public long getQuerySequenceNumber() {
        return querySequenceNumber;
    }

    @Override
    public long getFlowControlSequenceNumber() {
        return flowControlSequenceNumber;
    }

    /** MicroRaft's builder; one per message, not thread-safe. */
    static final class Builder implements InstallSnapshotResponse.InstallSnapshotResponseBuilder {
        private String groupId;
        private NodeEndpoint sender;
        private int term;
        private long snapshotIndex;
        private int requestedSnapshotChunkIndex;
        private long querySequenceNumber;
        private long flowControlSequenceNumber;

        @Override
        public Builder setGroupId(Object groupId) {
            this.groupId = ModelChecks.groupId(groupId);
            return this;
        }

        @Override
        public Builder setSender(RaftEndpoint sender) {
            this.sender = NodeEndpoint.of(sender);
            return this;
        }

        @Override
        public Builder setTerm(int term) {
            this.term = term;
            return this;
        }

        @Override
        public Builder setSnapshotIndex(long snapshotIndex) {
            this.snapshotIndex = snapshotIndex;
            return this;
        }

        @Override
        public Builder setRequestedSnapshotChunkIndex(int requestedSnapshotChunkIndex) {
            this.requestedSnapshotChunkIndex = requestedSnapshotChunkIndex;
            return this;
        }

        @Override
        public Builder setQuerySequenceNumber(long querySequenceNumber) {
            this.querySequenceNumber = querySequenceNumber;
            return this;
        }

        @Override
        public Builder setFlowControlSequenceNumber(long flowControlSequenceNumber) {
            this.flowControlSequenceNumber = flowControlSequenceNumber;
            return this;
        }

        @Override
        public InstallSnapshotResponse build() {
            return new InstallSnapshotResponseModel(groupId, sender, term, snapshotIndex, requestedSnapshotChunkIndex,
                    querySequenceNumber, flowControlSequenceNumber);
        }
    }
}
