package io.raftwire.node.client;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.client.ScriptedTransport.Sent;
import io.raftwire.transport.TransportException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;

import static io.raftwire.node.client.ScriptedTransport.failure;
import static io.raftwire.node.client.ScriptedTransport.leaderIs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Leader discovery and failover: where a request goes first, where it goes after a refusal or a failure, and when the
 * client gives up. The transport answers from a script on the test's thread; time moves only by hand.
 */
@Timeout(10)
class FailoverCallerTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private static final CommandRequest COMMAND = new CommandRequest(7, 3,
            new PrimitiveOperation(DefaultOperationId.command("put"), new byte[] {1}));

    private final ScriptedTransport transport = new ScriptedTransport("n1", "n2", "n3");
    private final ManualTimer timer = new ManualTimer();
    private final LeaderLocator leaders = new LeaderLocator(List.of("n1", "n2", "n3"), transport);
    private final AtomicInteger serverChanges = new AtomicInteger();
    private final FailoverCaller caller = new FailoverCaller(transport, leaders, timer, TIMEOUT,
            serverChanges::incrementAndGet);

    private static CommandResponse ok(long index) {
        return new CommandResponse(Status.OK, null, index, 0, new byte[0], 3);
    }

    private static CommandResponse refused(RaftError error) {
        return new CommandResponse(Status.ERROR, error, 0, 0, new byte[0], 0);
    }

    private static CommandResponse notLeader(String leader) {
        return refused(new RaftError(RaftError.Type.NO_LEADER, "this member does not lead",
                leader == null ? null : new MemberId(leader)));
    }

    private CompletableFuture<CommandResponse> call() {
        return caller.call(COMMAND, CommandResponse.class);
    }

    /** The result of a call that must have completed by now (the fake answers on the calling thread). */
    private static <T> T done(CompletableFuture<T> f) {
        assertTrue(f.isDone(), "still waiting");
        return f.join();
    }

    /** Moves time in retry pauses until {@code f} completes; at most {@code pauses} of them. */
    private void untilDone(CompletableFuture<?> f, int pauses) {
        for (int i = 0; i < pauses && !f.isDone(); i++) {
            timer.advance(FailoverCaller.RETRY_PAUSE);
        }
        assertTrue(f.isDone(), "not done after " + pauses + " retry pauses; sent " + transport.sent());
    }

    @Test
    void findsTheLeaderWithAKeepAliveAndSendsThere() {
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n2") : ok(41));

        CompletableFuture<CommandResponse> f = call();

        assertEquals(41, done(f).index());
        assertEquals(List.of("n1", "n2"), transport.sent().stream().map(Sent::member).toList());
        assertSame(COMMAND, transport.sent().get(1).request());
        assertInstanceOf(KeepAliveRequest.class, transport.sent().get(0).request());
        assertEquals(0, ((KeepAliveRequest) transport.sent().get(0).request()).sessionIds().length,
                "a probe carries no session: any member answers it at once");
        assertEquals("n2", leaders.leader());
    }

    @Test
    void followsTheTypedLeaderOfANoLeaderRefusalAtOnce() {
        transport.answer((member, request) -> {
            if (request instanceof KeepAliveRequest) {
                return leaderIs("n1");
            }
            return member.equals("n3") ? ok(9) : notLeader("n3");
        });

        CompletableFuture<CommandResponse> f = call();

        assertEquals(9, done(f).index(), "no pause: the refusal named the leader");
        assertEquals(List.of("n1", "n1", "n3"), transport.sent().stream().map(Sent::member).toList());
        assertSame(COMMAND, transport.sent().get(2).request(), "the same session and sequence");
        assertEquals("n3", leaders.leader());
    }

    @Test
    void ignoresALeaderHintThatNamesNoMember() {
        transport.answer((member, request) -> {
            if (request instanceof KeepAliveRequest) {
                return leaderIs(member.equals("n1") ? "n1" : "n2");
            }
            return member.equals("n2") ? ok(5) : notLeader("n9");
        });

        CompletableFuture<CommandResponse> f = call();
        untilDone(f, 2);

        assertEquals(5, done(f).index());
        assertTrue(transport.sent().stream().noneMatch(s -> s.member().equals("n9")), transport.sent().toString());
        assertEquals(List.of("n1", "n1", "n2", "n2"), transport.sent().stream().map(Sent::member).toList(),
                "after the unusable hint the client asks the next member who leads");
    }

    @Test
    void aNoLeaderRefusalWithoutAHintMakesTheClientAskAgain() {
        AtomicInteger refusals = new AtomicInteger();
        transport.answer((member, request) -> {
            if (request instanceof KeepAliveRequest) {
                return leaderIs("n1");
            }
            return refusals.getAndIncrement() == 0 ? notLeader(null) : ok(3);
        });

        CompletableFuture<CommandResponse> f = call();
        assertFalse(f.isDone(), "an election is running: the client waits a pause");
        untilDone(f, 1);

        assertEquals(3, done(f).index());
        assertEquals(2, transport.sent(KeepAliveRequest.class).size());
    }

    @Test
    void aLostConnectionFailsOverToTheNextMember() {
        transport.answer((member, request) -> {
            if (member.equals("n1")) {
                return request instanceof KeepAliveRequest ? leaderIs("n1") : failure(Reason.CONNECTION_CLOSED, "n1");
            }
            return request instanceof KeepAliveRequest ? leaderIs("n2") : ok(12);
        });

        CompletableFuture<CommandResponse> f = call();
        untilDone(f, 1);

        assertEquals(12, done(f).index());
        assertEquals(List.of("n1", "n1", "n2", "n2"), transport.sent().stream().map(Sent::member).toList());
        assertSame(COMMAND, transport.sent().get(3).request(), "the same session and sequence");
        assertEquals("n2", leaders.leader());
        assertEquals(0, serverChanges.get(), "the first answer is no change of member");
    }

    @Test
    void anUnreachableMemberIsSkippedWhileLookingForTheLeader() {
        transport.answer((member, request) -> {
            if (member.equals("n1")) {
                return failure(Reason.UNREACHABLE, "n1");
            }
            return request instanceof KeepAliveRequest ? leaderIs("n3") : ok(2);
        });

        CompletableFuture<CommandResponse> f = call();
        untilDone(f, 1);

        assertEquals(2, done(f).index());
        assertEquals(List.of("n1", "n2", "n3"), transport.sent().stream().map(Sent::member).toList());
    }

    @Test
    void givesUpAtTheDeadlineNamingTheLastError() {
        RaftError busy = new RaftError(RaftError.Type.UNAVAILABLE, "CannotReplicateException", null);
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n1") : refused(busy));

        CompletableFuture<CommandResponse> f = call();
        untilDone(f, 40);

        CompletionException e = assertThrows(CompletionException.class, f::join);
        ClientException c = assertInstanceOf(ClientException.class, e.getCause());
        assertEquals("CommandRequest did not succeed within 1000 ms; last failure: " + busy, c.getMessage());
        assertEquals(busy, c.error());
        List<Sent> commands = transport.sent(CommandRequest.class);
        assertTrue(commands.size() > 10, "retried every pause: " + commands.size());
        assertTrue(commands.stream().allMatch(s -> s.request() == COMMAND), "every retry is the same request");
    }

    @Test
    void aFailureThatWillNotHealFailsAtOnce() {
        transport.answer((member, request) -> failure(Reason.HANDSHAKE_REFUSED, member));

        CompletableFuture<CommandResponse> f = call();

        ClientException c = assertInstanceOf(ClientException.class,
                assertThrows(CompletionException.class, f::join).getCause());
        assertEquals("CommandRequest cannot reach the cluster: handshake_refused (scripted) to n1", c.getMessage());
        assertEquals(1, transport.sent().size());
    }

    @Test
    void aRefusalForGoodCompletesWithTheResponse() {
        RaftError failed = new RaftError(RaftError.Type.COMMAND_FAILURE, "no such key", null);
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n1") : refused(failed));

        CommandResponse r = done(call());

        assertEquals(Status.ERROR, r.status());
        assertEquals(failed, r.error());
        assertEquals(1, transport.sent(CommandRequest.class).size(), "not retried");
    }

    @Test
    void anAnswerFromAnotherMemberIsReported() {
        AtomicInteger calls = new AtomicInteger();
        transport.answer((member, request) -> {
            if (request instanceof KeepAliveRequest) {
                return leaderIs("n1");
            }
            return calls.getAndIncrement() == 0 || member.equals("n2") ? ok(1) : notLeader("n2");
        });

        done(call());
        assertEquals(0, serverChanges.get());
        done(call());
        assertEquals(1, serverChanges.get(), "n2 answered after n1");
    }

    @Test
    void aRetryDueAfterTheClientClosedFailsInsteadOfHanging() {
        transport.answer((member, request) -> failure(Reason.UNREACHABLE, member));
        timer.close();

        CompletableFuture<CommandResponse> f = call();

        ClientException c = assertInstanceOf(ClientException.class,
                assertThrows(CompletionException.class, f::join).getCause());
        assertTrue(c.getMessage().startsWith("CommandRequest abandoned: the client is closing; last failure: "),
                c.getMessage());
    }

    @Test
    void aProbeRefusedForGoodFailsTheCallAtOnceWithTheMembersReason() {
        String reason = "KeepAliveRequest for session 1970324836974592 of group index 7 reached member n1"
                + " (expected: a group index below 4, the groups it hosts)";
        transport.answer((member, request) -> new KeepAliveResponse(Status.ERROR,
                new RaftError(RaftError.Type.PROTOCOL_ERROR, reason, null), null, List.of(), new long[0]));

        CompletableFuture<CommandResponse> f = call();

        ClientException c = assertInstanceOf(ClientException.class,
                assertThrows(CompletionException.class, () -> done(f)).getCause());
        assertEquals("CommandRequest not sent: member n1 refused the leader probe: PROTOCOL_ERROR " + reason,
                c.getMessage(), "no timeout, no \"no leader\": the member's own reason");
        assertEquals(RaftError.Type.PROTOCOL_ERROR, c.error().type());
        assertEquals(1, transport.sent().size(), "one probe, no retry: " + transport.sent());
    }
}
