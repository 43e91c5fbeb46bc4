package io.raftwire.it;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.ConfigSource;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.MessageType;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.NettyTransportFactory;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Nodes configured from the shipped example files ({@code examples/config}) through {@link NettyTransportFactory}
 * exchange requests. Only the listen port is overridden (port 0), so the test never collides with a running
 * example; the peers of the cluster files are then pointed at the actual ports.
 */
@ExtendWith(LeakDetectionExtension.class)
class ExampleConfigIT {

    private static final Path EXAMPLES = Path.of(System.getProperty("basedir", "."), "..", "examples", "config");
    private static final Object VOTE = ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST);
    private static final Object ANSWER = ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE);

    /**
     * The example cluster's nodes learn each other's ports one after another, so a node may connect to one that does
     * not know it yet and be refused once (then retry); those refusals are kept out of the build output, and any
     * other warning fails the test.
     */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane",
            "io.raftwire.transport.netty.ChannelErrorHandler");

    private static RaftwireConfig load(Path file, Map<String, String> overrides) {
        assertTrue(Files.isRegularFile(file), "missing example " + file.toAbsolutePath().normalize());
        return RaftwireConfig.load(NettyTransportFactory.installedSerializers(),
                List.of(ConfigSource.fromProperties(file), ConfigSource.fromMap("test", overrides)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk", "fory"})
    void shouldRunNodesFromASingleNodeExample(String serializer) {
        Path file = EXAMPLES.resolve(serializer + ".properties");
        // the first node must know the second as a peer, or it refuses the second's handshake
        String secondAddress = ItSupport.freeAddress().toString();
        RaftwireConfig first = load(file, Map.of("raftwire.node.address", "127.0.0.1:0", "raftwire.peers",
                "second=" + secondAddress));
        assertEquals(serializer, first.get(ConfigKeys.SERIALIZER));
        try (NettyTransport one = NettyTransportFactory.create(first)) {
            ItSupport.answerCatalog(one);
            one.start();
            String self = one.memberId();
            RaftwireConfig second = load(file, Map.of("raftwire.node.id", "second", "raftwire.node.address",
                    secondAddress, "raftwire.peers", self + "=" + one.localAddress()));
            try (NettyTransport two = NettyTransportFactory.create(second)) {
                two.start();
                assertEquals(ANSWER, Await.value(two.request(self, VOTE, VoteResponse.class), ItSupport.WAIT));
                assertEquals(serializer, two.serializers().sender().name());
            }
        }
    }

    @Test
    void shouldRunTheExampleCluster() {
        Map<String, RaftwireConfig> configs = new LinkedHashMap<>();
        for (String node : List.of("node-1", "node-2", "node-3")) {
            Path file = EXAMPLES.resolve("cluster").resolve(node + ".properties");
            RaftwireConfig declared = load(file, Map.of());
            Set<String> declaredPeers = declared.get(ConfigKeys.PEERS).stream().map(PeerAddress::id)
                    .collect(Collectors.toSet());
            assertEquals(Set.of("node-1", "node-2", "node-3"), union(declaredPeers, declared.get(ConfigKeys.NODE_ID)));
            configs.put(declared.get(ConfigKeys.NODE_ID), load(file, Map.of("raftwire.node.address", "127.0.0.1:0",
                    "raftwire.peers", "")));
        }
        List<NettyTransport> nodes = new ArrayList<>();
        try {
            for (RaftwireConfig config : configs.values()) {
                NettyTransport t = NettyTransportFactory.create(config);
                ItSupport.answerCatalog(t);
                t.start();
                nodes.add(t);
            }
            for (NettyTransport t : nodes) {
                for (NettyTransport other : nodes) {
                    if (t != other) {
                        t.addPeer(new PeerAddress(other.memberId(), other.localAddress()));
                    }
                }
            }
            for (NettyTransport t : nodes) {
                for (String peer : t.peers()) {
                    // a first attempt may be refused: the peer did not know this node yet when it connected
                    Await.value(t.whenReachable(peer), ItSupport.WAIT);
                    assertEquals(ANSWER, Await.value(t.request(peer, VOTE, VoteResponse.class), ItSupport.WAIT));
                }
            }
        } finally {
            nodes.forEach(NettyTransport::close);
        }
        for (String line : logs.lines()) {
            assertTrue(line.contains("(expected: one of this node's peers")
                    || line.contains("refused the connection (handshake refused): failed checks: member id;"),
                    "a warning other than the early member-id refusal: " + line);
        }
    }

    private static Set<String> union(Set<String> peers, String self) {
        Set<String> all = new java.util.HashSet<>(peers);
        all.add(self);
        return all;
    }
}
