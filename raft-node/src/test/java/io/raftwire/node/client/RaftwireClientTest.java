package io.raftwire.node.client;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.client.ScriptedTransport.Sent;
import io.raftwire.node.kv.KvTypes;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.TransportException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static io.raftwire.node.client.ScriptedTransport.failure;
import static io.raftwire.node.client.ScriptedTransport.leaderIs;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The client as a user sees it, on a scripted cluster whose leader is n2 and which opens session 7: sessions and
 * keep-alives, exactly-once retries, event delivery, and closing. Time moves only by hand; events are delivered on the
 * test's thread.
 */
@Timeout(10)
class RaftwireClientTest {

    private static final long SESSION = 7;
    private static final Duration KEEP_ALIVE_PERIOD = Duration.ofSeconds(1);
    private static final TypeRegistry REGISTRY = KvTypes.registerAll(TypeRegistry.builder()).build();
    private static final PrimitiveOperation PUT =
            new PrimitiveOperation(DefaultOperationId.command("put"), new byte[] {1});

    private final ScriptedTransport transport = new ScriptedTransport("n1", "n2", "n3");
    private final ManualTimer timer = new ManualTimer();
    private final AtomicInteger eventThreadStops = new AtomicInteger();
    /** The sessions the scripted cluster has open. */
    private final Set<Long> open = new HashSet<>();
    /** Commands the leader answers with a closed connection before it answers one. */
    private final AtomicInteger dropCommands = new AtomicInteger();
    private final RaftwireClient client = new RaftwireClient("c1", List.of("n1", "n2", "n3"), transport,
            new OperationCodec(Serializers.create("kryo", REGISTRY, SerializerOptions.defaults())), timer,
            Runnable::run, eventThreadStops::incrementAndGet, Duration.ofSeconds(1), Duration.ofSeconds(3),
            ReadConsistency.LINEARIZABLE);

    /** Records the listener's calls as text. */
    private final List<String> heard = new ArrayList<>();
    private final SessionEventListener listener = new SessionEventListener() {
        @Override
        public void onEvents(long session, long eventIndex, List<PrimitiveEvent> events) {
            heard.add(session + ":" + eventIndex);
        }

        @Override
        public void onSessionClosed(long session, String reason) {
            heard.add("closed " + session + ": " + reason);
        }
    };

    RaftwireClientTest() {
        transport.answer(this::cluster);
    }

    private Object cluster(String member, Object request) {
        if (request instanceof KeepAliveRequest k) {
            if (k.sessionIds().length == 0) {
                return leaderIs("n2");
            }
            return new KeepAliveResponse(Status.OK, null, new MemberId("n2"), List.of(),
                    open.stream().mapToLong(Long::longValue).toArray());
        }
        if (!member.equals("n2")) {
            throw new AssertionError(request + " sent to " + member + " (expected: only to the leader n2)");
        }
        if (request instanceof OpenSessionRequest) {
            open.add(SESSION);
            return new OpenSessionResponse(Status.OK, null, SESSION, 3_000);
        }
        if (ScriptedTransport.isLevelRead(request)) {
            return ScriptedTransport.levelsAre(FeatureLevels.NONE);
        }
        if (request instanceof CommandRequest c) {
            if (dropCommands.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                return failure(Reason.CONNECTION_CLOSED, member);
            }
            return new CommandResponse(Status.OK, null, 100 + c.sequence(), 0, new byte[0], c.sequence());
        }
        if (request instanceof CloseSessionRequest c) {
            open.remove(c.session());
            return new CloseSessionResponse(Status.OK, null);
        }
        throw new AssertionError("unexpected " + request);
    }

    /** The result of a call that must have completed by now (the fake answers on the calling thread). */
    private static <T> T done(CompletableFuture<T> f) {
        assertTrue(f.isDone(), "still waiting");
        return f.join();
    }

    private static PublishRequest batch(long index, long previous) {
        return new PublishRequest(SESSION, index, previous, List.of());
    }

    private List<KeepAliveRequest> keepAlives() {
        return transport.sent(KeepAliveRequest.class).stream().map(s -> (KeepAliveRequest) s.request())
                .filter(k -> k.sessionIds().length > 0).toList();
    }

    @Test
    void opensASessionAtTheLeaderAndKeepsItAliveEveryThirdOfTheTimeout() {
        client.connect();

        assertEquals(1, transport.starts());
        assertEquals(SESSION, client.sessionId());
        assertEquals("n2", client.leader());
        assertEquals(List.of(), keepAlives());
        timer.advance(KEEP_ALIVE_PERIOD);
        timer.advance(KEEP_ALIVE_PERIOD);
        assertEquals(2, keepAlives().size());
        KeepAliveRequest k = keepAlives().get(1);
        assertArrayEquals(new long[] {SESSION}, k.sessionIds());
        assertArrayEquals(new long[] {0}, k.commandSequences());
        assertArrayEquals(new long[] {0}, k.eventIndexes());
        assertEquals("n2", transport.sent(KeepAliveRequest.class).get(2).member());
    }

