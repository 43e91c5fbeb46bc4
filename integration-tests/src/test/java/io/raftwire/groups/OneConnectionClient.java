package io.raftwire.groups;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.group.SessionIds;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportFactory;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A test client that reaches every group of the members over one transport (one connection per member), speaking the
 * catalog's requests directly: it probes a group for its leader, opens a session in it ({@code kv@<group id>}) and
 * sends KV puts under that session, following {@code NO_LEADER} redirects and re-probing when a member is gone.
 */
final class OneConnectionClient implements AutoCloseable {

    private static final String ID = "one-client";

    private final Transport transport;
    private final List<String> members;
    private final String cluster;
    private final OperationCodec codec;
    private final String[] leaders;
    private final long[] sessions;
    private final long[] sequences;

    OneConnectionClient(RaftwireConfig cluster, List<PeerAddress> members, int groups) {
        Map<String, String> v = new LinkedHashMap<>();
        v.put(ConfigKeys.TLS_ENABLED.name(), "false");
        v.put(ConfigKeys.CLUSTER_ID.name(), cluster.get(ConfigKeys.CLUSTER_ID));
        v.put(ConfigKeys.NODE_ID.name(), ID);
        v.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:0");
        v.put(ConfigKeys.PEERS.name(), String.join(",", members.stream().map(p -> p.id() + "=" + p.address())
                .toList()));
        RaftwireConfig own = RaftwireConfig.of(v);
        TypeRegistry registry = KvNodes.registry();
        this.codec = new OperationCodec(Serializers.create(own.get(ConfigKeys.SERIALIZER), registry,
                SerializerConfig.options(own)));
        this.transport = TransportFactory.installed().create(own, registry);
        this.members = members.stream().map(PeerAddress::id).toList();
        this.cluster = cluster.get(ConfigKeys.CLUSTER_ID);
        this.leaders = new String[groups];
        this.sessions = new long[groups];
        this.sequences = new long[groups];
        transport.start();
    }

    /** The session this client holds in group {@code group}; 0 if none. */
    long session(int group) {
        return sessions[group];
    }

    /** Outbound connections this client's transport established so far. */
    long connectionsEstablished() {
        return transport.stats().connections().established();
    }

    /** Opens a session in {@code group} on its leader. */
    long open(int group, Duration timeout) throws Exception {
        OpenSessionRequest request = new OpenSessionRequest(new MemberId(ID), "kv@" + GroupIds.id(cluster, group),
                "kv", new byte[0], ReadConsistency.LINEARIZABLE, 10_000, 10_000);
        OpenSessionResponse r = call(group, request, OpenSessionResponse.class, timeout);
        sessions[group] = r.session();
        return r.session();
    }

    /** Puts {@code key} in {@code group} under its session; the response, which must be OK. */
    CommandResponse put(int group, String key, String value, Duration timeout) throws Exception {
        long seq = ++sequences[group];
        return call(group, new CommandRequest(sessions[group], seq, codec.command(new KvPut(key,
                value.getBytes(java.nio.charset.StandardCharsets.UTF_8)))), CommandResponse.class, timeout);
    }

    /** Asks the members in turn who leads {@code group} until one names a leader. */
    private String findLeader(int group, long deadline) throws Exception {
        KeepAliveRequest probe = new KeepAliveRequest(new long[] {SessionIds.probe(group)}, new long[] {0},
                new long[] {0});
        while (true) {
            for (String m : members) {
                try {
                    KeepAliveResponse r = transport.request(m, probe, KeepAliveResponse.class)
                            .get(2, TimeUnit.SECONDS);
                    if (r.status() == Status.OK && r.leader() != null) {
                        return r.leader().id();
                    }
                } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                    // that member is down or slow: ask the next
                }
            }
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("no member named a leader of group " + group);
            }
            java.util.concurrent.locks.LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10)); // poll interval
        }
    }

    private <R extends io.raftwire.message.RaftResponse> R call(int group, Object request, Class<R> type,
            Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        RaftError last = null;
        while (System.nanoTime() - deadline < 0) {
            if (leaders[group] == null) {
                leaders[group] = findLeader(group, deadline);
            }
            R r;
            try {
                r = transport.request(leaders[group], request, type).get(5, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                leaders[group] = null;
                continue;
            }
            if (r.status() == Status.OK) {
                return r;
            }
            last = r.error();
            if (last.type() != RaftError.Type.NO_LEADER) {
                throw new AssertionError(type.getSimpleName() + " of group " + group + " refused: " + last);
            }
            leaders[group] = last.leader() != null && members.contains(last.leader().id()) ? last.leader().id()
                    : null;
        }
        throw new AssertionError(type.getSimpleName() + " of group " + group + " not answered OK in time; last: "
                + last);
    }

    @Override
    public void close() {
        transport.close();
    }
}
