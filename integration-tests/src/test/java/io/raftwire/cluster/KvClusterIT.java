package io.raftwire.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.it.ItProviders;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.netty.testkit.Await;

import java.util.List;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.raftwire.transport.netty.testkit.LogCapture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The replicated KV store through real client sessions, on loopback sockets. */
class KvClusterIT {

    /** Members stopped on purpose: their peers report them unreachable. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane");

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T join(java.util.concurrent.CompletableFuture<T> f) throws Exception {
        return f.get(KvCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk", "fory"})
    @Timeout(90)
    void readsSeeTheLatestAcknowledgedWriteAndEveryMemberEndsEqual(String serializer) throws Exception {
        try (KvCluster kv = KvCluster.start(3, serializer); KvClient client = kv.client()) {
            for (int i = 0; i < 100; i++) {
                KvResult put = join(client.put("k" + (i % 10), bytes("v" + i)));
                assertTrue(put.success());
                KvResult got = join(client.get("k" + (i % 10)));
                assertArrayEquals(bytes("v" + i), got.value(), "read after write " + i);
                assertEquals(put.version(), got.version());
            }
            KvResult current = join(client.get("k3"));
            KvResult stale = join(client.compareAndSet("k3", current.version() - 1, bytes("no")));
            assertFalse(stale.success(), "a compare-and-set with a stale version must not write");
            KvResult cas = join(client.compareAndSet("k3", current.version(), bytes("yes")));
            assertTrue(cas.success());
            assertArrayEquals(bytes("yes"), join(client.get("k3")).value());
            assertTrue(join(client.delete("k3")).success());
            assertFalse(join(client.get("k3")).success(), "a deleted key reads as absent");
            assertNull(join(client.get("k3")).value());
            Map<String, Long> digests = kv.digests();
            assertEquals(1, new HashSet<>(digests.values()).size(), "state machines differ: " + digests);
        }
    }

    @ParameterizedTest
    @MethodSource("killedLeaderProviders")
    @Timeout(120)
    void aKilledLeaderLosesNoAcknowledgedWriteAndTheClientNeverSeesAnError(String serializer) throws Exception {
        try (KvCluster kv = KvCluster.start(3, serializer); KvClient client = kv.client()) {
            int first = kv.awaitLeader();
            int acked = 0;
            for (int i = 0; i < 60; i++) {
                if (i == 30) {
                    kv.cluster.stop(first);
                    long start = System.nanoTime();
                    int next = kv.awaitLeader();
                    System.out.println("KvClusterIT " + serializer + ": leader " + LocalCluster.id(first)
                            + " stopped, " + LocalCluster.id(next) + " leads after "
                            + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms");
                }
                assertTrue(join(client.put("key-" + i, bytes("value-" + i))).success());
                acked++;
            }
            for (int i = 0; i < acked; i++) {
                assertArrayEquals(bytes("value-" + i), join(client.get("key-" + i)).value(), "key-" + i);
            }
            Map<String, Long> digests = kv.digests();
            assertEquals(2, digests.size());
            assertEquals(1, new HashSet<>(digests.values()).size(), "state machines differ: " + digests);
        }
    }

    @Test
    @Timeout(90)
    void sequentialReadsServedByAnyMemberNeverGoBackInTime() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo");
                KvClient writer = kv.client();
                KvClient reader = kv.client(ReadConsistency.SEQUENTIAL, Duration.ofSeconds(5))) {
            long lastVersion = 0;
            for (int i = 0; i < 50; i++) {
                KvResult put = join(reader.put("seq", bytes("v" + i)));
                KvResult got = join(reader.get("seq"));
                assertTrue(got.version() >= put.version(), "a sequential read saw an older state than its own write");
                assertTrue(got.version() >= lastVersion);
                lastVersion = got.version();
                join(writer.put("other", bytes("x" + i)));
            }
        }
    }

    @Test
    @Timeout(90)
    void aSessionThatStopsKeepingAliveExpiresOnEveryMember() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo"); KvClient writer = kv.client()) {
            KvClient doomed = kv.client(ReadConsistency.LINEARIZABLE, Duration.ofMillis(1500));
            long session = doomed.session().sessionId();
            doomed.session().disconnect();
            // expiry is driven by the timestamps of entries the leader appends, so keep writing
            Await.until(KvCluster.WAIT, () -> {
                writer.put("tick", bytes("t")).join();
                return kv.cluster.running().stream().allMatch(n -> !sessionOpen(n, session));
            }, () -> "session " + session + " still open somewhere");
            Map<String, Long> digests = kv.digests();
            assertEquals(1, new HashSet<>(digests.values()).size(), "state machines differ: " + digests);
        }
    }

    @Test
    @Timeout(90)
    void aCommandRetriedAfterItsResponseWasLostIsAppliedOnce() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo"); KvClient observer = kv.client()) {
            int leader = kv.awaitLeader();
            java.util.Map<String, String> own = new java.util.HashMap<>(kv.base);
            own.put("raftwire.node.id", "raw-client");
            own.put("raftwire.peers", LocalCluster.id(leader) + "="
                    + kv.cluster.node(leader).clientAddress());
            var registry = io.raftwire.node.KvNodes.registry();
            try (var raw = io.raftwire.transport.netty.NettyTransportFactory.create(
                    io.raftwire.config.RaftwireConfig.of(own), registry)) {
                raw.start();
                var codec = new io.raftwire.node.kv.OperationCodec(io.raftwire.serializer.Serializers.create("kryo",
                        registry, io.raftwire.serializer.SerializerOptions.defaults()));
                String to = LocalCluster.id(leader);
                var opened = join(raw.request(to, new io.raftwire.message.request.OpenSessionRequest(
                        new io.raftwire.message.value.MemberId("raw-client"), "kv", "kv", new byte[0],
                        ReadConsistency.LINEARIZABLE, 5000, 5000),
                        io.raftwire.message.response.OpenSessionResponse.class));
                long session = opened.session();
                var first = new io.raftwire.message.request.CommandRequest(session, 1,
                        codec.command(new io.raftwire.node.kv.KvPut("once", bytes("a"))));
                var second = new io.raftwire.message.request.CommandRequest(session, 2,
                        codec.command(new io.raftwire.node.kv.KvPut("once", bytes("b"))));
                Class<io.raftwire.message.response.CommandResponse> type =
                        io.raftwire.message.response.CommandResponse.class;
                var r1 = join(raw.request(to, first, type));
                var r2 = join(raw.request(to, second, type));
                // the response to sequence 1 was "lost": the client sends the very same request again
                var again = join(raw.request(to, first, type));
                assertEquals(r1.index(), again.index(), "a retry must be answered from the first application");
                assertArrayEquals(r1.result(), again.result());
                KvResult now = join(observer.get("once"));
                assertArrayEquals(bytes("b"), now.value(), "the retried put must not be applied again");
                assertEquals(codec.decodeResult(r2.result(), KvResult.class).version(), now.version());
            }
        }
    }

    private static boolean sessionOpen(RaftwireNode n, long session) {
        return n.read(0, KvCluster.WAIT, sm -> ((KvStateMachine) sm).isSessionOpen(session)).join();
    }

    @Test
    @Timeout(120)
    void aMemberJoinsAndAnotherLeavesWhileWritesGoOnAndLeadershipMovesOnRequest() throws Exception {
        try (KvCluster kv = KvCluster.start(4, 3, KvCluster.base("kryo"), null); KvClient client = kv.client()) {
            for (int i = 0; i < 20; i++) {
                join(client.put("before-" + i, bytes("b")));
            }
            var joined = join(client.session().join(LocalCluster.id(3), RaftMember.Type.ACTIVE));
            assertEquals(RaftResponse.Status.OK, joined.status(), String.valueOf(joined.error()));
            assertEquals(4, joined.members().size());
            RaftwireNode newcomer = kv.cluster.restart(3);
            for (int i = 0; i < 20; i++) {
                join(client.put("during-" + i, bytes("d")));
            }
            Await.until(KvCluster.WAIT, () -> newcomer.read(0, KvCluster.WAIT,
                    sm -> ((KvStateMachine) sm).entry("during-19") != null).join(), () -> "newcomer caught up");
            int leader = kv.awaitLeader();
            int leaving = leader == 1 ? 2 : 1;
            var left = join(client.session().leave(LocalCluster.id(leaving)));
            assertEquals(RaftResponse.Status.OK, left.status(), String.valueOf(left.error()));
            assertEquals(3, left.members().size());
            kv.cluster.stop(leaving);
            var moved = join(client.session().transferLeadership(LocalCluster.id(3)));
            assertEquals(RaftResponse.Status.OK, moved.status(), String.valueOf(moved.error()));
            Await.until(KvCluster.WAIT, () -> kv.cluster.node(3).isLeader(), () -> "node-4 leads");
            for (int i = 0; i < 20; i++) {
                assertTrue(join(client.put("after-" + i, bytes("a"))).success());
            }
            Map<String, Long> digests = kv.digests();
            assertEquals(3, digests.size());
            assertEquals(1, new HashSet<>(digests.values()).size(), "state machines differ: " + digests);
        }
    }

    /**
     * One provider in the default test command (the reads test runs a cluster on all four there), three in the long
     * profile.
     */
    static List<String> killedLeaderProviders() {
        return ItProviders.of("protostuff", "kryo", "protostuff", "jdk");
    }
}
