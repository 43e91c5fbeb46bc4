package io.raftwire.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.linearizability.CheckLimits;
import io.raftwire.linearizability.CheckResult;
import io.raftwire.linearizability.HistoryRecorder;
import io.raftwire.linearizability.LinearizabilityChecker;
import io.raftwire.linearizability.Operation;
import io.raftwire.linearizability.Outcome;
import io.raftwire.linearizability.Verdict;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireMember;
import io.raftwire.node.StateCheck;
import io.raftwire.node.client.ShardedKvClient;
import io.raftwire.node.kv.KvResult;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.shard.ShardFunction;
import io.raftwire.testkit.Seeds;
import io.raftwire.transport.FreePorts;
import io.raftwire.transport.fault.FaultPlan;
import io.raftwire.transport.fault.FaultyTransport;
import io.raftwire.transport.fault.LinkFaults;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chaos suite's multi-group scenario: three durable members hosting four groups, five clients each with its own
 * {@link ShardedKvClient} running the chaos workload over eight keys (two in each of the four shards, picked with
 * {@link ShardFunction}; the test checks every shard's keys saw answered operations), while every Raft
 * link drops 10 % of its messages, the member leading group 0 is cut off from the others and healed, and a member is
 * stopped and restarted from its directory. Then each key's history must be linearizable (the project's checker,
 * per key), no acknowledged write lost, and every group's state machines equal on the three members. Seeded:
 * {@code -Dtest.seed=<n>} replays a run (the fault decisions of {@link FaultPlan} and the workload).
 */
@Tag("long")
class ShardedChaosIT {

    private static final int GROUPS = 4;
    private static final int KEYS_PER_SHARD = 2;
    private static final Duration WAIT = Duration.ofSeconds(60);
    /** Operations over all clients; the long profile's fresh seeds run the same budget. */
    private static final int OPERATIONS = Integer.getInteger("chaos.sharded.operations", 300);

    @RegisterExtension
    final LogCapture logs = ChaosLogs.capture();

    @TempDir
    Path data;

    @Test
    @Timeout(240)
    @SuppressWarnings("try") // probeClient is opened so that it is closed with the workload, not used by name
    void everyKeysHistoryIsLinearizableAcrossGroupsUnderFaults() throws Exception {
        long seed = Seeds.seed("ShardedChaosIT");
        String replay = " (seed " + seed + "; replay: mvn -B -ntp -pl integration-tests -am verify -Dit.test="
                + "ShardedChaosIT -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false -Dtest.seed=" + seed + ")";
        SplittableRandom random = new SplittableRandom(seed);
        FaultPlan plan = FaultPlan.seeded(seed);
        List<RaftwireConfig> configs = configs(data);
        List<RaftwireMember> members = new ArrayList<>();
        HistoryRecorder recorder = new HistoryRecorder();
        RecordingClient.Counts counts = new RecordingClient.Counts();
        Map<String, String> finalReads = new LinkedHashMap<>();
        try {
            for (RaftwireConfig c : configs) {
                members.add(member(c, plan));
            }
            members.forEach(RaftwireMember::start);
            awaitLeaders(members);
            List<RecordingClient> clients = new ArrayList<>();
            for (int i = 1; i <= 5; i++) {
                clients.add(new RecordingClient("c" + i, client(configs), recorder,
                        ChaosRun.OPERATION_TIMEOUT.plusSeconds(10), counts, 0));
            }
            RecordingClient probe = new RecordingClient("probe", client(configs), recorder,
                    ChaosRun.OPERATION_TIMEOUT.plusSeconds(10), counts, 0);
            Workload workload = new Workload(clients, keysPerShard(), random.nextLong(), OPERATIONS);
            try (workload; var probeClient = probe.kv()) {
                workload.start();
                for (String a : ids()) {
                    for (String b : ids()) {
                        if (!a.equals(b)) {
                            plan.set(a, b, LinkFaults.drop(0.10));
                        }
                    }
                }
                awaitIssued(workload, OPERATIONS / 3);
                int isolated = Math.max(0, leaderOf(members, 0));
                plan.partition(ids().get(isolated), othersThan(isolated));
                Await.until(WAIT, () -> leaderOtherThan(members, 0, isolated) >= 0,
                        () -> "group 0 elects a leader other than the cut-off " + ids().get(isolated) + replay);
                plan.healAll();
                awaitIssued(workload, 2 * OPERATIONS / 3);
                int restarted = random.nextInt(3);
                members.get(restarted).close();
                members.set(restarted, member(configs.get(restarted), plan).start());
                workload.stop(ChaosRun.OPERATION_TIMEOUT.plusSeconds(15));
                assertTrue(!workload.stuck(), "a client thread is stuck" + replay);
                awaitLeaders(members);
                for (String key : workload.keys()) {
                    KvResult r = probe.get(key);
                    finalReads.put(key, r == null ? null : r.success() ? RecordingClient.decode(r.value()) : null);
                }
                for (int g = 0; g < GROUPS; g++) {
                    Map<String, StateCheck.MemberState> states = StateCheck.groupAtOneIndex(members, g,
                            ChaosCluster.CATCH_UP);
                    assertEquals(1, states.values().stream().map(StateCheck.MemberState::digest).distinct().count(),
                            "group " + g + "'s state machines differ at one index: " + states + replay);
                }
            }
        } finally {
            members.forEach(RaftwireMember::close);
        }
        List<Operation> history = recorder.history();
        CheckResult check = new LinearizabilityChecker(ChaosRun.MODEL, CheckLimits.DEFAULT).check(history);
        System.out.println("chaos sharded seed " + seed + ": " + history.size() + " operations (" + counts + "), "
                + check.verdict() + " over " + check.keys().size() + " keys");
        assertEquals(Verdict.LINEARIZABLE, check.verdict(), () -> check.report() + replay);
        assertEquals(allShards(), answeredShards(history),
                "the shards whose keys got at least one answered operation" + replay);
        assertEquals(List.of(), LostWrites.find(history, finalReads), "acknowledged writes lost" + replay);
        assertEquals(0, counts.uncompleted.get(), "client futures never completed: " + counts + replay);
    }

