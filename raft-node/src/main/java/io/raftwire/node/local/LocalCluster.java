package io.raftwire.node.local;

import io.microraft.RaftNodeStatus;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.RaftwireNode;
import io.raftwire.transport.FreePorts;
import io.raftwire.transport.TransportException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;

/**
 * A Raft group of several {@link RaftwireNode}s in one process, on loopback ports picked at start: what the demo
 * and the cluster tests run. Members are named {@code node-1..node-N}; each has its own data directory under the
 * given root when one is given. Nodes can be stopped and started again from their data directory.
 *
 * <p>Start, stop and restart from one thread at a time; {@link #node}, {@link #running} and {@link #leaderIndex} may be
 * read from any thread (the nodes themselves are thread-safe).
 */
public final class LocalCluster implements AutoCloseable {

    private final List<RaftwireConfig> configs;
    private final List<Map<String, String>> values;
    private final Function<RaftwireConfig, RaftwireNode> factory;
    private final AtomicReferenceArray<RaftwireNode> nodes;

    private LocalCluster(List<Map<String, String>> values, Function<RaftwireConfig, RaftwireNode> factory) {
        this.values = new ArrayList<>(values);
        this.configs = new ArrayList<>();
        for (Map<String, String> v : values) {
            configs.add(RaftwireConfig.of(v));
        }
        this.factory = factory;
        this.nodes = new AtomicReferenceArray<>(values.size());
    }

    /**
     * Configures {@code size} members and starts them all.
     *
     * @param size     members, 1..15
     * @param base     configuration every member shares ({@code raftwire.*} keys: serializer, timings, ...); the
     *                 node id, addresses, peers and data directory are set here
     * @param dataRoot the parent of the members' data directories, or {@code null} to keep Raft state in memory
     * @param factory  builds (does not start) a node from its configuration
     */
    public static LocalCluster start(int size, Map<String, String> base, Path dataRoot,
            Function<RaftwireConfig, RaftwireNode> factory) {
        return start(size, size, base, dataRoot, factory);
    }

