package io.raftwire.cluster;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.NettyTransportFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session belongs to the client that opened it. Another client (another connection id on the client port) that
 * names it is refused: its command would otherwise take the owner's next sequence, so that the owner's own command
 * with that sequence got the intruder's cached result and was never applied, and its keep-alive or close would drop
 * the owner's results, events or the session itself.
 */
class ForeignSessionIT {

    private static final long WAIT_S = 30;

    @Test
    @Timeout(120)
    void anotherClientCannotCommandKeepAliveOrCloseASessionItDidNotOpen() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo"); KvClient owner = kv.client();
                NettyTransport intruder = intruder(kv)) {
            intruder.start();
            long session = owner.session().sessionId();
            String leader = LocalCluster.id(kv.awaitLeader());
            CommandRequest stolen = new CommandRequest(session, 1, owner.session().operationCodec()
                    .command(new KvPut("k", bytes("intruder"))));

            CommandResponse command = intruder.request(leader, stolen, CommandResponse.class)
                    .get(WAIT_S, TimeUnit.SECONDS);
            KeepAliveResponse keepAlive = intruder.request(leader, new KeepAliveRequest(new long[] {session},
                    new long[] {Long.MAX_VALUE / 2}, new long[] {Long.MAX_VALUE / 2}), KeepAliveResponse.class)
                    .get(WAIT_S, TimeUnit.SECONDS);
            CloseSessionResponse close = intruder.request(leader, new CloseSessionRequest(session, false),
                    CloseSessionResponse.class).get(WAIT_S, TimeUnit.SECONDS);

            assertRefused(command.status(), command.error(), session);
            assertRefused(keepAlive.status(), keepAlive.error(), session);
            assertRefused(close.status(), close.error(), session);
            KvResult put = owner.put("k", bytes("owner")).get(WAIT_S, TimeUnit.SECONDS);
            assertTrue(put.success());
            assertArrayEquals(bytes("owner"), owner.get("k").get(WAIT_S, TimeUnit.SECONDS).value(),
                    "the owner's first command was applied, not answered with another client's result");
        }
    }

    private static void assertRefused(RaftResponse.Status status, RaftError error, long session) {
        assertEquals(RaftResponse.Status.ERROR, status, "answered " + error);
        assertEquals(RaftError.Type.PROTOCOL_ERROR, error.type(), error.toString());
        assertTrue(error.message().contains("session " + session) && error.message().contains("intruder"),
                error.message());
    }

    private static NettyTransport intruder(KvCluster kv) {
        return rawClient(kv, "intruder");
    }

    /** A transport to every member's client port as client {@code id}, for requests the client API never sends. */
    static NettyTransport rawClient(KvCluster kv, String id) {
        Map<String, String> values = new LinkedHashMap<>(kv.base);
        values.put("raftwire.node.id", id);
        values.put("raftwire.node.address", "127.0.0.1:0");
        values.put("raftwire.peers", kv.cluster.clientAddresses().stream()
                .map(p -> p.id() + "=" + p.address()).collect(Collectors.joining(",")));
        return NettyTransportFactory.create(RaftwireConfig.of(values), KvNodes.registry());
    }

    /** A KV session open of client {@code client}, linearizable, with {@code timeoutMs} as its min and max timeout. */
    static OpenSessionRequest openRequest(String client, long timeoutMs) {
        return new OpenSessionRequest(new MemberId(client), "kv", "kv", new byte[0], ReadConsistency.LINEARIZABLE,
                timeoutMs, timeoutMs);
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