    /** {@value #KEYS_PER_SHARD} keys of each shard: the first keys {@code k0, k1, ...} each shard gets. */
    static List<String> keysPerShard() {
        ShardFunction shards = new ShardFunction(GROUPS);
        Map<Integer, List<String>> byShard = new TreeMap<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; keys.size() < GROUPS * KEYS_PER_SHARD; i++) {
            String key = "k" + i;
            List<String> ofShard = byShard.computeIfAbsent(shards.shardOf(key), s -> new ArrayList<>());
            if (ofShard.size() < KEYS_PER_SHARD) {
                ofShard.add(key);
                keys.add(key);
            }
        }
        return keys;
    }

    private static TreeSet<Integer> allShards() {
        TreeSet<Integer> all = new TreeSet<>();
        for (int g = 0; g < GROUPS; g++) {
            all.add(g);
        }
        return all;
    }

    private static TreeSet<Integer> answeredShards(List<Operation> history) {
        ShardFunction shards = new ShardFunction(GROUPS);
        TreeSet<Integer> answered = new TreeSet<>();
        for (Operation op : history) {
            if (op.outcome() instanceof Outcome.Ok) {
                answered.add(shards.shardOf(op.key()));
            }
        }
        return answered;
    }

    private static List<String> ids() {
        return List.of("m-1", "m-2", "m-3");
    }

    private static List<String> othersThan(int index) {
        List<String> others = new ArrayList<>(ids());
        others.remove(index);
        return others;
    }

    private static List<RaftwireConfig> configs(Path data) {
        List<Integer> ports = FreePorts.pick(6);
        List<RaftwireConfig> configs = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Map<String, String> v = new LinkedHashMap<>(ChaosCluster.base("kryo"));
            v.put(ConfigKeys.CLUSTER_ID.name(), "chaos-shards");
            v.put(ConfigKeys.GROUPS.name(), String.valueOf(GROUPS));
            v.put(ConfigKeys.NODE_ID.name(), ids().get(i));
            v.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i));
            v.put(ConfigKeys.NODE_CLIENT_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i + 1));
            List<String> peers = new ArrayList<>();
            for (int j = 0; j < 3; j++) {
                if (j != i) {
                    peers.add(ids().get(j) + "=127.0.0.1:" + ports.get(2 * j));
                }
            }
            v.put(ConfigKeys.PEERS.name(), String.join(",", peers));
            v.put(ConfigKeys.RAFT_INITIAL_MEMBERS.name(), String.join(",", ids()));
            v.put(ConfigKeys.NODE_DATA_DIR.name(), data.resolve(ids().get(i)).toString());
            configs.add(RaftwireConfig.of(v));
        }
        return configs;
    }

    private static RaftwireMember member(RaftwireConfig config, FaultPlan plan) {
        Duration requestTimeout = Duration.ofMillis(config.get(ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS));
        var registry = KvNodes.registry();
        return RaftwireMember.builder(config, registry)
                .stateMachines(g -> new KvStateMachine(KvNodes.codecs(config, registry), System::currentTimeMillis))
                .peerTransportWrapper(t -> new FaultyTransport(t, plan, requestTimeout))
                .build();
    }

    private static ShardedKvClient client(List<RaftwireConfig> configs) {
        List<PeerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            addresses.add(new PeerAddress(ids().get(i), configs.get(i).get(ConfigKeys.NODE_CLIENT_ADDRESS)));
        }
        return ShardedKvClient.connect(configs.get(0), addresses, b -> b.readConsistency(
                ReadConsistency.LINEARIZABLE).sessionTimeout(Duration.ofSeconds(20))
                .operationTimeout(ChaosRun.OPERATION_TIMEOUT));
    }

    /** The index of the first member that believes it leads {@code group}, or -1. */
    private static int leaderOf(List<RaftwireMember> members, int group) {
        return leaderOtherThan(members, group, -1);
    }

    /** The index of the first member but {@code excluded} that believes it leads {@code group}, or -1. */
    private static int leaderOtherThan(List<RaftwireMember> members, int group, int excluded) {
        for (int i = 0; i < members.size(); i++) {
            if (i != excluded && members.get(i).group(group).isLeader()) {
                return i;
            }
        }
        return -1;
    }

    private static void awaitLeaders(List<RaftwireMember> members) {
        for (int g = 0; g < GROUPS; g++) {
            int group = g;
            Await.until(WAIT, () -> leaderOf(members, group) >= 0, () -> "group " + group + " has a leader");
        }
    }

    private static void awaitIssued(Workload workload, int count) {
        Await.until(WAIT, () -> workload.issued() >= count || workload.done(),
                () -> count + " operations issued (issued " + workload.issued() + ")");
    }
}
