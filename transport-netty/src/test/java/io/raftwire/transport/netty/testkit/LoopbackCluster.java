package io.raftwire.transport.netty.testkit;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.FreePorts;
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
 * N transports on 127.0.0.1, each knowing the others as peers from the start. Free ports are found first (a server
 * socket on port 0, closed again), so that every node is created with its full peer list: a node refuses a HELLO
 * from a member id that is not one of its peers, so nodes introduced to each other one by one would refuse each
 * other's first connections. {@link #restart} brings a node back on the same port. Close it to close every node.
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
                addresses.put(id, new HostPort("127.0.0.1", FreePorts.pick(1).get(0)));
            }
            for (String id : ids) {
                nodes.put(id, create(id, addresses.get(id)));
            }
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    private NettyTransport create(String id, HostPort address) {
        List<PeerAddress> peers = new ArrayList<>();
        for (Map.Entry<String, HostPort> other : addresses.entrySet()) {
            if (!other.getKey().equals(id)) {
                peers.add(new PeerAddress(other.getKey(), other.getValue()));
            }
        }
        NettyTransport t = new NettyTransport(settings.apply(id).nodeId(id).listenAddress(address).peers(peers)
                .build(), serializers.apply(id));
        try {
            setUp.accept(t);
            t.start();
        } catch (RuntimeException | Error e) {
            t.close();
            throw e;
        }
        return t;
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
        return t;
    }

    @Override
    public void close() {
        for (NettyTransport t : nodes.values()) {
            t.close();
        }
    }
}
