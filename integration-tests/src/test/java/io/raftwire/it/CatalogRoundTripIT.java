package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.RaftRequest;
import io.raftwire.serializer.PoolStats;
import io.raftwire.transport.TransportStats;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every catalog request type, sent by every node of a 3-node loopback cluster to every other node, is answered with
 * its response type, equal to what the handler returned; both one-way types are delivered. The InstallRequest
 * (31.5 KB) is above this test's bulk threshold, so the bulk connections are exercised too.
 */
@ExtendWith(LeakDetectionExtension.class)
class CatalogRoundTripIT {

    private static final List<String> NODES = List.of("n1", "n2", "n3");

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk", "fory"})
    void shouldAnswerEveryCatalogRequestBetweenThreeNodes(String serializer) {
        Queue<String> oneWay = new ConcurrentLinkedQueue<>();
        try (LoopbackCluster cluster = new LoopbackCluster(NODES,
                id -> ItSupport.settings().bulkThresholdBytes(16 * 1024),
                id -> ItSupport.serializers(serializer),
                t -> {
                    ItSupport.answerCatalog(t);
                    t.onMessage(RaftRequest.class, (from, m) -> oneWay.add(from + "->" + t.memberId() + ":"
                            + m.equals(ItSupport.FIXTURES.realistic(MessageType.of(m.getClass()).orElseThrow()))));
                })) {
            cluster.awaitConnected(ItSupport.WAIT);
            List<CompletableFuture<Void>> checks = new ArrayList<>();
            for (String from : NODES) {
                for (String to : NODES) {
                    if (from.equals(to)) {
                        continue;
                    }
                    NettyTransport sender = cluster.node(from);
                    for (MessageType type : ItSupport.answeredRequests()) {
                        Object expected = ItSupport.FIXTURES.realistic(ItSupport.responseOf(type));
                        checks.add(sender.request(to, ItSupport.FIXTURES.realistic(type), Object.class)
                                .thenAccept(response -> assertEquals(expected, response, type + " " + from + "->"
                                        + to)));
                    }
                    checks.add(sender.send(to, ItSupport.FIXTURES.realistic(MessageType.PUBLISH_REQUEST)));
                    checks.add(sender.send(to, ItSupport.FIXTURES.realistic(MessageType.RESET_REQUEST)));
                }
            }
            Await.value(CompletableFuture.allOf(checks.toArray(new CompletableFuture<?>[0])), ItSupport.WAIT);
            Await.until(ItSupport.WAIT, () -> oneWay.size() == 12, () -> "one-way messages received: " + oneWay);
            assertTrue(oneWay.stream().allMatch(s -> s.endsWith(":true")), oneWay.toString());
            for (String id : NODES) {
                TransportStats stats = cluster.node(id).stats();
                // 2 peers x (urgent + bulk) outbound, and the same accepted from them
                assertEquals(8, stats.connections().established(), id + " " + stats.connections());
                assertEquals(0, stats.requests().pending());
                assertEquals(2 * ItSupport.answeredRequests().size(),
                        stats.messages().stream().filter(m -> m.typeName().endsWith("Response"))
                                .mapToLong(m -> m.received()).sum());
                PoolStats pool = stats.pools().get(serializer);
                assertNotNull(pool, id + " reports no pool for " + serializer + ": " + stats.pools());
                long uses = stats.messages().stream().mapToLong(m -> m.sent() + m.received()).sum();
                assertTrue(serializer.equals("jdk") ? pool.created() == 0 : pool.created() >= 1
                        && pool.created() < uses, id + " " + pool + " for " + uses + " messages");
            }
        }
    }
}
