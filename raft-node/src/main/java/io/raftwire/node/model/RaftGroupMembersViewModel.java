package io.raftwire.node.model;

import io.microraft.RaftEndpoint;
import io.microraft.model.log.RaftGroupMembersView;

import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * raftwire's wire form of MicroRaft's {@link RaftGroupMembersView}: the members committed at a log index. Registered
 * as {@link EngineType#RAFT_GROUP_MEMBERS_VIEW}. Immutable and thread-safe.
 *
 * @param logIndex      the index of the membership change that produced this view; {@code >= 0} (0: the initial
 *                      members)
 * @param members       distinct members, in the engine's order
 * @param votingMembers distinct voting members, each one of {@code members}
 */
public record RaftGroupMembersViewModel(long logIndex, List<NodeEndpoint> members, List<NodeEndpoint> votingMembers)
        implements RaftGroupMembersView {

    /** Checks and copies. */
    public RaftGroupMembersViewModel {
        ModelChecks.notNegative(logIndex, "logIndex");
        members = ModelChecks.endpoints(members, "members");
        votingMembers = ModelChecks.endpoints(votingMembers, "votingMembers");
        ModelChecks.votingSubset(members, votingMembers);
    }

    static RaftGroupMembersViewModel of(RaftGroupMembersView view) {
        if (view instanceof RaftGroupMembersViewModel m) {
            return m;
        }
        ModelChecks.notNull(view, "groupMembersView");
        return new RaftGroupMembersViewModel(view.getLogIndex(), ModelChecks.endpoints(view.getMembers(), "members"),
                ModelChecks.endpoints(view.getVotingMembers(), "votingMembers"));
    }

    @Override
    public long getLogIndex() {
        return logIndex;
    }

    @Override
    public Collection<RaftEndpoint> getMembers() {
        return Collections.unmodifiableList(members);
    }

    @Override
    public Collection<RaftEndpoint> getVotingMembers() {
        return Collections.unmodifiableList(votingMembers);
    }

    /** MicroRaft's builder; not thread-safe. */
    static final class Builder implements RaftGroupMembersView.RaftGroupMembersViewBuilder {
        private long logIndex;
        private List<NodeEndpoint> members;
        private List<NodeEndpoint> votingMembers;

        @Override
        public Builder setLogIndex(long logIndex) {
            this.logIndex = logIndex;
            return this;
        }

        @Override
        public Builder setMembers(Collection<RaftEndpoint> members) {
            this.members = ModelChecks.endpoints(members, "members");
            return this;
        }

        @Override
        public Builder setVotingMembers(Collection<RaftEndpoint> votingMembers) {
            this.votingMembers = ModelChecks.endpoints(votingMembers, "votingMembers");
            return this;
        }

        @Override
        public RaftGroupMembersView build() {
            return new RaftGroupMembersViewModel(logIndex, members, votingMembers);
        }
    }
}
