package io.raftwire.node.client;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.group.SessionIds;
import io.raftwire.node.kv.KvTypes;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.TypeSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;

import static io.raftwire.node.client.ScriptedTransport.leaderIs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link RaftwireClient#readFeatureLevels()} and {@link RaftwireClient#raiseFeatureLevel()} on a scripted cluster whose
 * leader is n2: what they send (no session needed: the group's probe id addresses the group) and how they read the
 * answers.
 */
@Timeout(10)
class FeatureLevelCallsTest {

    private static final TypeRegistry REGISTRY = KvTypes.registerAll(TypeRegistry.builder()).build();
    private static final FeatureLevels LEVEL1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1,
            new Schema(List.of(new TypeSchema(2000, "app.A", false, List.of())))));

    private final ScriptedTransport transport = new ScriptedTransport("n1", "n2", "n3");
    private final RaftwireClient client = new RaftwireClient("c1", RaftwireClient.DEFAULT_SERVICE_TYPE, "g-3", 3,
            List.of("n1", "n2", "n3"), transport,
            new OperationCodec(Serializers.create("kryo", REGISTRY, SerializerOptions.defaults())), new ManualTimer(),
            Runnable::run, () -> { }, Duration.ofSeconds(1), Duration.ofSeconds(3), ReadConsistency.LINEARIZABLE);

    @Test
    void readFeatureLevelsSendsTheReadQueryToTheGroupWithoutASessionAndDecodesTheHistory() {
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n2")
                : new QueryResponse(Status.OK, null, 12, 0, LEVEL1.toBytes(), 0));

        assertEquals(LEVEL1, client.readFeatureLevels().join());

        QueryRequest sent = (QueryRequest) transport.sent(QueryRequest.class).get(0).request();
        assertEquals(SessionIds.probe(3), sent.session());
        assertEquals(LevelOperations.READ, sent.operation().id().id());
    }

    @Test
    void raiseFeatureLevelSendsTheRaiseCommandAndDecodesTheNewHistory() {
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n2")
                : new CommandResponse(Status.OK, null, 0, 0, LEVEL1.toBytes(), 0));

        assertEquals(LEVEL1, client.raiseFeatureLevel().join());

        CommandRequest sent = (CommandRequest) transport.sent(CommandRequest.class).get(0).request();
        assertEquals("n2", transport.sent(CommandRequest.class).get(0).member());
        assertEquals(SessionIds.probe(3), sent.session());
        assertEquals(LevelOperations.RAISE, sent.operation().id().id());
    }

    @Test
    void aRefusedRaiseFailsWithTheClusterReason() {
        RaftError refusal = new RaftError(RaftError.Type.COMMAND_FAILURE,
                "nothing to raise: every member runs the current level's types", null);
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n2")
                : new CommandResponse(Status.ERROR, refusal, 0, 0, new byte[0], 0));

        CompletionException e = assertThrows(CompletionException.class, () -> client.raiseFeatureLevel().join());

        ClientException c = (ClientException) e.getCause();
        assertEquals(refusal, c.error());
        assertEquals("the cluster refused raising the feature level: " + refusal, c.getMessage());
    }

    @Test
    void anAnswerThatIsNoHistoryFailsNamingWhatWasWrong() {
        transport.answer((member, request) -> request instanceof KeepAliveRequest ? leaderIs("n2")
                : new QueryResponse(Status.OK, null, 12, 0, new byte[] {9}, 0));

        CompletionException e = assertThrows(CompletionException.class, () -> client.readFeatureLevels().join());

        assertTrue(e.getCause().getMessage().startsWith("the cluster answered reading the feature levels with bytes"
                + " that are no feature levels: feature levels version 9 at offset 0 (expected: 1)"),
                e.getCause().getMessage());
    }
}
