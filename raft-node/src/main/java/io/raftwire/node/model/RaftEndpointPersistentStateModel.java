package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.persistence.RaftEndpointPersistentState;

/**
 * raftwire's disk form of MicroRaft's {@link RaftEndpointPersistentState}: who this node is and whether it votes.
 * Registered as {@link EngineType#RAFT_ENDPOINT_PERSISTENT_STATE}. Immutable and thread-safe.
 *
 * @param localEndpoint this node
 * @param voting        whether it is a voting member
 */
public record RaftEndpointPersistentStateModel(NodeEndpoint localEndpoint, boolean voting)
        implements RaftEndpointPersistentState {

    /** Checks. */
    public RaftEndpointPersistentStateModel {
        ModelChecks.notNull(localEndpoint, "localEndpoint");
    }

    @Override
    public RaftEndpoint getLocalEndpoint() {
        return localEndpoint;
    }

    @Override
    public boolean isVoting() {
        return voting;
    }

    /** MicroRaft's builder; not thread-safe. */
    static final class Builder implements RaftEndpointPersistentState.RaftEndpointPersistentStateBuilder {
        private NodeEndpoint localEndpoint;
        private boolean voting;

        @Override
        public Builder setLocalEndpoint(RaftEndpoint localEndpoint) {
            this.localEndpoint = NodeEndpoint.of(localEndpoint);
            return this;
        }

        @Override
        public Builder setVoting(boolean voting) {
            this.voting = voting;
            return this;
        }

        @Override
        public RaftEndpointPersistentState build() {
            return new RaftEndpointPersistentStateModel(localEndpoint, voting);
        }
    }
}
