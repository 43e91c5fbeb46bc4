package io.raftwire.chaos;

import io.microraft.report.RaftGroupMembers;
import io.microraft.statemachine.StateMachine;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.it.FaultProxy;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.config.HostPort;
import io.raftwire.transport.fault.FaultPlan;
import io.raftwire.transport.fault.FaultyTransport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * A loopback KV cluster built for faults: every member's transport to the other members is wrapped in a
 * {@link FaultyTransport} sharing one {@link FaultPlan}; optionally every member dials each peer through its own
 * {@link FaultProxy} (one per directed link, for real-socket faults), keeps its Raft state in its data directory
 * under a data root (so that it can be restarted), runs its state machine through a wrapper (planted bugs), and takes
 * per-member setting overrides read at each (re)start (the serializer switch).
 *
 * <p>Not thread-safe: one driver thread (the scenario), like {@link LocalCluster}.
 */
final class ChaosCluster implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);
    /**
     * How long one member may take to apply an index it is behind on: longer than {@link #WAIT} because a member whose
     * log the leader does not know (restarted, or back from a partition) is found by MicroRaft 0.7's leader one entry
     * per round trip, from the leader's last index down (at most the entries since the leader's last snapshot, 200
     * here, plus those not yet committed), and every frame of that walk lost to the scenario's drops costs the engine's
     * 1 s back-off (4 rounds of its fixed 250 ms): about 40 s for a 200-entry walk at 10 % drops each way. The time it
     * took is reported as the run's recovery figure; the wait only decides when to give up.
     */
    static final Duration CATCH_UP = Duration.ofSeconds(90);

    /** Reads of every member's (applied index, digest) before {@link #digests} gives up on one common index. */
    private static final int DIGEST_ATTEMPTS = 21;

    final LocalCluster cluster;
    final FaultPlan plan;
    final Map<String, String> base;
    private final Map<String, FaultProxy> proxies;
    private final Map<String, Map<String, String>> overrides;

    private ChaosCluster(LocalCluster cluster, FaultPlan plan, Map<String, String> base,
            Map<String, FaultProxy> proxies, Map<String, Map<String, String>> overrides) {
        this.cluster = cluster;
        this.plan = plan;
        this.base = base;
        this.proxies = proxies;
        this.overrides = overrides;
    }

    /** The shared settings: E = 300 ms, short reconnect backoff, short request deadlines, snapshots every 200. */
    static Map<String, String> base(String serializer) {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.serializer", serializer);
        base.put("raftwire.cluster.id", "chaos");
        base.put("raftwire.tls.enabled", "false"); // loopback: plaintext on purpose
        base.put("raftwire.security.plaintext-admin", "true"); // the membership scenarios change members over it
        base.put("raftwire.raft.election-timeout-ms", "300");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        base.put("raftwire.raft.snapshot-interval", "200");
        base.put("raftwire.transport.request-timeout-ms", "1500");
        base.put("raftwire.transport.idle-timeout-ms", "3000");
        base.put("raftwire.transport.reconnect-initial-backoff-ms", "20");
        base.put("raftwire.transport.reconnect-max-backoff-ms", "300");
        return base;
    }

    /** What to build. */
    static final class Spec {
        int size = 3;
        int initial = -1;
        String serializer = "kryo";
        Path dataRoot;
        boolean proxies;
        UnaryOperator<StateMachine> stateMachineWrapper = UnaryOperator.identity();
        final Map<String, String> extra = new LinkedHashMap<>();
    }

    static ChaosCluster start(Spec spec, FaultPlan plan) {
        Map<String, String> base = base(spec.serializer);
        base.putAll(spec.extra);
        Map<String, FaultProxy> proxies = new ConcurrentHashMap<>();
        Map<String, Map<String, String>> overrides = new ConcurrentHashMap<>();
        LocalCluster cluster = LocalCluster.start(spec.size, spec.initial < 0 ? spec.size : spec.initial, base,
                spec.dataRoot, config -> node(config, plan, spec, proxies, overrides));
        return new ChaosCluster(cluster, plan, base, proxies, overrides);
    }

    private static RaftwireNode node(RaftwireConfig config, FaultPlan plan, Spec spec,
            Map<String, FaultProxy> proxies, Map<String, Map<String, String>> overrides) {
        Map<String, String> values = new LinkedHashMap<>(config.nonDefaults());
        String self = config.get(ConfigKeys.NODE_ID);
        values.putAll(overrides.getOrDefault(self, Map.of()));
        if (spec.proxies) {
            List<String> peers = new ArrayList<>();
            for (var peer : config.get(ConfigKeys.PEERS)) {
                FaultProxy proxy = proxies.computeIfAbsent(self + "->" + peer.id(), k -> proxy(peer.address()));
                peers.add(peer.id() + "=" + proxy.address());
            }
            values.put(ConfigKeys.PEERS.name(), String.join(",", peers));
        }
        RaftwireConfig own = RaftwireConfig.of(values);
        TypeRegistry registry = KvNodes.registry();
        Duration requestTimeout = Duration.ofMillis(own.get(ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS));
        StateMachine sm = spec.stateMachineWrapper.apply(
                new KvStateMachine(KvNodes.codecs(own, registry), System::currentTimeMillis));
        RaftwireNode.Builder b = RaftwireNode.builder(own, registry).stateMachine(sm)
                .peerTransportWrapper(t -> new FaultyTransport(t, plan, requestTimeout));
        // with raftwire.node.data-dir set the node opens its FileRaftStore itself, keeping the directory's serializer
        return b.build();
    }

    private static FaultProxy proxy(HostPort target) {
        try {
            return new FaultProxy(target);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The proxy {@code from} dials {@code to} through (proxied clusters only). */
    FaultProxy proxy(String from, String to) {
        FaultProxy p = proxies.get(from + "->" + to);
        if (p == null) {
            throw new IllegalStateException("no proxy " + from + "->" + to + " (expected: a cluster built with proxies"
                    + " and both members started once)");
        }
        return p;
    }

    /** Settings that member {@code id} gets on its next (re)start, on top of the shared ones. */
    void override(String id, String key, String value) {
        overrides.computeIfAbsent(id, k -> new ConcurrentHashMap<>()).put(key, value);
    }

    /** A connected KV client with linearizable reads and the given operation deadline. */
    KvClient client(String id, Duration operationTimeout, String serializer) {
        Map<String, String> values = new LinkedHashMap<>(base);
        values.put("raftwire.serializer", serializer);
        values.remove("raftwire.serializer.accept");
        RaftwireClient.Builder b = RaftwireClient.builder(RaftwireConfig.of(values), KvNodes.registry(),
                cluster.clientAddresses()).clientId(id).readConsistency(ReadConsistency.LINEARIZABLE)
                .sessionTimeout(Duration.ofSeconds(20)).operationTimeout(operationTimeout);
        KvClient client = KvNodes.client(b);
        client.session().connect();
        return client;
    }

    String id(int index) {
        return LocalCluster.id(index);
    }

    /** Running members' ids. */
    List<String> runningIds() {
        return cluster.running().stream().map(RaftwireNode::memberId).toList();
    }

    /** Waits for a leader every running member agrees on. */
    int awaitLeader() {
        return cluster.awaitLeader(WAIT);
    }

    /**
     * Waits until a member other than {@code excluded} leads and at least {@code quorum} running members (the leader
     * included) name it: a new leader in the majority, whatever the isolated old leader believes.
     *
     * @return its index
     */
    int awaitLeaderOtherThan(int excluded, int quorum) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (System.nanoTime() - deadline < 0) {
            for (int i = 0; i < cluster.size(); i++) {
                RaftwireNode n = cluster.node(i);
                if (i != excluded && n != null && n.isLeader() && followers(n.memberId()) >= quorum) {
                    return i;
                }
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
        }
        throw new IllegalStateException("no leader other than " + id(excluded) + " named by " + quorum
                + " members within " + WAIT.toMillis() + " ms");
    }

    private int followers(String leaderId) {
        int count = 0;
        for (RaftwireNode n : cluster.running()) {
            var leader = n.raftNode().getTerm().getLeaderEndpoint();
            if (leader != null && leaderId.equals(leader.getId())) {
                count++;
            }
        }
        return count;
    }

    /** Waits until every running member has applied log index {@code index}, each for up to {@link #CATCH_UP}. */
    void awaitApplied(long index) throws Exception {
        for (RaftwireNode n : cluster.running()) {
            n.read(index, CATCH_UP, sm -> null).get(CATCH_UP.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Each running member's state digest, all taken at one applied index: waits until every member has applied what
     * the leader has, reads (applied index, digest) on each, and tries again while the indexes differ (an entry, such
     * as a session keep-alive, committed in between).
     *
     * @throws AssertionError if the members were still at different indexes after {@value #DIGEST_ATTEMPTS} reads,
     *                        naming each member's last index, so that members that never settled are not reported as
     *                        state machines that differ
     */
    Map<String, Long> digests() throws Exception {
        Map<String, Long> lastIndexes = new TreeMap<>();
        for (int attempt = 0; attempt < DIGEST_ATTEMPTS; attempt++) {
            int leader = awaitLeader();
            long applied = cluster.node(leader).read(0, WAIT, sm -> kv(sm).lastAppliedIndex())
                    .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
            Map<String, Long> digests = new TreeMap<>();
            lastIndexes.clear();
            for (RaftwireNode n : cluster.running()) {
                long[] seen = n.read(applied, WAIT, sm -> new long[] {kv(sm).lastAppliedIndex(), kv(sm).digest()})
                        .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                lastIndexes.put(n.memberId(), seen[0]);
                digests.put(n.memberId(), seen[1]);
            }
            if (new HashSet<>(lastIndexes.values()).size() == 1) {
                return digests;
            }
        }
        throw new AssertionError("the members' applied indexes still differed after " + DIGEST_ATTEMPTS + " reads "
                + "(expected: one index, to compare the state digests at): " + lastIndexes);
    }

    /**
     * One line per configured member for a failure message: stopped, or its engine's own report (status, role, term,
     * leader, commit and last log index, committed and effective members with their log indexes, the leader's view of
     * its followers' match indexes), asked for with a short deadline so that a stuck engine shows as such.
     */
    String describe() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cluster.size(); i++) {
            RaftwireNode n = cluster.node(i);
            b.append("\n    ").append(id(i)).append(": ");
            if (n == null) {
                b.append("stopped");
                continue;
            }
            try {
                var r = n.raftNode().getReport().get(2, TimeUnit.SECONDS).getResult();
                long now = System.currentTimeMillis();
                var leader = r.getTerm().getLeaderEndpoint();
                b.append(r.getStatus()).append(' ').append(r.getRole()).append(" term ").append(r.getTerm().getTerm())
                        .append(" leader ").append(leader == null ? "-" : leader.getId())
                        .append(" voted ").append(r.getTerm().getVotedEndpoint() == null ? "-"
                                : r.getTerm().getVotedEndpoint().getId())
                        .append(", commit ").append(r.getLog().getCommitIndex())
                        .append(" last ").append(r.getLog().getLastLogOrSnapshotIndex())
                        .append(" (term ").append(r.getLog().getLastLogOrSnapshotTerm()).append(')')
                        .append(", committed members ").append(members(r.getCommittedMembers()))
                        .append(", effective ").append(members(r.getEffectiveMembers()));
                if (!r.getLog().getFollowerMatchIndices().isEmpty()) {
                    b.append(", match ").append(new TreeMap<>(r.getLog().getFollowerMatchIndices().entrySet().stream()
                            .collect(Collectors.toMap(e -> e.getKey().getId().toString(),
                                    Map.Entry::getValue))));
                }
                r.getLeaderHeartbeatTimestamp().ifPresent(t -> b.append(", leader heard ").append(now - t)
                        .append(" ms ago"));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                b.append("interrupted");
                break;
            } catch (ExecutionException | TimeoutException | RuntimeException e) {
                b.append("no report within 2 s (").append(e).append(')');
            }
        }
        return b.toString();
    }

    private static String members(RaftGroupMembers m) {
        return m.getMembers().stream().map(e -> e.getId() + (m.getVotingMembers().contains(e) ? "" : "(learner)"))
                .toList() + "@" + m.getLogIndex();
    }

    /** The KV state machine inside a (possibly wrapped) state machine. */
    static KvStateMachine kv(StateMachine sm) {
        return sm instanceof KvStateMachine k ? k : ((Unwrappable) sm).unwrap();
    }

    /** A state machine wrapper that gives access to the KV store it wraps. */
    interface Unwrappable {
        KvStateMachine unwrap();
    }

    @Override
    public void close() {
        cluster.close();
        proxies.values().forEach(FaultProxy::close);
    }
}
