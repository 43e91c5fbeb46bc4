package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.AppendEntriesSuccessResponse;


/**
 * raftwire's wire form of MicroRaft's {@link AppendEntriesSuccessResponse}:
 * a follower accepted entries up to lastLogIndex.
 * Registered as {@link EngineType#APPEND_ENTRIES_SUCCESS_RESPONSE}.
 * Built by the engine through {@link RaftwireModelFactory} or decoded by a serializer; either way the constructor
 * checks every field. Immutable and thread-safe; the engine sends one instance to several members.
 */
public record AppendEntriesSuccessResponseModel(
        String groupId,
        NodeEndpoint sender,
        int term,
        long lastLogIndex,
        long querySequenceNumber,
        long flowControlSequenceNumber) implements AppendEntriesSuccessResponse {

    /** Checks and copies. */
    public AppendEntriesSuccessResponseModel {
        groupId = ModelChecks.groupId(groupId);
        ModelChecks.notNull(sender, "sender");
        ModelChecks.notNegative(term, "term");
        ModelChecks.notNegative(lastLogIndex, "lastLogIndex");
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
    public long getLastLogIndex() {
        return lastLogIndex;
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
    static final class Builder implements AppendEntriesSuccessResponse.AppendEntriesSuccessResponseBuilder {
        private String groupId;
        private NodeEndpoint sender;
        private int term;
        private long lastLogIndex;
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
        public Builder setLastLogIndex(long lastLogIndex) {
            this.lastLogIndex = lastLogIndex;
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
        public AppendEntriesSuccessResponse build() {
            return new AppendEntriesSuccessResponseModel(groupId, sender, term, lastLogIndex, querySequenceNumber,
                    flowControlSequenceNumber);
        }
    }
}
