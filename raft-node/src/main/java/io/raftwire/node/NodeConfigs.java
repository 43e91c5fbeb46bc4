package io.raftwire.node;

import io.microraft.RaftConfig;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.transport.Caller;
import io.raftwire.transport.CertificateName;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What a node derives from its {@link RaftwireConfig}: the engine's settings, the initial members, and the
 * configuration of the second, client-facing transport. Stateless.
 */
final class NodeConfigs {

    private NodeConfigs() {
    }

    /** MicroRaft's settings from {@code raftwire.raft.*}. */
    static RaftConfig raftConfig(RaftwireConfig config) {
        return RaftConfig.newBuilder()
                .setLeaderElectionTimeoutMillis(config.get(ConfigKeys.RAFT_ELECTION_TIMEOUT_MS))
                .setLeaderHeartbeatPeriodSecs(config.get(ConfigKeys.RAFT_HEARTBEAT_PERIOD_SECS))
                .setLeaderHeartbeatTimeoutSecs(config.get(ConfigKeys.RAFT_HEARTBEAT_TIMEOUT_SECS))
                .setAppendEntriesRequestBatchSize(config.get(ConfigKeys.RAFT_APPEND_BATCH_SIZE))
                .setCommitCountToTakeSnapshot(config.get(ConfigKeys.RAFT_SNAPSHOT_INTERVAL))
                .setMaxPendingLogEntryCount(config.get(ConfigKeys.RAFT_MAX_PENDING_ENTRIES))
                .build();
    }

    /** The peers' Raft addresses ({@code raftwire.peers}) by member id, as {@code host:port}. */
    static Map<String, String> peerAddresses(RaftwireConfig config) {
        Map<String, String> addresses = new HashMap<>();
        for (PeerAddress p : config.get(ConfigKeys.PEERS)) {
            addresses.put(p.id(), p.address().toString());
        }
        return addresses;
    }

    /** {@code raftwire.raft.initial-members}, or this node and every peer when it is empty; in that order. */
    static List<NodeEndpoint> initialMembers(RaftwireConfig config) {
        List<NodeEndpoint> members = new ArrayList<>();
        List<String> listed = config.get(ConfigKeys.RAFT_INITIAL_MEMBERS);
        if (listed.isEmpty()) {
            members.add(new NodeEndpoint(config.get(ConfigKeys.NODE_ID)));
            for (PeerAddress p : config.get(ConfigKeys.PEERS)) {
                members.add(new NodeEndpoint(p.id()));
            }
        } else {
            for (String id : listed) {
                members.add(new NodeEndpoint(id));
            }
        }
        return List.copyOf(members);
    }

    /**
     * With TLS, checks that {@code raftwire.tls.certificate-file} is a member certificate: a transport accepts a client
     * or admin certificate under this node's id (a client's transport carries one), but every peer would refuse a
     * member that presents one, so a node refuses to be built with it.
     *
     * @throws IllegalArgumentException naming the file, what it names and what is expected
     */
    static void requireMemberCertificate(RaftwireConfig config) {
        if (!config.get(ConfigKeys.TLS_ENABLED)) {
            return;
        }
        String file = config.get(ConfigKeys.TLS_CERTIFICATE_FILE);
        CertificateName name = CertificateName.read(ConfigKeys.TLS_CERTIFICATE_FILE.name(), Path.of(file));
        if (name.role() != Caller.Role.MEMBER) {
            throw new IllegalArgumentException(ConfigKeys.TLS_CERTIFICATE_FILE.name() + " = " + file + " names "
                    + name + " (expected: this member's certificate, " + CertificateName.uri(config.get(
                    ConfigKeys.CLUSTER_ID), Caller.Role.MEMBER, config.get(ConfigKeys.NODE_ID)) + "; client and"
                    + " admin certificates are for clients)");
        }
    }

    /**
     * The client-facing transport's configuration: the node's (TLS included), listening on
     * {@code raftwire.node.client-address}, with no peers of its own (it only answers), accepting any client id; a
     * capture file gets the suffix {@code .clients}.
     */
    static RaftwireConfig clientListener(RaftwireConfig config) {
        Map<String, String> values = new LinkedHashMap<>(config.nonDefaults());
        HostPort address = config.get(ConfigKeys.NODE_CLIENT_ADDRESS);
        values.put(ConfigKeys.NODE_ADDRESS.name(), address.toString());
        values.remove(ConfigKeys.NODE_CLIENT_ADDRESS.name()); // the listener is the client address itself
        values.remove(ConfigKeys.PEERS.name());
        values.remove(ConfigKeys.RAFT_INITIAL_MEMBERS.name());
        values.put(ConfigKeys.TRANSPORT_ACCEPT_ANY_MEMBER.name(), "true"); // clients are not members
        String capture = config.get(ConfigKeys.TRANSPORT_CAPTURE_FILE);
        if (!capture.isEmpty()) {
            values.put(ConfigKeys.TRANSPORT_CAPTURE_FILE.name(), capture + ".clients");
        }
        return RaftwireConfig.of(values);
    }
}