    @Test
    void aRefusedSessionFailsConnectWithTheClusterReason() {
        RaftError refusal = new RaftError(RaftError.Type.PROTOCOL_ERROR, "maxTimeout = 0 ms (expected: >= 1)", null);
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n2")
                : new OpenSessionResponse(Status.ERROR, refusal, 0, 0));

        ClientException e = assertThrows(ClientException.class, client::connect);

        assertEquals("the cluster refused to open a session for c1: " + refusal, e.getMessage());
        assertEquals(refusal, e.error());
    }

    @Test
    void aCommandWhoseAnswerIsLostIsSentAgainWithTheSameSessionAndSequence() {
        client.connect();
        dropCommands.set(1);

        CompletableFuture<CommandResponse> first = client.command(PUT);
        timer.advance(FailoverCaller.RETRY_PAUSE);
        CommandResponse second = done(client.command(PUT));

        assertEquals(101, done(first).index(), "one result, no error");
        List<Sent> commands = transport.sent(CommandRequest.class);
        assertEquals(3, commands.size());
        CommandRequest sent = (CommandRequest) commands.get(0).request();
        assertSame(sent, commands.get(1).request());
        assertEquals(SESSION, sent.session());
        assertEquals(1, sent.sequence());
        assertEquals(2, ((CommandRequest) commands.get(2).request()).sequence(), "the next command, the next number");
        assertEquals(102, second.index());
    }

    @Test
    void keepAlivesAcknowledgeTheCommandsThatCompleted() {
        client.connect();
        done(client.command(PUT));
        done(client.command(PUT));

        timer.advance(KEEP_ALIVE_PERIOD);

        assertArrayEquals(new long[] {2}, keepAlives().get(0).commandSequences());
    }

    @Test
    void deliversEventsInOrderOnceAndAsksAgainAfterAGap() {
        client.eventListener(listener).connect();

        transport.push("n2", batch(5, 0));
        transport.push("n2", batch(5, 0));
        transport.push("n2", batch(12, 9));
        transport.push("n2", batch(15, 12));
        assertEquals(List.of("7:5"), heard, "a repeat and the batches after a gap are not delivered");
        assertEquals(1, client.duplicateEvents());

        timer.runDue();
        assertEquals(1, keepAlives().size(), "one keep-alive for the gap, at once");
        assertArrayEquals(new long[] {5}, keepAlives().get(0).eventIndexes(), "acknowledges what was delivered");

        transport.push("n2", batch(9, 5));
        transport.push("n2", batch(12, 9));
        transport.push("n2", batch(15, 12));
        assertEquals(List.of("7:5", "7:9", "7:12", "7:15"), heard);
        assertEquals(15, client.eventIndex());
    }

    @Test
    void dropsEventsForAnotherSession() {
        client.eventListener(listener).connect();

        transport.push("n2", new PublishRequest(SESSION + 1, 3, 0, List.of()));

        assertEquals(List.of(), heard);
        assertEquals(0, client.eventIndex());
    }

    @Test
    void acknowledgesDeliveredEventsAtOnceEverySixtyFourBatches() {
        client.eventListener(listener).connect();

        for (int i = 1; i <= EventDelivery.ACK_EVENTS_EVERY; i++) {
            transport.push("n2", batch(i, i - 1));
        }
        timer.runDue();

        assertEquals(1, keepAlives().size());
        assertArrayEquals(new long[] {EventDelivery.ACK_EVENTS_EVERY}, keepAlives().get(0).eventIndexes());
    }

    @Test
    void tellsTheListenerOnceWhenTheClusterNoLongerHasTheSession() {
        client.eventListener(listener).connect();
        open.clear();

        timer.advance(KEEP_ALIVE_PERIOD);
        timer.advance(KEEP_ALIVE_PERIOD);

        assertEquals(1, heard.size(), heard.toString());
        assertTrue(heard.get(0).startsWith("closed 7: session 7 is not open on the cluster any more (expected: an"
                + " open session; it expired, was closed, or was closed by the cluster"), heard.get(0));
    }

    @Test
    void closeClosesTheSessionOnceAndIsIdempotent() {
        client.connect();

        client.close();
        client.close();

        List<Sent> closes = transport.sent(CloseSessionRequest.class);
        assertEquals(1, closes.size());
        assertEquals(SESSION, ((CloseSessionRequest) closes.get(0).request()).session());
        assertEquals(0, client.sessionId());
        assertTrue(transport.closes() >= 1);
        assertTrue(eventThreadStops.get() >= 1);
        int sent = transport.sent().size();
        timer.advance(KEEP_ALIVE_PERIOD.multipliedBy(5));
        assertEquals(sent, transport.sent().size(), "no keep-alive after close");
    }

    @Test
    void disconnectLeavesTheSessionToExpire() {
        client.connect();

        client.disconnect();
        client.disconnect();

        assertEquals(List.of(), transport.sent(CloseSessionRequest.class));
        assertEquals(Set.of(SESSION), open);
        assertEquals(0, client.sessionId());
        assertTrue(transport.closes() >= 1);
    }
}
