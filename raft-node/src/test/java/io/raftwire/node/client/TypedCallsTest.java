package io.raftwire.node.client;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionException;

import static io.raftwire.node.client.ScriptedTransport.leaderIs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The client's typed calls, on a scripted cluster whose leader n1 runs a counter: the application's own command and
 * query go out encoded by the client's codec, results come back decoded, refusals fail the future with the cluster's
 * error, and the session is opened for the service type the builder names.
 */
@Timeout(10)
class TypedCallsTest {

    record Add(long amount) {
    }

    record Total(long sum) {
    }

    private static final TypeRegistry REGISTRY =
            KvNodes.registry(b -> b.register(1024, Add.class).register(1025, Total.class));
    private static final RaftError REFUSAL = new RaftError(RaftError.Type.COMMAND_FAILURE,
            "Counter.apply threw java.lang.IllegalArgumentException: negative amount -1", null);

    private final OperationCodec codec =
            new OperationCodec(Serializers.create("kryo", REGISTRY, SerializerOptions.defaults()));
    private final ScriptedTransport transport = new ScriptedTransport("n1");
    private final RaftwireClient client = new RaftwireClient("c1", "counter", List.of("n1"), transport, codec,
            new ManualTimer(), Runnable::run, () -> { }, Duration.ofSeconds(1), Duration.ofSeconds(3),
            ReadConsistency.LINEARIZABLE);
    private long sum;

    TypedCallsTest() {
        transport.answer(this::counter);
    }

    private Object counter(String member, Object request) {
        if (request instanceof KeepAliveRequest) {
            return leaderIs("n1");
        }
        if (request instanceof OpenSessionRequest) {
            return new OpenSessionResponse(Status.OK, null, 7, 3_000);
        }
        if (request instanceof CommandRequest c) {
            long amount = ((Add) codec.decode(c.operation())).amount();
            if (amount < 0) {
                return new CommandResponse(Status.ERROR, REFUSAL, 10, 0, new byte[0], c.sequence());
            }
            sum += amount;
            return new CommandResponse(Status.OK, null, 10, 0, codec.encodeResult(new Total(sum)), c.sequence());
        }
        if (ScriptedTransport.isLevelRead(request)) {
            return ScriptedTransport.levelsAre(FeatureLevels.NONE);
        }
        if (request instanceof QueryRequest q) {
            long amount = ((Add) codec.decode(q.operation())).amount();
            return new QueryResponse(Status.OK, null, 10, 0, codec.encodeResult(new Total(sum + amount)), 0);
        }
        throw new AssertionError("unexpected " + request);
    }

    @Test
    void aCommandAndAQueryOfTheApplicationsTypesComeBackAsItsResults() {
        client.connect();

        Total added = client.command(new Add(5), Total.class).join();
        Total read = client.query(new Add(100), Total.class).join();

        assertEquals(new Total(5), added);
        assertEquals(new Total(105), read);
        CommandRequest sent = (CommandRequest) transport.sent(CommandRequest.class).get(0).request();
        assertEquals(new Add(5), codec.decode(sent.operation()), "encoded with the client's codec");
    }

    @Test
    void aRefusedCommandFailsWithTheClustersError() {
        client.connect();

        CompletionException e = assertThrows(CompletionException.class,
                () -> client.command(new Add(-1), Total.class).join());

        ClientException refused = (ClientException) e.getCause();
        assertSame(REFUSAL, refused.error());
        assertEquals("the cluster refused Add: " + REFUSAL, refused.getMessage());
    }

    @Test
    void theSessionIsOpenedForTheServiceTypeAsked() {
        client.connect();

        OpenSessionRequest open = (OpenSessionRequest) transport.sent(OpenSessionRequest.class).get(0).request();
        assertEquals("counter", open.typeName());
        assertEquals("counter", open.name());
    }

    @Test
    void anEmptyServiceTypeIsRefusedByTheBuilder() {
        RaftwireClient.Builder b = RaftwireClient.builder(RaftwireConfig.defaults(), REGISTRY,
                List.of(new PeerAddress("n1", new HostPort("127.0.0.1", 1))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> b.serviceType(""));
        assertEquals("serviceType is empty (expected: the service type the state machine accepts)", e.getMessage());
    }
}
