package io.raftwire.groups;

import io.microraft.RaftEndpoint;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftGroup;
import io.raftwire.node.RaftwireMember;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.transport.FreePorts;
import io.raftwire.transport.netty.testkit.Await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReferenceArray;

/** Loopback members that each host every group of the cluster ({@code raftwire.groups}), running the KV store. */
final class MemberCluster implements AutoCloseable {

    private final List<RaftwireConfig> configs = new ArrayList<>();
    private final AtomicReferenceArray<RaftwireMember> members;

    private MemberCluster(int size) {
        this.members = new AtomicReferenceArray<>(size);
    }

    static Map<String, String> base(int groups) {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.tls.enabled", "false"); // loopback tests run plaintext on purpose
        base.put("raftwire.security.plaintext-admin", "true");
        base.put("raftwire.cluster.id", "it-groups");
        base.put("raftwire.groups", String.valueOf(groups));
        base.put("raftwire.raft.election-timeout-ms", "300");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        base.put("raftwire.transport.reconnect-initial-backoff-ms", "20");
        base.put("raftwire.transport.reconnect-max-backoff-ms", "200");
        return base;
    }

    /** Configures {@code size} members ({@code m-1} ..) on free ports and starts them. */
    static MemberCluster start(int size, Map<String, String> base, Path dataRoot) {
        MemberCluster c = new MemberCluster(size);
        List<Integer> ports = FreePorts.pick(2 * size);
        StringBuilder initial = new StringBuilder();
        for (int i = 0; i < size; i++) {
            initial.append(i == 0 ? "" : ",").append(id(i));
        }
        for (int i = 0; i < size; i++) {
            Map<String, String> v = new LinkedHashMap<>(base);
            v.put(ConfigKeys.NODE_ID.name(), id(i));
            v.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i));
            v.put(ConfigKeys.NODE_CLIENT_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i + 1));
            StringBuilder peers = new StringBuilder();
            for (int j = 0; j < size; j++) {
                if (j != i) {
                    peers.append(peers.length() == 0 ? "" : ",").append(id(j)).append("=127.0.0.1:")
                            .append(ports.get(2 * j));
                }
            }
            v.put(ConfigKeys.PEERS.name(), peers.toString());
            v.put(ConfigKeys.RAFT_INITIAL_MEMBERS.name(), initial.toString());
            if (dataRoot != null) {
                v.put(ConfigKeys.NODE_DATA_DIR.name(), dataRoot.resolve(id(i)).toString());
            }
            c.configs.add(RaftwireConfig.of(v));
        }
        try {
            for (int i = 0; i < size; i++) {
                c.members.set(i, KvNodes.member(c.configs.get(i)));
            }
            for (int i = 0; i < size; i++) {
                c.members.get(i).start();
            }
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    static String id(int index) {
        return "m-" + (index + 1);
    }

    RaftwireConfig config(int index) {
        return configs.get(index);
    }

    RaftwireMember member(int index) {
        return members.get(index);
    }

    int size() {
        return members.length();
    }

    List<RaftwireMember> running() {
        List<RaftwireMember> list = new ArrayList<>();
        for (int i = 0; i < members.length(); i++) {
            if (members.get(i) != null) {
                list.add(members.get(i));
            }
        }
        return list;
    }

    /** Every member's client address. */
    List<PeerAddress> clientAddresses() {
        List<PeerAddress> list = new ArrayList<>();
        for (int i = 0; i < configs.size(); i++) {
            list.add(new PeerAddress(id(i), configs.get(i).get(ConfigKeys.NODE_CLIENT_ADDRESS)));
        }
        return list;
    }

    void stop(int index) {
        RaftwireMember m = members.getAndSet(index, null);
        if (m != null) {
            m.close();
        }
    }

    /** Starts member {@code index} again from its data directory. */
    RaftwireMember restart(int index) {
        stop(index);
        RaftwireMember m = KvNodes.member(configs.get(index)).start();
        members.set(index, m);
        return m;
    }

    /**
     * Waits until, in every group, one running member leads and every running member names it; returns the leader's
     * member index per group.
     */
    int[] awaitLeaders(Duration timeout) {
        int groups = configs.get(0).get(ConfigKeys.GROUPS);
        int[] leaders = new int[groups];
        for (int g = 0; g < groups; g++) {
            int group = g;
            Await.until(timeout, () -> (leaders[group] = agreedLeader(group)) >= 0,
                    () -> "one leader that every running member names in group " + group);
        }
        return leaders;
    }

    private int agreedLeader(int group) {
        RaftEndpoint agreed = null;
        for (int i = 0; i < members.length(); i++) {
            RaftwireMember m = members.get(i);
            if (m == null) {
                continue;
            }
            RaftEndpoint leader = m.group(group).raftNode().getTerm().getLeaderEndpoint();
            if (leader == null || (agreed != null && !agreed.equals(leader))) {
                return -1;
            }
            agreed = leader;
        }
        if (agreed == null) {
            return -1;
        }
        for (int i = 0; i < members.length(); i++) {
            RaftwireMember m = members.get(i);
            if (m != null && new NodeEndpoint(m.memberId()).equals(agreed)) {
                RaftGroup g = m.group(group);
                return g.isLeader() ? i : -1;
            }
        }
        return -1;
    }

    @Override
    public void close() {
        for (int i = 0; i < members.length(); i++) {
            stop(i);
        }
    }
}
