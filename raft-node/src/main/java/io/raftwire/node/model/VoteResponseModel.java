package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.VoteResponse;


/**
 * raftwire's wire form of MicroRaft's {@link VoteResponse}:
 * the answer to a vote request.
 * Registered as {@link EngineType#VOTE_RESPONSE}.
 * Built by the engine through {@link RaftwireModelFactory} or decoded by a serializer; either way the constructor
 * checks every field. Immutable and thread-safe; the engine sends one instance to several members.
 */
public record VoteResponseModel(
        String groupId,
        NodeEndpoint sender,
        int term,
        boolean granted) implements VoteResponse {

    /** Checks and copies. */
    public VoteResponseModel {
        groupId = ModelChecks.groupId(groupId);
        ModelChecks.notNull(sender, "sender");
        ModelChecks.notNegative(term, "term");
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
    public boolean isGranted() {
        return granted;
    }

    /** MicroRaft's builder; one per message, not thread-safe. */
    static final class Builder implements VoteResponse.VoteResponseBuilder {
        private String groupId;
        private NodeEndpoint sender;
        private int term;
        private boolean granted;

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
        public Builder setGranted(boolean granted) {
            this.granted = granted;
            return this;
        }

        @Override
        public VoteResponse build() {
            return new VoteResponseModel(groupId, sender, term, granted);
        }
    }
}
