package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.log.LogEntry;
import io.microraft.model.message.AppendEntriesRequest;

import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * raftwire's wire form of MicroRaft's {@link AppendEntriesRequest}:
 * the leader replicates log entries (or, with none, a heartbeat / commit-index update).
 * Registered as {@link EngineType#APPEND_ENTRIES_REQUEST}.
 * Built by the engine through {@link RaftwireModelFactory} or decoded by a serializer; either way the constructor
 * checks every field. Immutable and thread-safe; the engine sends one instance to several members.
 */
public record AppendEntriesRequestModel(
        String groupId,
        NodeEndpoint sender,
        int term,
        int previousLogTerm,
        long previousLogIndex,
        long commitIndex,
        List<LogEntryModel> logEntries,
        long querySequenceNumber,
        long flowControlSequenceNumber) implements AppendEntriesRequest {

    /** Checks and copies. */
    public AppendEntriesRequestModel {
        groupId = ModelChecks.groupId(groupId);
        ModelChecks.notNull(sender, "sender");
        ModelChecks.notNegative(term, "term");
        ModelChecks.notNegative(previousLogTerm, "previousLogTerm");
        ModelChecks.notNegative(previousLogIndex, "previousLogIndex");
        ModelChecks.notNegative(commitIndex, "commitIndex");
        logEntries = List.copyOf(ModelChecks.notNull(logEntries, "logEntries"));
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
    public int getPreviousLogTerm() {
        return previousLogTerm;
    }

    @Override
    public long getPreviousLogIndex() {
        return previousLogIndex;
    }

    @Override
    public long getCommitIndex() {
        return commitIndex;
    }

    @Override
    public List<LogEntry> getLogEntries() {
        return Collections.unmodifiableList(logEntries);
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
    static final class Builder implements AppendEntriesRequest.AppendEntriesRequestBuilder {
        private String groupId;
        private NodeEndpoint sender;
        private int term;
        private int previousLogTerm;
        private long previousLogIndex;
        private long commitIndex;
        private List<LogEntryModel> logEntries;
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
        public Builder setPreviousLogTerm(int previousLogTerm) {
            this.previousLogTerm = previousLogTerm;
            return this;
        }

        @Override
        public Builder setPreviousLogIndex(long previousLogIndex) {
            this.previousLogIndex = previousLogIndex;
            return this;
        }

        @Override
        public Builder setCommitIndex(long commitIndex) {
            this.commitIndex = commitIndex;
            return this;
        }

        @Override
        public Builder setLogEntries(List<LogEntry> logEntries) {
            this.logEntries = LogEntryModel.copyOf(logEntries);
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
        public AppendEntriesRequest build() {
            return new AppendEntriesRequestModel(groupId, sender, term, previousLogTerm, previousLogIndex, commitIndex,
                    logEntries, querySequenceNumber, flowControlSequenceNumber);
        }
    }
}
