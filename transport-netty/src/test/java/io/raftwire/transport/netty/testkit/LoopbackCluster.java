package io.raftwire.transport.netty.testkit;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.TransportSettings;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * N transports on 127.0.0.1 with ephemeral ports, each knowing the others as peers. Nodes are started first (to learn
 * their ports), then introduced to each other. {@link #restart} brings a node back on the same port. Close it to
 * close every node.
 */
public final class LoopbackCluster implements AutoCloseable {

    private final Function<String, TransportSettings.Builder> settings;
    private final Function<String, SerializerSet> serializers;
    private final Consumer<NettyTransport> setUp;
    private final Map<String, NettyTransport> nodes = new LinkedHashMap<>();
    private final Map<String, HostPort> addresses = new LinkedHashMap<>();

    /**
     * Starts {@code ids.size()} nodes.
     *
     * @param ids         member ids
     * @param settings    settings per node (node id, address and peers are filled in here)
     * @param serializers serializers per node
     * @param setUp       run on each transport before it starts (register handlers here)
     */
    public LoopbackCluster(List<String> ids, Function<String, TransportSettings.Builder> settings,
            Function<String, SerializerSet> serializers, Consumer<NettyTransport> setUp) {
        this.settings = settings;
        this.serializers = serializers;
        this.setUp = setUp;
        try {
            for (String id : ids) {
                NettyTransport t = create(id, new HostPort("127.0.0.1", 0));
                nodes.put(id, t);
                addresses.put(id, t.localAddress());
            }
            for (String id : ids) {
                introduce(id);
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    private NettyTransport create(String id, HostPort address) {
        NettyTransport t = new NettyTransport(settings.apply(id).nodeId(id).listenAddress(address).build(),
                serializers.apply(id));
        setUp.accept(t);
        t.start();
        return t;
    }

    private void introduce(String id) {
        NettyTransport t = nodes.get(id);
        for (Map.Entry<String, HostPort> other : addresses.entrySet()) {
            if (!other.getKey().equals(id) && !t.peers().contains(other.getKey())) {
                t.addPeer(new PeerAddress(other.getKey(), other.getValue()));
            }
        }
    }

    /** The node with this id. */
    public NettyTransport node(String id) {
        return nodes.get(id);
    }

    /** The member ids. */
    public List<String> ids() {
        return new ArrayList<>(nodes.keySet());
    }

    /** Waits until every node reaches every other one. */
    public void awaitConnected(Duration timeout) {
        List<CompletableFuture<Void>> all = new ArrayList<>();
        for (NettyTransport t : nodes.values()) {
            for (String peer : t.peers()) {
                all.add(t.whenReachable(peer));
            }
        }
        Await.value(CompletableFuture.allOf(all.toArray(new CompletableFuture<?>[0])), timeout);
    }

    /** Closes one node; it stays a peer of the others, which see it as unreachable. */
    public void stop(String id) {
        nodes.get(id).close();
    }

    /** Replaces a node with a new transport on the same port (close it first with {@link #stop}). */
    public NettyTransport restart(String id) {
        NettyTransport t = create(id, addresses.get(id));
        nodes.put(id, t);
        introduce(id);
        return t;
    }

    @Override
    public void close() {
        for (NettyTransport t : nodes.values()) {
            t.close();
        }
    }
}
