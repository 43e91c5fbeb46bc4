package io.raftwire.node.model;

import io.microraft.MembershipChangeMode;
import io.microraft.RaftEndpoint;
import io.microraft.model.groupop.UpdateRaftGroupMembersOp;

import java.util.Collection;
import java.util.Collections;
import java.util.List;

/**
 * raftwire's wire form of MicroRaft's {@link UpdateRaftGroupMembersOp}: a membership change, replicated as a log
 * entry's operation and applied by the engine itself. Registered as {@link EngineType#UPDATE_RAFT_GROUP_MEMBERS_OP}.
 * {@link MembershipChangeMode} travels by ordinal, so its constant order is part of the wire format (pinned by the
 * registry fingerprint and the golden files). Immutable and thread-safe.
 *
 * @param members       the members after the change, distinct
 * @param votingMembers the voting members after the change, each one of {@code members}
 * @param endpoint      the member added, promoted or removed
 * @param mode          what happens to {@code endpoint}
 */
public record UpdateRaftGroupMembersOpModel(List<NodeEndpoint> members, List<NodeEndpoint> votingMembers,
        NodeEndpoint endpoint, MembershipChangeMode mode) implements UpdateRaftGroupMembersOp {

    /** Checks and copies. */
    public UpdateRaftGroupMembersOpModel {
        members = ModelChecks.endpoints(members, "members");
        votingMembers = ModelChecks.endpoints(votingMembers, "votingMembers");
        ModelChecks.votingSubset(members, votingMembers);
        ModelChecks.notNull(endpoint, "endpoint");
        ModelChecks.notNull(mode, "mode");
    }

    @Override
    public Collection<RaftEndpoint> getMembers() {
        return Collections.unmodifiableList(members);
    }

    @Override
    public Collection<RaftEndpoint> getVotingMembers() {
        return Collections.unmodifiableList(votingMembers);
    }

    @Override
    public RaftEndpoint getEndpoint() {
        return endpoint;
    }

    @Override
    public MembershipChangeMode getMode() {
        return mode;
    }

    /** MicroRaft's builder; not thread-safe. */
    static final class Builder implements UpdateRaftGroupMembersOp.UpdateRaftGroupMembersOpBuilder {
        private List<NodeEndpoint> members;
        private List<NodeEndpoint> votingMembers;
        private NodeEndpoint endpoint;
        private MembershipChangeMode mode;

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
        public Builder setEndpoint(RaftEndpoint endpoint) {
            this.endpoint = NodeEndpoint.of(endpoint);
            return this;
        }

        @Override
        public Builder setMode(MembershipChangeMode mode) {
            this.mode = mode;
            return this;
        }

        @Override
        public UpdateRaftGroupMembersOp build() {
            return new UpdateRaftGroupMembersOpModel(members, votingMembers, endpoint, mode);
        }
    }
}
