package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.PreVoteRequest;


/**
 * raftwire's wire form of MicroRaft's {@link PreVoteRequest}:
 * asks whether a candidacy for the next term could win.
 * Registered as {@link EngineType#PRE_VOTE_REQUEST}.
 * Built by the engine through {@link RaftwireModelFactory} or decoded by a serializer; either way the constructor
 * checks every field. Immutable and thread-safe; the engine sends one instance to several members.
 */
public record PreVoteRequestModel(
        String groupId,
        NodeEndpoint sender,
        int term,
        int lastLogTerm,
        long lastLogIndex) implements PreVoteRequest {

    /** Checks and copies. */
    public PreVoteRequestModel {
        groupId = ModelChecks.groupId(groupId);
        ModelChecks.notNull(sender, "sender");
        ModelChecks.notNegative(term, "term");
        ModelChecks.notNegative(lastLogTerm, "lastLogTerm");
        ModelChecks.notNegative(lastLogIndex, "lastLogIndex");
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
    public int getLastLogTerm() {
        return lastLogTerm;
    }

    @Override
    public long getLastLogIndex() {
        return lastLogIndex;
    }

    /** MicroRaft's builder; one per message, not thread-safe. */
    static final class Builder implements PreVoteRequest.PreVoteRequestBuilder {
        private String groupId;
        private NodeEndpoint sender;
        private int term;
        private int lastLogTerm;
        private long lastLogIndex;

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
        public Builder setLastLogTerm(int lastLogTerm) {
            this.lastLogTerm = lastLogTerm;
            return this;
        }

        @Override
        public Builder setLastLogIndex(long lastLogIndex) {
            this.lastLogIndex = lastLogIndex;
            return this;
        }

        @Override
        public PreVoteRequest build() {
            return new PreVoteRequestModel(groupId, sender, term, lastLogTerm, lastLogIndex);
        }
    }
}