    /**
     * Configures {@code size} members and starts the first {@code initial} of them as the Raft group; the others are
     * in everyone's peer table, so they can join later ({@link #restart} starts one).
     *
     * @param initial members of the initial group, 1..size
     * @see #start(int, Map, Path, Function)
     */
    public static LocalCluster start(int size, int initial, Map<String, String> base, Path dataRoot,
            Function<RaftwireConfig, RaftwireNode> factory) {
        // a port picked free can be taken before it is bound (for example as the ephemeral source port of another
        // connection): try new ports, a few times
        for (int attempt = 1; ; attempt++) {
            try {
                return startOnce(size, initial, base, dataRoot, factory);
            } catch (TransportException e) {
                if (e.reason() != TransportException.Reason.UNREACHABLE || attempt == PORT_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private static final int PORT_ATTEMPTS = 3;

    private static LocalCluster startOnce(int size, int initial, Map<String, String> base, Path dataRoot,
            Function<RaftwireConfig, RaftwireNode> factory) {
        if (size < 1 || size > 15) {
            throw new IllegalArgumentException("size = " + size + " (expected: 1..15)");
        }
        if (initial < 1 || initial > size) {
            throw new IllegalArgumentException("initial = " + initial + " (expected: 1.." + size + ")");
        }
        StringBuilder initialMembers = new StringBuilder();
        for (int i = 0; i < initial; i++) {
            initialMembers.append(i == 0 ? "" : ",").append(id(i));
        }
        List<Integer> ports = FreePorts.pick(2 * size);
        List<Map<String, String>> configs = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            Map<String, String> values = new LinkedHashMap<>(base);
            values.put(ConfigKeys.NODE_ID.name(), id(i));
            values.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i));
            values.put(ConfigKeys.NODE_CLIENT_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i + 1));
            StringBuilder peers = new StringBuilder();
            for (int j = 0; j < size; j++) {
                if (j != i) {
                    peers.append(peers.length() == 0 ? "" : ",").append(id(j)).append("=127.0.0.1:")
                            .append(ports.get(2 * j));
                }
            }
            values.put(ConfigKeys.PEERS.name(), peers.toString());
            values.put(ConfigKeys.RAFT_INITIAL_MEMBERS.name(), initialMembers.toString());
            if (dataRoot != null) {
                values.put(ConfigKeys.NODE_DATA_DIR.name(), dataRoot.resolve(id(i)).toString());
            }
            configs.add(values);
        }
        LocalCluster cluster = new LocalCluster(configs, factory);
        try {
            for (int i = 0; i < initial; i++) {
                cluster.nodes.set(i, factory.apply(cluster.configs.get(i)));
            }
            for (int i = 0; i < initial; i++) {
                cluster.nodes.get(i).start();
            }
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
        return cluster;
    }

    /** The member id of the {@code index}-th member (0-based): {@code node-(index+1)}. */
    public static String id(int index) {
        return "node-" + (index + 1);
    }

    /** Number of members configured. */
    public int size() {
        return nodes.length();
    }

    /** The running node at {@code index}, or {@code null} if it is stopped. */
    public RaftwireNode node(int index) {
        return nodes.get(index);
    }

    /** The configuration of the member at {@code index}. */
    public RaftwireConfig config(int index) {
        return configs.get(index);
    }

    /** The running nodes. */
    public List<RaftwireNode> running() {
        List<RaftwireNode> list = new ArrayList<>();
        for (int i = 0; i < nodes.length(); i++) {
            RaftwireNode n = nodes.get(i);
            if (n != null) {
                list.add(n);
            }
        }
        return list;
    }

    /** The index of a running node that believes it leads, if any. */
    public Optional<Integer> leaderIndex() {
        for (int i = 0; i < nodes.length(); i++) {
            RaftwireNode n = nodes.get(i);
            if (n != null && n.isLeader()) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /**
     * Waits until exactly one running node leads and every running member of the group agrees on it. Not asked: a node
     * whose engine has terminated, and a node that is not in the leader's effective members. A member removed from the
     * group is in that case until it is stopped: the leader stops replicating to it as soon as it appends the removal,
     * so a removed follower never applies its removal, never hears from a leader again and never terminates itself
     * (MicroRaft 0.7, as the Raft dissertation describes; its operator stops it).
     *
     * @return its index
     * @throws IllegalStateException if that does not happen within {@code timeout}
     */
    public int awaitLeader(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            Optional<Integer> leader = agreedLeader();
            if (leader.isPresent()) {
                return leader.get();
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("no agreed leader within " + timeout.toMillis() + " ms");
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
    }

    private Optional<Integer> agreedLeader() {
        Integer leader = null;
        RaftwireNode leaderNode = null;
        for (int i = 0; i < nodes.length(); i++) {
            RaftwireNode n = nodes.get(i);
            if (n != null && n.isLeader() && !RaftNodeStatus.isTerminal(n.raftNode().getStatus())) {
                if (leader != null) {
                    return Optional.empty();
                }
                leader = i;
                leaderNode = n;
            }
        }
        if (leader == null) {
            return Optional.empty();
        }
        String leaderId = id(leader);
        Set<Object> members = new HashSet<>();
        leaderNode.raftNode().getEffectiveMembers().getMembers().forEach(e -> members.add(e.getId()));
        for (RaftwireNode n : running()) {
            if (RaftNodeStatus.isTerminal(n.raftNode().getStatus()) || !members.contains(n.memberId())) {
                continue; // terminated, or removed from the group and not yet stopped: it has no say
            }
            Object seen = n.raftNode().getTerm().getLeaderEndpoint() == null ? null
                    : n.raftNode().getTerm().getLeaderEndpoint().getId();
            if (!leaderId.equals(seen)) {
                return Optional.empty();
            }
        }
        return Optional.of(leader);
    }

    /** Stops the member at {@code index} (closes its node); no-op if stopped. */
    public void stop(int index) {
        RaftwireNode n = nodes.getAndSet(index, null);
        if (n != null) {
            n.close();
        }
    }

    /**
     * Changes keys of a stopped member's configuration for its next {@link #restart} (for example
     * {@code raftwire.serializer}); its id, addresses, peers and data directory stay.
     *
     * @throws IllegalStateException if it is running
     * @throws io.raftwire.config.ConfigException if the result is not a valid configuration
     */
    public void reconfigure(int index, Map<String, String> changes) {
        if (nodes.get(index) != null) {
            throw new IllegalStateException(id(index) + " is running (expected: stop it first)");
        }
        Map<String, String> v = new LinkedHashMap<>(values.get(index));
        v.putAll(changes);
        configs.set(index, RaftwireConfig.of(v));
        values.set(index, v);
    }

    /** Every member's client address, by member id, for {@code RaftwireClient}. */
    public List<PeerAddress> clientAddresses() {
        List<PeerAddress> list = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            list.add(new PeerAddress(id(i), configs.get(i).get(ConfigKeys.NODE_CLIENT_ADDRESS)));
        }
        return list;
    }

    /**
     * Starts the member at {@code index} again from its configuration (and its data directory, if any), or for the
     * first time if it was not in the initial group.
     *
     * @throws IllegalStateException if it is running
     */
    public RaftwireNode restart(int index) {
        if (nodes.get(index) != null) {
            throw new IllegalStateException(id(index) + " is running (expected: stop it first)");
        }
        RaftwireNode n = factory.apply(configs.get(index));
        try {
            n.start();
        } catch (RuntimeException e) {
            n.close();
            throw e;
        }
        nodes.set(index, n);
        return n;
    }

    /** Stops every member. */
    @Override
    public void close() {
        for (int i = 0; i < nodes.length(); i++) {
            stop(i);
        }
    }
}
