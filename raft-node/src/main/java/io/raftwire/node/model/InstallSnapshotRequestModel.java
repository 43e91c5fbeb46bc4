package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.log.RaftGroupMembersView;
import io.microraft.model.log.SnapshotChunk;
import io.microraft.model.message.InstallSnapshotRequest;
import io.raftwire.message.Nullable;

import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * raftwire's wire form of MicroRaft's {@link InstallSnapshotRequest}:
 * one chunk of a snapshot (none in the request that starts a transfer).
 * Registered as {@link EngineType#INSTALL_SNAPSHOT_REQUEST}.
 * Built by the engine through {@link RaftwireModelFactory} or decoded by a serializer; either way the constructor
 * checks every field. Immutable and thread-safe; the engine sends one instance to several members.
 */
public record InstallSnapshotRequestModel(
        String groupId,
        NodeEndpoint sender,
        int term,
        boolean senderLeader,
        int snapshotTerm,
        long snapshotIndex,
        int totalSnapshotChunkCount,
        @Nullable SnapshotChunkModel snapshotChunk,
        List<NodeEndpoint> snapshottedMembers,
        RaftGroupMembersViewModel groupMembersView,
        long querySequenceNumber,
        long flowControlSequenceNumber) implements InstallSnapshotRequest {

    /** Checks and copies. */
    public InstallSnapshotRequestModel {
        groupId = ModelChecks.groupId(groupId);
        ModelChecks.notNull(sender, "sender");
        ModelChecks.notNegative(term, "term");
        ModelChecks.notNegative(snapshotTerm, "snapshotTerm");
        ModelChecks.notNegative(snapshotIndex, "snapshotIndex");
        ModelChecks.notNegative(totalSnapshotChunkCount, "totalSnapshotChunkCount");
        snapshottedMembers = ModelChecks.endpoints(snapshottedMembers, "snapshottedMembers");
        ModelChecks.notNull(groupMembersView, "groupMembersView");
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
    public boolean isSenderLeader() {
        return senderLeader;
    }

    @Override
    public int getSnapshotTerm() {
        return snapshotTerm;
    }

    @Override
    public long getSnapshotIndex() {
        return snapshotIndex;
    }

    @Override
    public int getTotalSnapshotChunkCount() {
        return totalSnapshotChunkCount;
    }

    @Override
    public SnapshotChunk getSnapshotChunk() {
        return snapshotChunk;
    }

    @Override
    public Collection<RaftEndpoint> getSnapshottedMembers() {
        return Collections.unmodifiableList(snapshottedMembers);
    }

    @Override
    public RaftGroupMembersView getGroupMembersView() {
        return groupMembersView;
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
    static final class Builder implements InstallSnapshotRequest.InstallSnapshotRequestBuilder {
        private String groupId;
        private NodeEndpoint sender;
        private int term;
        private boolean senderLeader;
        private int snapshotTerm;
        private long snapshotIndex;
        private int totalSnapshotChunkCount;
        private SnapshotChunkModel snapshotChunk;
        private List<NodeEndpoint> snapshottedMembers;
        private RaftGroupMembersViewModel groupMembersView;
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
        public Builder setSenderLeader(boolean senderLeader) {
            this.senderLeader = senderLeader;
            return this;
        }

        @Override
        public Builder setSnapshotTerm(int snapshotTerm) {
            this.snapshotTerm = snapshotTerm;
            return this;
        }

        @Override
        public Builder setSnapshotIndex(long snapshotIndex) {
            this.snapshotIndex = snapshotIndex;
            return this;
        }

        @Override
        public Builder setTotalSnapshotChunkCount(int totalSnapshotChunkCount) {
            this.totalSnapshotChunkCount = totalSnapshotChunkCount;
            return this;
        }

        @Override
        public Builder setSnapshotChunk(SnapshotChunk snapshotChunk) {
            this.snapshotChunk = snapshotChunk == null ? null : SnapshotChunkModel.of(snapshotChunk);
            return this;
        }

        @Override
        public Builder setSnapshottedMembers(Collection<RaftEndpoint> snapshottedMembers) {
            this.snapshottedMembers = ModelChecks.endpoints(snapshottedMembers, "snapshottedMembers");
            return this;
        }

        @Override
        public Builder setGroupMembersView(RaftGroupMembersView groupMembersView) {
            this.groupMembersView = RaftGroupMembersViewModel.of(groupMembersView);
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
        public InstallSnapshotRequest build() {
            return new InstallSnapshotRequestModel(groupId, sender, term, senderLeader, snapshotTerm, snapshotIndex,
                    totalSnapshotChunkCount, snapshotChunk, snapshottedMembers, groupMembersView,
                    querySequenceNumber, flowControlSequenceNumber);
        }
    }
}
