package io.raftwire.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.RaftRole;
import io.microraft.report.RaftNodeReport;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.kv.KvEntry;
import io.raftwire.node.kv.KvGet;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.fault.FaultPlan;
import io.raftwire.transport.fault.FaultyTransport;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.NettyTransportFactory;
import io.raftwire.transport.netty.testkit.Await;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A lease read ({@link ReadConsistency#LINEARIZABLE_LEASE}) never returns what a newer leader's acknowledged write has
 * replaced. raftwire's failure detector (at its defaults: {@code leader-timeout-ms} 1000) lets the two followers of a
 * leader cut off from them elect a new leader after about a second, while the old leader believes it leads until the
 * engine's {@code heartbeat-timeout-secs} (5, the default) have passed without a majority answering: if it served the
 * read from its lease (MicroRaft's {@code LEADER_LEASE}) it would answer the value it had before. With the detector on
 * the node runs a lease read as a linearizable read, which needs a majority, so the old leader refuses it once it
 * steps down, and answers nothing stale before.
 *
 * <p>The read goes over a raw client transport to the old leader's client port (the client library would follow
 * another member), in a session opened there with {@code LINEARIZABLE_LEASE}. The isolation blackholes the Raft
 * traffic between the old leader and each other member, both ways, with the test-jar's {@link FaultPlan} (blackholes
 * only: no fault decision draws from its seed); client ports are not touched.
 */
class LeaseReadIT {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String READER = "lease-reader";

    @Test
    @Timeout(120)
    void aCutOffLeaderServesNoStaleLeaseReadAfterTheOthersElectedANewLeaderAndWrote() throws Exception {
        FaultPlan plan = FaultPlan.seeded(1);
        Map<String, String> base = KvCluster.base("kryo");
        // the engine's own lease at its default, as a user gets it; the detector keys are left at their defaults
        base.remove(ConfigKeys.RAFT_HEARTBEAT_TIMEOUT_SECS.name());
        try (LocalCluster cluster = LocalCluster.start(3, base, null, config -> node(config, plan))) {
            int l = cluster.awaitLeader(WAIT);
            String oldLeader = LocalCluster.id(l);
            RaftwireNode leader = cluster.node(l);
            List<PeerAddress> others = cluster.clientAddresses().stream()
                    .filter(p -> !p.id().equals(oldLeader)).toList();
            try (NettyTransport raw = rawClient(cluster, base)) {
                raw.start();
                OperationCodec codec = KvNodes.codecs(cluster.config(0), KvNodes.registry()).stream()
                        .filter(c -> c.serializerName().equals("kryo")).findFirst().orElseThrow();
                OpenSessionResponse opened = Await.value(raw.request(oldLeader, new OpenSessionRequest(
                        new MemberId(READER), "kv", "kv", new byte[0], ReadConsistency.LINEARIZABLE_LEASE, 60_000,
                        60_000), OpenSessionResponse.class, WAIT), WAIT);
                assertEquals(Status.OK, opened.status(), () -> "open: " + opened.error());
                long session = opened.session();
                CommandResponse put1 = Await.value(raw.request(oldLeader, new CommandRequest(session, 1,
                        codec.command(new KvPut("k", bytes("v1")))), CommandResponse.class, WAIT), WAIT);
                assertEquals(Status.OK, put1.status(), () -> "put v1: " + put1.error());
                QueryRequest read = new QueryRequest(session, 1, codec.query(new KvGet("k")), 0);
                QueryResponse before = Await.value(raw.request(oldLeader, read, QueryResponse.class, WAIT), WAIT);
                assertEquals(Status.OK, before.status(), () -> "read before the isolation: " + before.error());
                assertEquals("v1", text(codec.decodeResult(before.result(), KvResult.class).value()));
                int term = report(leader).getTerm().getTerm();

                plan.partition(oldLeader, others.stream().map(PeerAddress::id).toList());
                Await.until(WAIT, () -> newLeaderOf(cluster, l, term) >= 0,
                        () -> "the two members cut off from " + oldLeader + " elect a leader in a term above " + term);
                long v2Index;
                try (KvClient writer = writer(cluster, others)) {
                    KvResult put2 = Await.value(writer.put("k", bytes("v2")), WAIT);
                    assertTrue(put2.success(), () -> "put v2 through the new leader: " + put2);
                    v2Index = put2.version();
                }

                RaftNodeReport still = report(leader);
                assertTrue(still.getRole() == RaftRole.LEADER && still.getTerm().getTerm() == term,
                        () -> oldLeader + " stepped down before the lease read (role " + still.getRole() + ", term "
                                + still.getTerm().getTerm() + "; expected: leader of term " + term + "), so the read"
                                + " would prove nothing: raise raftwire.raft.heartbeat-timeout-secs");
                QueryResponse after = Await.value(raw.request(oldLeader, read, QueryResponse.class, WAIT), WAIT);
                assertEquals(Status.ERROR, after.status(), () -> "the lease read on the cut-off leader " + oldLeader
                        + " answered " + (after.status() == Status.OK ? text(codec.decodeResult(after.result(),
                        KvResult.class).value()) : after.error()) + " after the new leader acknowledged v2 at index "
                        + v2Index + " (expected: a refusal, since " + oldLeader + " cannot confirm it leads)");
                RaftError refusal = after.error();
                assertEquals(RaftError.Type.NO_LEADER, refusal.type(), refusal::toString);
                assertEquals("this member does not lead and knows no leader", refusal.message());
                assertNull(refusal.leader(), refusal::toString);

                plan.healAll();
                for (RaftwireNode n : cluster.running()) {
                    KvEntry k = Await.value(n.read(v2Index, WAIT, sm -> ((KvStateMachine) sm).entry("k")), WAIT);
                    assertEquals("v2", text(k.value()), () -> n.memberId() + " after the heal");
                    assertEquals(v2Index, k.version(), () -> n.memberId() + " after the heal");
                }
            }
        }
    }

    private static RaftwireNode node(RaftwireConfig config, FaultPlan plan) {
        TypeRegistry registry = KvNodes.registry();
        Duration requestTimeout = Duration.ofMillis(config.get(ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS));
        return RaftwireNode.builder(config, registry)
                .stateMachine(new KvStateMachine(KvNodes.codecs(config, registry), System::currentTimeMillis))
                .peerTransportWrapper(t -> new FaultyTransport(t, plan, requestTimeout))
                .build();
    }

    /**
     * The member other than {@code excluded} that leads in a term above {@code term} and that every member other than
     * {@code excluded} names, or -1.
     */
    private static int newLeaderOf(LocalCluster cluster, int excluded, int term) {
        for (int i = 0; i < cluster.size(); i++) {
            RaftwireNode n = cluster.node(i);
            if (i == excluded || !n.isLeader() || n.raftNode().getTerm().getTerm() <= term) {
                continue;
            }
            boolean named = true;
            for (int j = 0; j < cluster.size(); j++) {
                var known = cluster.node(j).raftNode().getTerm().getLeaderEndpoint();
                named &= j == excluded || known != null && n.memberId().equals(known.getId());
            }
            if (named) {
                return i;
            }
        }
        return -1;
    }

    /** A KV client of the members in {@code members} only, so that it never asks the cut-off leader. */
    private static KvClient writer(LocalCluster cluster, List<PeerAddress> members) {
        KvClient client = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(), members)
                .clientId("lease-writer").operationTimeout(WAIT));
        client.session().connect();
        return client;
    }

    /** A transport to every member's client port as client {@value #READER}. */
    private static NettyTransport rawClient(LocalCluster cluster, Map<String, String> base) {
        Map<String, String> values = new LinkedHashMap<>(base);
        values.put(ConfigKeys.NODE_ID.name(), READER);
        values.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:0");
        values.put(ConfigKeys.PEERS.name(), cluster.clientAddresses().stream()
                .map(p -> p.id() + "=" + p.address()).collect(Collectors.joining(",")));
        return NettyTransportFactory.create(RaftwireConfig.of(values), KvNodes.registry());
    }

    private static RaftNodeReport report(RaftwireNode n) throws Exception {
        return n.raftNode().getReport().get(WAIT.toMillis(), TimeUnit.MILLISECONDS).getResult();
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(byte[] b) {
        return b == null ? null : new String(b, StandardCharsets.UTF_8);
    }
}
