package io.raftwire.node.model;

import io.microraft.model.RaftModelFactory;
import io.microraft.model.groupop.UpdateRaftGroupMembersOp.UpdateRaftGroupMembersOpBuilder;
import io.microraft.model.log.LogEntry.LogEntryBuilder;
import io.microraft.model.log.RaftGroupMembersView.RaftGroupMembersViewBuilder;
import io.microraft.model.log.SnapshotChunk.SnapshotChunkBuilder;
import io.microraft.model.log.SnapshotEntry.SnapshotEntryBuilder;
import io.microraft.model.message.AppendEntriesFailureResponse.AppendEntriesFailureResponseBuilder;
import io.microraft.model.message.AppendEntriesRequest.AppendEntriesRequestBuilder;
import io.microraft.model.message.AppendEntriesSuccessResponse.AppendEntriesSuccessResponseBuilder;
import io.microraft.model.message.InstallSnapshotRequest.InstallSnapshotRequestBuilder;
import io.microraft.model.message.InstallSnapshotResponse.InstallSnapshotResponseBuilder;
import io.microraft.model.message.PreVoteRequest.PreVoteRequestBuilder;
import io.microraft.model.message.PreVoteResponse.PreVoteResponseBuilder;
import io.microraft.model.message.TriggerLeaderElectionRequest.TriggerLeaderElectionRequestBuilder;
import io.microraft.model.message.VoteRequest.VoteRequestBuilder;
import io.microraft.model.message.VoteResponse.VoteResponseBuilder;
import io.microraft.model.persistence.RaftEndpointPersistentState.RaftEndpointPersistentStateBuilder;
import io.microraft.model.persistence.RaftTermPersistentState.RaftTermPersistentStateBuilder;

/**
 * MicroRaft's model factory, building raftwire's immutable, registered model classes instead of MicroRaft's defaults
 * (mutable, {@code Serializable}, no {@code equals}). Everything the engine sends or persists therefore has a stable
 * wire id ({@link EngineType}) and travels through the node's configured serializer; no class name is ever written.
 * Stateless and thread-safe; each builder is single-use.
 */
public final class RaftwireModelFactory implements RaftModelFactory {

    /** The one instance. */
    public static final RaftwireModelFactory INSTANCE = new RaftwireModelFactory();

    private RaftwireModelFactory() {
    }

    @Override
    public LogEntryBuilder createLogEntryBuilder() {
        return new LogEntryModel.Builder();
    }

    @Override
    public SnapshotEntryBuilder createSnapshotEntryBuilder() {
        return new SnapshotEntryModel.Builder();
    }

    @Override
    public SnapshotChunkBuilder createSnapshotChunkBuilder() {
        return new SnapshotChunkModel.Builder();
    }

    @Override
    public AppendEntriesRequestBuilder createAppendEntriesRequestBuilder() {
        return new AppendEntriesRequestModel.Builder();
    }

    @Override
    public AppendEntriesSuccessResponseBuilder createAppendEntriesSuccessResponseBuilder() {
        return new AppendEntriesSuccessResponseModel.Builder();
    }

    @Override
    public AppendEntriesFailureResponseBuilder createAppendEntriesFailureResponseBuilder() {
        return new AppendEntriesFailureResponseModel.Builder();
    }

    @Override
    public InstallSnapshotRequestBuilder createInstallSnapshotRequestBuilder() {
        return new InstallSnapshotRequestModel.Builder();
    }

    @Override
    public InstallSnapshotResponseBuilder createInstallSnapshotResponseBuilder() {
        return new InstallSnapshotResponseModel.Builder();
    }

    @Override
    public PreVoteRequestBuilder createPreVoteRequestBuilder() {
        return new PreVoteRequestModel.Builder();
    }

    @Override
    public PreVoteResponseBuilder createPreVoteResponseBuilder() {
        return new PreVoteResponseModel.Builder();
    }

    @Override
    public TriggerLeaderElectionRequestBuilder createTriggerLeaderElectionRequestBuilder() {
        return new TriggerLeaderElectionRequestModel.Builder();
    }

    @Override
    public VoteRequestBuilder createVoteRequestBuilder() {
        return new VoteRequestModel.Builder();
    }

    @Override
    public VoteResponseBuilder createVoteResponseBuilder() {
        return new VoteResponseModel.Builder();
    }

    @Override
    public UpdateRaftGroupMembersOpBuilder createUpdateRaftGroupMembersOpBuilder() {
        return new UpdateRaftGroupMembersOpModel.Builder();
    }

    @Override
    public RaftGroupMembersViewBuilder createRaftGroupMembersViewBuilder() {
        return new RaftGroupMembersViewModel.Builder();
    }

    @Override
    public RaftEndpointPersistentStateBuilder createRaftEndpointPersistentStateBuilder() {
        return new RaftEndpointPersistentStateModel.Builder();
    }

    @Override
    public RaftTermPersistentStateBuilder createRaftTermPersistentStateBuilder() {
        return new RaftTermPersistentStateModel.Builder();
    }
}
