package io.raftwire.node.client;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.KvEvent;
import io.raftwire.node.kv.KvGet;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.kv.KvWatch;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sharded client on 8 scripted shards, each a one-member group "n1" holding a map: a key's operations reach its
 * shard (by the pinned shard function: "user-1" is shard 4, "user-2" shard 0) and no other, a prefix watch reaches
 * every shard and a refusal names the shards that refused, and every shard's events reach the one consumer.
 */
@Timeout(10)
class ShardedKvClientTest {

    private static final long SESSION = 7;
    private static final OperationCodec CODEC =
            new OperationCodec(Serializers.create("kryo", KvNodes.registry(), SerializerOptions.defaults()));
    private static final RaftError TOO_MANY_WATCHES =
            new RaftError(RaftError.Type.COMMAND_FAILURE, "at most 64 watches per session", null);

    /** One shard's scripted group: a map, and whether it refuses watches. */
    private static final class Shard {
        final ScriptedTransport transport = new ScriptedTransport("n1");
        final Map<String, byte[]> map = new HashMap<>();
        boolean refuseWatches;
        long index = 10;

        Object answer(String member, Object request) {
            if (request instanceof KeepAliveRequest) {
                return new KeepAliveResponse(Status.OK, null, new MemberId("n1"), List.of(), new long[] {SESSION});
            }
            if (request instanceof OpenSessionRequest) {
                return new OpenSessionResponse(Status.OK, null, SESSION, 3_000);
            }
            if (request instanceof CloseSessionRequest) {
                return new CloseSessionResponse(Status.OK, null);
            }
            if (request instanceof CommandRequest c) {
                Object op = CODEC.decode(c.operation());
                KvResult result;
                if (op instanceof KvPut p) {
                    map.put(p.key(), p.value());
                    result = new KvResult(true, null, ++index);
                } else if (op instanceof KvWatch && refuseWatches) {
                    return new CommandResponse(Status.ERROR, TOO_MANY_WATCHES, index, 0, new byte[0], c.sequence());
                } else {
                    result = new KvResult(true, null, 0);
                }
                return new CommandResponse(Status.OK, null, index, 0, CODEC.encodeResult(result), c.sequence());
            }
            if (ScriptedTransport.isLevelRead(request)) {
                return ScriptedTransport.levelsAre(FeatureLevels.NONE);
            }
            if (request instanceof QueryRequest q) {
                byte[] value = map.get(((KvGet) CODEC.decode(q.operation())).key());
                KvResult result = new KvResult(value != null, value, value == null ? 0 : index);
                return new QueryResponse(Status.OK, null, index, 0, CODEC.encodeResult(result), 0);
            }
            throw new AssertionError("unexpected " + request);
        }
    }

    private final List<Shard> shards = IntStream.range(0, 8).mapToObj(i -> new Shard()).toList();
    private final ShardedKvClient client = new ShardedKvClient(shards.stream().map(s -> {
        s.transport.answer(s::answer);
        return new KvClient(new RaftwireClient("c1", List.of("n1"), s.transport, CODEC, new ManualTimer(),
                Runnable::run, () -> { }, Duration.ofSeconds(1), Duration.ofSeconds(3),
                ReadConsistency.LINEARIZABLE).connect(), CODEC);
    }).toList());

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private List<Integer> shardsSentCommands() {
        List<Integer> sentTo = new ArrayList<>();
        for (int i = 0; i < shards.size(); i++) {
            if (!shards.get(i).transport.sent(CommandRequest.class).isEmpty()) {
                sentTo.add(i);
            }
        }
        return sentTo;
    }

    @Test
    void aKeysWritesAndReadsGoToItsShardOnly() {
        client.put("user-1", bytes("ada")).join();
        KvResult read = client.get("user-1").join();

        assertEquals(4, client.shardOf("user-1"));
        assertEquals(List.of(4), shardsSentCommands());
        assertArrayEquals(bytes("ada"), shards.get(4).map.get("user-1"));
        assertArrayEquals(bytes("ada"), read.value());
        assertEquals(1, shards.get(4).transport.sent(QueryRequest.class).stream()
                .filter(s -> !ScriptedTransport.isLevelRead(s.request())).count(), "one read besides the level query");

        client.put("user-2", bytes("bob")).join();
        assertEquals(List.of(0, 4), shardsSentCommands());
        assertFalse(client.get("user-3").join().success(), "user-3 was never written on its shard");
    }

    @Test
    void aOneKeyWatchGoesToItsShardAndAPrefixWatchToEveryShard() {
        client.watch("user-1", false).join();
        assertEquals(List.of(4), shardsSentCommands());

        KvResult prefix = client.watch("user-", true).join();

        assertTrue(prefix.success());
        assertEquals(IntStream.range(0, 8).boxed().toList(), shardsSentCommands());
    }

    @Test
    void aPrefixWatchRefusedBySomeShardsFailsNamingThem() {
        shards.get(2).refuseWatches = true;
        shards.get(5).refuseWatches = true;

        CompletionException e = assertThrows(CompletionException.class, () -> client.watch("user-", true).join());

        ClientException refused = (ClientException) e.getCause();
        assertEquals("watch of prefix 'user-' failed on shard(s) [2, 5] of 8 (first: the cluster refused the "
                + "operation: " + TOO_MANY_WATCHES + "); it may be in place on the others", refused.getMessage());
        assertEquals(RaftError.Type.COMMAND_FAILURE, refused.error().type());
    }

    @Test
    void anInvalidKeyIsRefusedBeforeAnyShardIsAsked() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> client.put("", bytes("x")));

        assertEquals("key length = 0 (expected: 1..1024 characters)", e.getMessage());
        assertEquals(List.of(), shardsSentCommands());
    }

    @Test
    void everyShardsEventsReachTheOneConsumer() {
        List<String> heard = new ArrayList<>();
        client.onEvent(e -> heard.add(e.key() + "@" + e.version()), reason -> heard.add(reason));

        shards.get(4).transport.push("n1", new PublishRequest(SESSION, 11, 0,
                List.of(CODEC.event(new KvEvent("user-1", bytes("ada"), 11, false)))));
        shards.get(0).transport.push("n1", new PublishRequest(SESSION, 11, 0,
                List.of(CODEC.event(new KvEvent("user-2", bytes("bob"), 11, false)))));

        assertEquals(List.of("user-1@11", "user-2@11"), heard);
    }

    @Test
    void closingClosesEveryShardsSession() {
        client.close();

        for (Shard shard : shards) {
            assertEquals(1, shard.transport.sent(CloseSessionRequest.class).size());
            assertEquals(1, shard.transport.closes());
        }
    }
}
