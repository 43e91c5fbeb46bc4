package io.raftwire.node.client;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.kv.TwoVersions;
import io.raftwire.node.kv.TwoVersions.Done2;
import io.raftwire.node.kv.TwoVersions.Put2;
import io.raftwire.node.kv.TwoVersions.Reset2;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.serializer.SerializationException;
import io.raftwire.transport.TransportException;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static io.raftwire.node.client.ScriptedTransport.leaderIs;
import static io.raftwire.node.kv.TwoVersions.V2;
import static io.raftwire.node.kv.TwoVersions.level1;
import static io.raftwire.node.kv.TwoVersions.level2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * How a client of version 2 of the application's types learns the group's feature levels: with the level query when
 * it connects, again when the level it writes at cannot hold a command (then it retries once), and when an event names
 * a level it does not know; a member that does not answer the query leaves it writing unversioned, as before levels.
 * The scripted leader n1 decodes with a member's codec at the levels the test sets.
 */
@Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a blocked event thread fails the test
@ExtendWith(LeakDetectionExtension.class)
class ClientLevelsTest {

    private final ScriptedTransport transport = new ScriptedTransport("n1");
    private final RaftwireClient client = new RaftwireClient("c1", "app", List.of("n1"), transport,
            TwoVersions.plain("kryo", V2), new ManualTimer(), Runnable::run, () -> { }, Duration.ofSeconds(1),
            Duration.ofSeconds(3), ReadConsistency.LINEARIZABLE);
    /** The group's levels as the members have them; null: members that refuse the level query (raftwire 0.1.0). */
    private FeatureLevels group = level1();
    private final List<String> commandIds = new ArrayList<>();
    /** Set: the members' answer to the level query, completed by the test. */
    private CompletableFuture<QueryResponse> heldRead;
    /** Set: the level query fails with it, as a transport that reaches no member would. */
    private TransportException readFails;

    ClientLevelsTest() {
        transport.answer(this::leader);
    }

    private Object leader(String member, Object request) {
        if (request instanceof KeepAliveRequest) {
            return leaderIs("n1");
        }
        if (request instanceof OpenSessionRequest) {
            return new OpenSessionResponse(Status.OK, null, 7, 3_000);
        }
        if (ScriptedTransport.isLevelRead(request)) {
            if (heldRead != null) {
                return heldRead;
            }
            if (readFails != null) {
                return readFails;
            }
            return group == null ? new QueryResponse(Status.ERROR, new RaftError(RaftError.Type.QUERY_FAILURE,
                    "operation id 'raftwire.feature-level.read' names no serializer of this state machine", null),
                    1, 0, new byte[0], 0) : ScriptedTransport.levelsAre(group);
        }
        if (request instanceof CommandRequest c) {
            commandIds.add(c.operation().id().id());
            OperationCodec codec = TwoVersions.codec("kryo", V2, group == null ? FeatureLevels.NONE : group);
            codec.decode(c.operation());
            return new CommandResponse(Status.OK, null, 10, 0,
                    codec.encodeResult(new Done2(1, "n1"), c.operation()), c.sequence());
        }
        throw new AssertionError("unexpected " + request);
    }

    private long levelQueries() {
        return transport.sent(QueryRequest.class).stream().filter(s -> ScriptedTransport.isLevelRead(s.request()))
                .count();
    }

    @Test
    void connectingLearnsTheLevelsAndCommandsGoOutAtTheGroupsLevel() {
        client.connect();

        Done2 done = client.command(new Put2("k", 1, "n"), Done2.class).join();

        assertEquals(level1(), client.featureLevels());
        assertEquals(List.of("1024@kryo/1"), commandIds);
        assertEquals(new Done2(1, null), done, "the result was written at level 1, which has no 'by'");
    }

    @Test
    void aCommandTheKnownLevelCannotHoldMakesTheClientLearnAgainAndRetryOnce() {
        client.connect();
        group = level2(); // the group raised its level since the client connected

        Done2 done = client.command(new Reset2("k"), Done2.class).join();

        assertEquals(2, levelQueries(), "one at connect, one after the refusal");
        assertEquals(List.of("1025@kryo/2"), commandIds);
        assertEquals(new Done2(1, "n1"), done);
        assertEquals(level2(), client.featureLevels());
    }

