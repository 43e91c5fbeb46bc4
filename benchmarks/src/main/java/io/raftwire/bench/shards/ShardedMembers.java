package io.raftwire.bench.shards;

import io.micrometer.core.instrument.MeterRegistry;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftGroup;
import io.raftwire.node.RaftwireMember;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.client.ShardedKvClient;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.shard.LeaderBalancer;
import io.raftwire.transport.FreePorts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Three KV members in this JVM on loopback, each hosting {@code groups} groups ({@link KvNodes#member}), durable
 * (each group's data directory under a fresh temporary directory, fsync as shipped) or in memory, plaintext (with
 * {@code raftwire.security.plaintext-admin}, so that {@link #balanceLeaders} may transfer leaders), the shipped engine
 * settings, optionally metered into one registry. Not thread-safe.
 */
final class ShardedMembers implements AutoCloseable {

    static final int SIZE = 3;

    private final List<RaftwireConfig> configs;
    private final List<RaftwireMember> members = new ArrayList<>();
    private final Path dataRoot;
    private final MeterRegistry registry;

    private ShardedMembers(List<RaftwireConfig> configs, Path dataRoot, MeterRegistry registry) {
        this.configs = configs;
        this.dataRoot = dataRoot;
        this.registry = registry;
    }

    /** Starts the members and waits until every group on every member knows a leader. */
    static ShardedMembers start(int groups, String serializer, boolean durable, Duration timeout) throws IOException {
        return start(groups, serializer, durable, Map.of(), null, timeout);
    }

    /**
     * As above, with {@code extra} settings (e.g. {@code raftwire.node.sync-threads}) on every member, and every
     * member's meters in {@code registry} ({@code null}: no meters, as the program runs without a metrics port).
     */
    static ShardedMembers start(int groups, String serializer, boolean durable, Map<String, String> extra,
            MeterRegistry registry, Duration timeout) throws IOException {
        Path root = durable ? Files.createTempDirectory("raftwire-shards-bench") : null;
        List<Integer> ports = FreePorts.pick(2 * SIZE);
        List<RaftwireConfig> configs = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            Map<String, String> v = new LinkedHashMap<>();
            v.put(ConfigKeys.SERIALIZER.name(), serializer);
            v.put(ConfigKeys.CLUSTER_ID.name(), "bench-shards");
            v.put(ConfigKeys.TLS_ENABLED.name(), "false"); // loopback, as the cluster benchmark runs
            v.put(ConfigKeys.SECURITY_PLAINTEXT_ADMIN.name(), "true"); // leadership transfers, for balanceLeaders
            v.put(ConfigKeys.GROUPS.name(), String.valueOf(groups));
            v.put(ConfigKeys.NODE_ID.name(), id(i));
            v.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i));
            v.put(ConfigKeys.NODE_CLIENT_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i + 1));
            List<String> peers = new ArrayList<>();
            for (int j = 0; j < SIZE; j++) {
                if (j != i) {
                    peers.add(id(j) + "=127.0.0.1:" + ports.get(2 * j));
                }
            }
            v.put(ConfigKeys.PEERS.name(), String.join(",", peers));
            v.put(ConfigKeys.RAFT_INITIAL_MEMBERS.name(), String.join(",", id(0), id(1), id(2)));
            if (root != null) {
                v.put(ConfigKeys.NODE_DATA_DIR.name(), root.resolve(id(i)).toString());
            }
            v.putAll(extra);
            configs.add(RaftwireConfig.of(v));
        }
        ShardedMembers m = new ShardedMembers(configs, root, registry);
        try {
            for (RaftwireConfig c : configs) {
                RaftwireMember.Builder b = KvNodes.memberBuilder(c);
                m.members.add((registry == null ? b : b.metrics(registry)).build().start());
            }
            m.awaitLeaders(timeout);
            return m;
        } catch (RuntimeException | Error e) {
            m.close();
            throw e;
        }
    }

    static String id(int index) {
        return "m-" + (index + 1);
    }

    List<RaftwireMember> members() {
        return members;
    }

    /** The registry the members' meters are in, or {@code null}. */
    MeterRegistry registry() {
        return registry;
    }

    /** How many groups each member leads now, as each member itself believes: {@code m-1:16,m-2:0,m-3:0}. */
    String leaders() {
        List<String> counts = new ArrayList<>();
        for (RaftwireMember m : members) {
            long led = m.groups().stream().filter(RaftGroup::isLeader).count();
            counts.add(m.memberId() + ":" + led);
        }
        return String.join(",", counts);
    }

    /**
     * Spreads the groups' leaders over the members as {@code raftwire admin balance-leaders} does
     * ({@link LeaderBalancer}, up to {@code passes} passes), then waits until every group has a leader again.
     *
     * @return where the leaders are afterwards, as {@link #leaders()}
     */
    String balanceLeaders(int passes, Duration timeout) {
        List<PeerAddress> addresses = clientAddresses();
        String cluster = configs.get(0).get(ConfigKeys.CLUSTER_ID);
        int groups = configs.get(0).get(ConfigKeys.GROUPS);
        List<RaftwireClient> clients = new ArrayList<>();
        try {
            for (int g = 0; g < groups; g++) {
                clients.add(RaftwireClient.builder(configs.get(0), KvNodes.registry(), addresses)
                        .group(GroupIds.id(cluster, g)).build().start());
            }
            new LeaderBalancer(clients, addresses.stream().map(PeerAddress::id).toList(), timeout).balance(passes);
        } finally {
            clients.forEach(RaftwireClient::close);
        }
        awaitLeaders(timeout);
        return leaders();
    }

    private List<PeerAddress> clientAddresses() {
        List<PeerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < SIZE; i++) {
            addresses.add(new PeerAddress(id(i), configs.get(i).get(ConfigKeys.NODE_CLIENT_ADDRESS)));
        }
        return addresses;
    }

    /** A sharded client over every group, linearizable reads, one connection per member. */
    ShardedKvClient client(Duration operationTimeout) {
        return ShardedKvClient.connect(configs.get(0), clientAddresses(), b -> b.operationTimeout(operationTimeout));
    }

    private void awaitLeaders(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        int groups = configs.get(0).get(ConfigKeys.GROUPS);
        for (int g = 0; g < groups; g++) {
            while (!hasLeader(g)) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IllegalStateException("group " + g + " has no leader every member knows after "
                            + timeout.toMillis() + " ms");
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            }
        }
    }

    private boolean hasLeader(int group) {
        for (RaftwireMember m : members) {
            if (m.group(group).raftNode().getTerm().getLeaderEndpoint() == null) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void close() {
        for (RaftwireMember m : members) {
            m.close();
        }
        members.clear();
        if (dataRoot != null) {
            try (Stream<Path> files = Files.walk(dataRoot)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
