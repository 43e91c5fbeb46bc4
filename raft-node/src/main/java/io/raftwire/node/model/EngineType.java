package io.raftwire.node.model;

import io.raftwire.serializer.TypeRegistry;

/**
 * The stable wire id of every engine model class, in the range {@code MessageType} reserves for the Raft engine
 * ({@value io.raftwire.message.MessageType#FIRST_ENGINE_ID}..{@value io.raftwire.message.MessageType#MAX_ENGINE_ID}).
 *
 * <p><b>This table is a wire and disk contract</b>, like {@code MessageType}: append-only, every id a literal, never
 * reused. The durable store writes these ids in its records, so changing one makes existing data directories
 * unreadable (start-up then stops and names the file and offset).
 */
public enum EngineType {
    /** {@link NodeEndpoint}. */
    NODE_ENDPOINT(100, NodeEndpoint.class),
    /** {@link LogEntryModel}. */
    LOG_ENTRY(101, LogEntryModel.class),
    /** {@link SnapshotChunkModel}. */
    SNAPSHOT_CHUNK(102, SnapshotChunkModel.class),
    /** {@link SnapshotEntryModel}. */
    SNAPSHOT_ENTRY(103, SnapshotEntryModel.class),
    /** {@link RaftGroupMembersViewModel}. */
    RAFT_GROUP_MEMBERS_VIEW(104, RaftGroupMembersViewModel.class),
    /** {@link UpdateRaftGroupMembersOpModel}. */
    UPDATE_RAFT_GROUP_MEMBERS_OP(105, UpdateRaftGroupMembersOpModel.class),
    /** {@link RaftEndpointPersistentStateModel}. */
    RAFT_ENDPOINT_PERSISTENT_STATE(106, RaftEndpointPersistentStateModel.class),
    /** {@link RaftTermPersistentStateModel}. */
    RAFT_TERM_PERSISTENT_STATE(107, RaftTermPersistentStateModel.class),
    /** {@link AppendEntriesRequestModel}. */
    APPEND_ENTRIES_REQUEST(110, AppendEntriesRequestModel.class),
    /** {@link AppendEntriesSuccessResponseModel}. */
    APPEND_ENTRIES_SUCCESS_RESPONSE(111, AppendEntriesSuccessResponseModel.class),
    /** {@link AppendEntriesFailureResponseModel}. */
    APPEND_ENTRIES_FAILURE_RESPONSE(112, AppendEntriesFailureResponseModel.class),
    /** {@link InstallSnapshotRequestModel}. */
    INSTALL_SNAPSHOT_REQUEST(113, InstallSnapshotRequestModel.class),
    /** {@link InstallSnapshotResponseModel}. */
    INSTALL_SNAPSHOT_RESPONSE(114, InstallSnapshotResponseModel.class),
    /** {@link PreVoteRequestModel}. */
    PRE_VOTE_REQUEST(115, PreVoteRequestModel.class),
    /** {@link PreVoteResponseModel}. */
    PRE_VOTE_RESPONSE(116, PreVoteResponseModel.class),
    /** {@link VoteRequestModel}. */
    VOTE_REQUEST(117, VoteRequestModel.class),
    /** {@link VoteResponseModel}. */
    VOTE_RESPONSE(118, VoteResponseModel.class),
    /** {@link TriggerLeaderElectionRequestModel}. */
    TRIGGER_LEADER_ELECTION_REQUEST(119, TriggerLeaderElectionRequestModel.class);

    private final int id;
    private final Class<?> javaType;

    EngineType(int id, Class<?> javaType) {
        this.id = id;
        this.javaType = javaType;
    }

    /** The wire id. */
    public int id() {
        return id;
    }

    /** The model class. */
    public Class<?> javaType() {
        return javaType;
    }

    /**
     * Registers every engine type.
     *
     * @param builder a registry builder, usually {@code TypeRegistry.builder()}
     * @return {@code builder}
     */
    public static TypeRegistry.Builder registerAll(TypeRegistry.Builder builder) {
        for (EngineType t : values()) {
            builder.registerEngineType(t.id, t.javaType);
        }
        return builder;
    }
}