    @Test
    void aCommandTheGroupsLevelStillCannotHoldFailsNamingTheLevel() {
        client.connect();

        CompletionException e = assertThrows(CompletionException.class,
                () -> client.command(new Reset2("k"), Done2.class).join());

        SerializationException refused = assertInstanceOf(SerializationException.class, e.getCause());
        String m = refused.getMessage();
        assertEquals("cannot encode Reset2 at feature level 1: ", m.substring(0, m.indexOf(": ") + 2), m);
        assertEquals(2, levelQueries());
        assertEquals(List.of(), commandIds, "nothing was sent");
    }

    @Test
    void anEventOfAnUnknownLevelIsHeldWithoutBlockingTheEventThreadUntilTheClientHasLearntTheLevel() {
        client.connect();
        group = level2();
        heldRead = new CompletableFuture<>();
        List<Object> got = new ArrayList<>();
        client.eventListener((session, index, events) -> events.forEach(e -> got.add(client.decodeEvent(e))));

        transport.push("n1", new PublishRequest(7, 1, 0, List.of(TwoVersions.codec("kryo", V2, level2())
                .event(new Put2("e", 2, "n")))));
        transport.push("n1", new PublishRequest(7, 2, 1, List.of(TwoVersions.codec("kryo", V2, level1())
                .event(new Put2("f", 3, null)))));

        assertEquals(List.of(), got, "both held, in order, while the level query is out; the event thread (here the"
                + " pushing thread) went on");
        assertEquals(2, levelQueries());
        heldRead.complete(ScriptedTransport.levelsAre(level2()));
        assertEquals(List.of(new Put2("e", 2, "n"), new Put2("f", 3, null)), got);
        assertEquals(2, client.eventIndex());
    }

    @Test
    void anEventOfAKnownLevelIsDeliveredAtOnceAndDecodeEventNeverAsksTheGroup() {
        client.connect();
        List<Object> got = new ArrayList<>();
        client.eventListener((session, index, events) -> events.forEach(e -> got.add(client.decodeEvent(e))));

        transport.push("n1", new PublishRequest(7, 1, 0, List.of(TwoVersions.codec("kryo", V2, level1())
                .event(new Put2("e", 2, "n")))));
        PrimitiveEvent ahead = TwoVersions.codec("kryo", V2, level2()).event(new Put2("g", 4, "n"));

        assertEquals(List.of(new Put2("e", 2, null)), got, "level 1 has no note");
        assertEquals("event type '1024@kryo/2' names feature level 2, which is not recorded here (expected: a level"
                + " of 1..1, the highest recorded here)", assertThrows(SerializationException.class,
                        () -> client.decodeEvent(ahead)).getMessage());
        assertEquals(1, levelQueries(), "only the one at connect");
    }

    @Test
    void aMemberThatDoesNotAnswerTheLevelQueryLeavesTheClientWritingUnversioned() {
        group = null;
        client.connect();

        client.command(new Put2("k", 1, "n"), Done2.class).join();

        assertEquals(FeatureLevels.NONE, client.featureLevels());
        assertEquals(List.of("1024@kryo"), commandIds);
    }

    @Test
    void aClientWhoseLevelQueryGotNoAnswerSendsNothingUnversionedAndAsksAgainFirst() {
        readFails = ScriptedTransport.failure(TransportException.Reason.HANDSHAKE_REFUSED, "n1");
        client.connect();

        CompletionException e = assertThrows(CompletionException.class,
                () -> client.command(new Put2("k", 1, "n"), Done2.class).join());

        assertEquals("Put2 not sent: the group's feature levels are unknown (the level query got no answer: ",
                e.getCause().getMessage().substring(0, e.getCause().getMessage().indexOf("answer: ") + 8));
        assertEquals(List.of(), commandIds, "an unversioned Put2 of version 2 would be read with level 1's types");
        assertEquals(2, levelQueries(), "one at connect, one before the command");

        readFails = null;
        client.command(new Put2("k", 1, "n"), Done2.class).join();

        assertEquals(List.of("1024@kryo/1"), commandIds);
        assertEquals(3, levelQueries());
    }

    @Test
    void anUnregisteredTypeIsStillRefusedAtOnceWithoutAskingTheGroup() {
        client.connect();

        SerializationException e = assertThrows(SerializationException.class,
                () -> client.command("not registered", Done2.class));

        assertEquals("java.lang.String is not a registered type", e.getMessage().substring(0,
                "java.lang.String is not a registered type".length()));
        assertEquals(1, levelQueries());
    }
}
