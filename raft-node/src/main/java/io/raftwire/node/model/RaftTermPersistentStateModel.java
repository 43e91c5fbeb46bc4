package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.persistence.RaftTermPersistentState;
import io.raftwire.message.Nullable;

/**
 * raftwire's disk form of MicroRaft's {@link RaftTermPersistentState}: the current term and this node's vote in it.
 * Registered as {@link EngineType#RAFT_TERM_PERSISTENT_STATE}. Immutable and thread-safe.
 *
 * @param term     the current term; {@code >= 0}
 * @param votedFor whom this node voted for in {@code term}; {@code null} if nobody yet
 */
public record RaftTermPersistentStateModel(int term, @Nullable NodeEndpoint votedFor)
        implements RaftTermPersistentState {

    /** Checks. */
    public RaftTermPersistentStateModel {
        ModelChecks.notNegative(term, "term");
    }

    @Override
    public int getTerm() {
        return term;
    }

    @Override
    public RaftEndpoint getVotedFor() {
        return votedFor;
    }

    /** MicroRaft's builder; not thread-safe. */
    static final class Builder implements RaftTermPersistentState.RaftTermPersistentStateBuilder {
        private int term;
        private NodeEndpoint votedFor;

        @Override
        public Builder setTerm(int term) {
            this.term = term;
            return this;
        }

        @Override
        public Builder setVotedFor(RaftEndpoint votedFor) {
            this.votedFor = NodeEndpoint.ofNullable(votedFor);
            return this;
        }

        @Override
        public RaftTermPersistentState build() {
            return new RaftTermPersistentStateModel(term, votedFor);
        }
    }
}
