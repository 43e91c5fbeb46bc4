package io.raftwire.node.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.admin.StatusRequest;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.node.group.SessionIds;

import io.raftwire.transport.Caller;
import org.junit.jupiter.api.Test;

/**
 * What the router refuses before any group sees a request: requests that name no group, or a group this member does
 * not host or does not run. Routing to running groups is covered over sockets by integration-tests' MultiGroupIT.
 */
class ClientRouterTest {

    private final ClientRouter router = new ClientRouter("raftwire", "node-1", 8);

    @Test
    void anOpenSessionThatNamesNoGroupIsRefusedListingTheGroups() {
        OpenSessionResponse r = router.openSession("c1", open("kv")).toCompletableFuture().join();
        assertEquals(Status.ERROR, r.status());
        assertEquals(RaftError.Type.PROTOCOL_ERROR, r.error().type());
        assertEquals("OpenSessionRequest for kv names no group of member node-1 (expected: a suffix @<group id>,"
                + " one of raftwire, raftwire-1 .. raftwire-7)", r.error().message());
    }

    @Test
    void aGroupThatDoesNotRunHereIsNoLeaderSoTheClientTriesAnotherMember() {
        OpenSessionResponse r = router.openSession("c1", open("kv@raftwire-3")).toCompletableFuture().join();
        assertEquals(RaftError.Type.NO_LEADER, r.error().type());
        assertEquals(null, r.error().leader());
        assertEquals("OpenSessionRequest for group raftwire-3: the group is not running on member node-1 (expected:"
                + " a member where it runs)", r.error().message());
    }

    @Test
    void aSessionOfAGroupIndexBeyondTheMembersGroupsIsRefused() {
        CommandResponse r = router.command(new Caller("c1", Caller.Role.CLIENT, null),
                new CommandRequest(SessionIds.global(9, 4), 1,
                new PrimitiveOperation(new DefaultOperationId("put", OperationType.COMMAND), new byte[0])))
                .toCompletableFuture().join();
        assertEquals(RaftError.Type.PROTOCOL_ERROR, r.error().type());
        assertEquals("CommandRequest for session " + SessionIds.global(9, 4) + " of group index 9 reached member"
                + " node-1 (expected: a group index below 8, the groups it hosts)", r.error().message());
    }

    @Test
    void aKeepAliveListsTheSessionsOfOneGroup() {
        KeepAliveResponse r = router.keepAlive("c1", new KeepAliveRequest(new long[] {SessionIds.global(1, 5),
                SessionIds.global(2, 5)}, new long[] {0, 0}, new long[] {0, 0})).toCompletableFuture().join();
        assertEquals(RaftError.Type.PROTOCOL_ERROR, r.error().type());
        assertEquals("KeepAliveRequest lists sessions of group indexes 1 and 2 (expected: the sessions of one group"
                + " per keep-alive, since its answer names that group's leader)", r.error().message());
    }

    @Test
    void aStatusRequestNamesItsGroupAfterTheMemberId() {
        StatusResponse none = router.status(new StatusRequest("node-1")).toCompletableFuture().join();
        assertEquals("StatusRequest for node-1 names no group of member node-1 (expected: a suffix @<group id>, one"
                + " of raftwire, raftwire-1 .. raftwire-7)", none.error().message());
        StatusResponse stopped = router.status(new StatusRequest("node-1@raftwire-7")).toCompletableFuture().join();
        assertEquals(RaftError.Type.NO_LEADER, stopped.error().type());
    }

    @Test
    void aOneGroupMemberTakesANameWithoutAGroupSuffixWholeAsBeforeGroupsExisted() {
        ClientRouter one = new ClientRouter("raftwire", "node-1", 1);
        // nothing runs: the refusal names the group the request was routed to
        for (String name : new String[] {"kv", "a@b", "kv@raftwire", "kv@raftwire-1"}) {
            OpenSessionResponse r = one.openSession("c1", open(name)).toCompletableFuture().join();
            assertEquals("OpenSessionRequest for group raftwire: the group is not running on member node-1"
                    + " (expected: a member where it runs)", r.error().message(), name);
        }
    }

    private static OpenSessionRequest open(String name) {
        return new OpenSessionRequest(new MemberId("c1"), name, "kv", new byte[0], ReadConsistency.LINEARIZABLE,
                1000, 1000);
    }
}
