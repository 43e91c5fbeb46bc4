package io.raftwire.node.model;

import io.microraft.MembershipChangeMode;
import io.raftwire.serializer.TypeRegistry;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One or more instances of every engine type, shaped like what MicroRaft sends: heartbeats with no entries, appends
 * carrying user operations and membership changes, the first snapshot request (no chunk), nullable votes.
 */
public final class EngineFixtures {

    /** An operation as a state machine would define it: a registered user record. */
    public record Put(String key, long value) {
    }

    /** Its wire id. */
    public static final int PUT_ID = 1990;

    private EngineFixtures() {
    }

    /** The engine types plus {@link Put}. */
    public static TypeRegistry registry() {
        return EngineType.registerAll(TypeRegistry.builder()).register(PUT_ID, Put.class).build();
    }

    /** Named fixtures, in a stable order. */
    public static Map<String, Object> named() {
        NodeEndpoint n1 = new NodeEndpoint("node-1");
        NodeEndpoint n2 = new NodeEndpoint("node-2");
        NodeEndpoint n3 = new NodeEndpoint("node-3");
        List<NodeEndpoint> three = List.of(n1, n2, n3);
        RaftGroupMembersViewModel view = new RaftGroupMembersViewModel(7, three, List.of(n1, n2));
        LogEntryModel put = new LogEntryModel(41, 3, new Put("k17", 99));
        UpdateRaftGroupMembersOpModel addN3 = new UpdateRaftGroupMembersOpModel(three, three, n3,
                MembershipChangeMode.ADD_OR_PROMOTE_TO_FOLLOWER);
        LogEntryModel membership = new LogEntryModel(42, 3, addN3);
        SnapshotChunkModel chunk = new SnapshotChunkModel(40, 3, new Put("chunk", 1), 1, 4, view);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("endpoint", n1);
        m.put("logEntry", put);
        m.put("logEntryMembership", membership);
        m.put("snapshotChunk", chunk);
        m.put("snapshotEntry", new SnapshotEntryModel(40, 3, List.of(
                new SnapshotChunkModel(40, 3, new Put("a", 1), 0, 2, view),
                new SnapshotChunkModel(40, 3, new Put("b", 2), 1, 2, view)), view));
        m.put("membersView", view);
        m.put("membersViewInitial", new RaftGroupMembersViewModel(0, three, three));
        m.put("membersOp", addN3);
        m.put("endpointState", new RaftEndpointPersistentStateModel(n2, true));
        m.put("termState", new RaftTermPersistentStateModel(3, n1));
        m.put("termStateNoVote", new RaftTermPersistentStateModel(4, null));
        m.put("appendEntries", new AppendEntriesRequestModel("g", n1, 3, 3, 40, 39, List.of(put, membership), 5, 6));
        m.put("appendEntriesHeartbeat", new AppendEntriesRequestModel("g", n1, 3, 3, 42, 42, List.of(), 0, 0));
        m.put("appendSuccess", new AppendEntriesSuccessResponseModel("g", n2, 3, 42, 5, 6));
        m.put("appendFailure", new AppendEntriesFailureResponseModel("g", n2, 3, 17, 0, 6));
        m.put("installSnapshot", new InstallSnapshotRequestModel("g", n1, 3, true, 3, 40, 4, chunk, List.of(n2),
                view, 2, 9));
        m.put("installSnapshotStart", new InstallSnapshotRequestModel("g", n1, 3, true, 3, 40, 4, null, List.of(),
                view, 0, 0));
        m.put("installSnapshotResponse", new InstallSnapshotResponseModel("g", n3, 3, 40, 2, 0, 9));
        m.put("preVote", new PreVoteRequestModel("g", n2, 4, 3, 42));
        m.put("preVoteResponse", new PreVoteResponseModel("g", n1, 3, true));
        m.put("vote", new VoteRequestModel("g", n2, 4, 3, 42, false));
        m.put("voteSticky", new VoteRequestModel("g", n2, 5, 3, 42, true));
        m.put("voteResponse", new VoteResponseModel("g", n1, 4, false));
        m.put("triggerElection", new TriggerLeaderElectionRequestModel("g", n1, 3, 3, 42));
        return m;
    }
}
