package io.raftwire.node.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.MembershipChangeMode;
import io.microraft.RaftEndpoint;
import io.microraft.model.impl.DefaultRaftModelFactory;
import io.microraft.model.log.LogEntry;
import io.microraft.model.message.AppendEntriesRequest;
import io.raftwire.message.MessageType;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class RaftwireModelFactoryTest {

    private final RaftwireModelFactory factory = RaftwireModelFactory.INSTANCE;
    private final NodeEndpoint n1 = new NodeEndpoint("node-1");
    private final NodeEndpoint n2 = new NodeEndpoint("node-2");

    @Test
    void everyBuilderBuildsTheRegisteredRecord() {
        Object[] built = {
            factory.createLogEntryBuilder().setIndex(1).setTerm(1).setOperation(n1).build(),
            factory.createAppendEntriesRequestBuilder().setGroupId("g").setSender(n1).setTerm(1)
                    .setLogEntries(List.of()).build(),
            factory.createAppendEntriesSuccessResponseBuilder().setGroupId("g").setSender(n1).build(),
            factory.createAppendEntriesFailureResponseBuilder().setGroupId("g").setSender(n1).build(),
            factory.createInstallSnapshotResponseBuilder().setGroupId("g").setSender(n1).build(),
            factory.createPreVoteRequestBuilder().setGroupId("g").setSender(n1).build(),
            factory.createPreVoteResponseBuilder().setGroupId("g").setSender(n1).build(),
            factory.createVoteRequestBuilder().setGroupId("g").setSender(n1).build(),
            factory.createVoteResponseBuilder().setGroupId("g").setSender(n1).build(),
            factory.createTriggerLeaderElectionRequestBuilder().setGroupId("g").setSender(n1).build(),
            factory.createRaftGroupMembersViewBuilder().setMembers(List.of(n1)).setVotingMembers(List.of(n1)).build(),
            factory.createUpdateRaftGroupMembersOpBuilder().setMembers(List.of(n1)).setVotingMembers(List.of())
                    .setEndpoint(n1).setMode(MembershipChangeMode.ADD_LEARNER).build(),
            factory.createRaftEndpointPersistentStateBuilder().setLocalEndpoint(n1).setVoting(true).build(),
            factory.createRaftTermPersistentStateBuilder().setTerm(2).setVotedFor(null).build(),
        };
        Set<Class<?>> engineClasses = new HashSet<>();
        for (EngineType t : EngineType.values()) {
            engineClasses.add(t.javaType());
        }
        for (Object o : built) {
            assertTrue(engineClasses.contains(o.getClass()), o.getClass() + " is not a registered engine type");
        }
    }

    @Test
    void engineIdsAreDistinctAndInTheReservedRange() {
        Set<Integer> ids = new HashSet<>();
        for (EngineType t : EngineType.values()) {
            assertTrue(t.id() >= MessageType.FIRST_ENGINE_ID && t.id() <= MessageType.MAX_ENGINE_ID, t.name());
            assertTrue(ids.add(t.id()), "duplicate id " + t.id());
        }
        assertEquals(18, ids.size(), "17 builders' types plus the endpoint");
    }

    @Test
    void convertsTheEnginesOwnDefaultModelObjectsIntoRecords() {
        LogEntry foreign = new DefaultRaftModelFactory().createLogEntryBuilder().setIndex(5).setTerm(2)
                .setOperation(n2).build();
        AppendEntriesRequest append = factory.createAppendEntriesRequestBuilder().setGroupId("g").setSender(n1)
                .setTerm(2).setLogEntries(new ArrayList<>(List.of(foreign))).build();
        LogEntry converted = append.getLogEntries().get(0);
        assertInstanceOf(LogEntryModel.class, converted);
        assertEquals(new LogEntryModel(5, 2, n2), converted);
    }

    @Test
    void refusesEndpointsAndGroupIdsItCannotPutOnTheWire() {
        RaftEndpoint foreign = () -> "node-9";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> factory.createVoteRequestBuilder().setSender(foreign));
        assertTrue(e.getMessage().contains("expected: a io.raftwire.node.model.NodeEndpoint"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> factory.createVoteRequestBuilder().setGroupId(42));
        assertEquals("group id 42 of type java.lang.Integer (expected: a String)", e.getMessage());
    }

    @Test
    void constructorsStateEveryInvariantTheyRefuse() {
        assertMessage("term = -1 (expected: >= 0)", () -> new VoteResponseModel("g", n1, -1, true));
        assertMessage("members lists node-1 twice (expected: distinct members)",
                () -> new RaftGroupMembersViewModel(0, List.of(n1, n1), List.of()));
        assertMessage("voting member node-2 is not among members [node-1] (expected: votingMembers a subset of"
                + " members)", () -> new RaftGroupMembersViewModel(0, List.of(n1), List.of(n2)));
        RaftGroupMembersViewModel view = new RaftGroupMembersViewModel(0, List.of(n1), List.of(n1));
        assertMessage("snapshotChunkIndex = 2, snapshotChunkCount = 2 (expected: 0 <= snapshotChunkIndex <"
                + " snapshotChunkCount)", () -> new SnapshotChunkModel(1, 1, n1, 2, 2, view));
        assertMessage("snapshot chunk 0 is chunk 1/2 of index 1 (expected: chunk 0/1 of index 1)",
                () -> new SnapshotEntryModel(1, 1, List.of(new SnapshotChunkModel(1, 1, n1, 1, 2, view)), view));
        assertMessage("id contains control character U+000A at 1 (expected: printable)",
                () -> new NodeEndpoint("a\nb"));
        assertThrows(NullPointerException.class, () -> new LogEntryModel(1, 1, null));
    }

    private static void assertMessage(String expected, Runnable r) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, r::run);
        assertEquals(expected, e.getMessage());
    }
}
