package io.raftwire.transport.netty;

import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.config.SocketImplementation;
import io.raftwire.config.TlsProvider;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.netty.codec.SerializerSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static java.util.Map.entry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Configuration keys become transport settings, serializer options and serializers. */
class NettyTransportFactoryTest {

    @Test
    void shouldMapEveryTransportKey() {
        RaftwireConfig config = RaftwireConfig.of(Map.ofEntries(
                entry("raftwire.cluster.id", "prod"),
                entry("raftwire.node.id", "n1"),
                entry("raftwire.node.address", "127.0.0.1:7001"),
                entry("raftwire.peers", "n2=127.0.0.1:7002,n3=10.0.0.3:7003"),
                entry("raftwire.transport.max-frame-bytes", "2048"),
                entry("raftwire.transport.connect-timeout-ms", "11"),
                entry("raftwire.transport.handshake-timeout-ms", "12"),
                entry("raftwire.transport.request-timeout-ms", "13"),
                entry("raftwire.transport.reconnect-initial-backoff-ms", "14"),
                entry("raftwire.transport.reconnect-max-backoff-ms", "15"),
                entry("raftwire.transport.reconnect-backoff-multiplier", "2.5"),
                entry("raftwire.transport.reconnect-jitter", "0.5"),
                entry("raftwire.transport.idle-timeout-ms", "0"),
                entry("raftwire.transport.write-buffer-low-bytes", "2048"),
                entry("raftwire.transport.write-buffer-high-bytes", "4096"),
                entry("raftwire.transport.max-pending-requests", "17"),
                entry("raftwire.transport.flush-consolidation", "false"),
                entry("raftwire.transport.flush-consolidation-limit", "18"),
                entry("raftwire.transport.bulk-threshold-bytes", "4000"),
                entry("raftwire.transport.io-threads", "3"),
                entry("raftwire.transport.native", "nio"),
                entry("raftwire.transport.max-unauthenticated-connections", "19"),
                entry("raftwire.transport.max-inbound-buffer-bytes", "20480"),
                entry("raftwire.tls.enabled", "true"),
                entry("raftwire.tls.certificate-file", "/etc/raftwire/n1.pem"),
                entry("raftwire.tls.private-key-file", "/etc/raftwire/n1.key"),
                entry("raftwire.tls.trust-file", "/etc/raftwire/ca.pem"),
                entry("raftwire.tls.provider", "openssl")));
        TransportSettings s = NettyTransportFactory.settings(config);
        assertEquals("prod", s.clusterId());
        assertEquals("n1", s.nodeId());
        assertEquals(new HostPort("127.0.0.1", 7001), s.listenAddress());
        assertEquals(List.of(new PeerAddress("n2", new HostPort("127.0.0.1", 7002)),
                new PeerAddress("n3", new HostPort("10.0.0.3", 7003))), s.peers());
        assertEquals(List.of(2048, 11, 12, 13, 14, 15, 0, 2048, 4096, 17, 18, 3),
                List.of(s.maxFrameBytes(), s.connectTimeoutMs(), s.handshakeTimeoutMs(), s.requestTimeoutMs(),
                        s.reconnectInitialBackoffMs(), s.reconnectMaxBackoffMs(), s.idleTimeoutMs(),
                        s.writeBufferLowBytes(), s.writeBufferHighBytes(), s.maxPendingRequests(),
                        s.flushConsolidationLimit(), s.ioThreads()));
        assertEquals(2.5, s.reconnectBackoffMultiplier());
        assertEquals(0.5, s.reconnectJitter());
        assertFalse(s.flushConsolidation());
        assertEquals(SocketImplementation.NIO, s.socketImplementation());
        assertEquals(4000, s.bulkThresholdBytes());
        assertEquals(19, s.maxUnauthenticatedConnections());
        assertEquals(20480, s.maxInboundBufferBytes());
        assertEquals(new TlsSettings(true, Path.of("/etc/raftwire/n1.pem"), Path.of("/etc/raftwire/n1.key"),
                Path.of("/etc/raftwire/ca.pem"), TlsProvider.OPENSSL), s.tls());
    }

    @Test
    void shouldRefuseTlsWithoutFilesNamingEachKeyAndThePlaintextSwitch() {
        IllegalArgumentException fromConfig = assertThrows(IllegalArgumentException.class,
                () -> NettyTransportFactory.settings(RaftwireConfig.defaults()));
        IllegalArgumentException fromBuilder = assertThrows(IllegalArgumentException.class,
                () -> TransportSettings.builder().build());
        String expected = "invalid transport settings: "
                + "raftwire.tls.certificate-file = \"\" (expected: a PEM file, because raftwire.tls.enabled = true;"
                + " or raftwire.tls.enabled = false for plaintext on loopback); "
                + "raftwire.tls.private-key-file = \"\" (expected: a PEM file, because raftwire.tls.enabled = true;"
                + " or raftwire.tls.enabled = false for plaintext on loopback); "
                + "raftwire.tls.trust-file = \"\" (expected: a PEM file, because raftwire.tls.enabled = true;"
                + " or raftwire.tls.enabled = false for plaintext on loopback)";
        assertEquals(expected, fromConfig.getMessage());
        assertEquals(expected, fromBuilder.getMessage());
    }

    /** A listen host that does not resolve is named as such; the exception's own message was null ("...: null"). */
    @Test
    @Timeout(60)
    void shouldSayWhenTheListenHostDoesNotResolve() {
        RaftwireConfig config = RaftwireConfig.of(Map.of("raftwire.node.address", "nosuchhost.invalid:0",
                "raftwire.tls.enabled", "false"));
        try (NettyTransport t = NettyTransportFactory.create(config, TypeRegistry.catalog())) {
            TransportException e = assertThrows(TransportException.class, t::start);
            assertEquals("cannot listen on nosuchhost.invalid:0: the host does not resolve (expected: an address or a"
                    + " host name of this machine)", e.getMessage());
        }
    }

    @Test
    void shouldCheckTheNewLimitsAgainstTheirConfigurationKeys() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TransportSettings.builder()
                .plaintext().maxUnauthenticatedConnections(0).maxInboundBufferBytes(4096).build());
        assertEquals("invalid transport settings: raftwire.transport.max-unauthenticated-connections = 0"
                + " (expected: 1..65536); raftwire.transport.max-inbound-buffer-bytes = 4096 (expected: >= 16777216"
                + " (raftwire.transport.max-frame-bytes))", e.getMessage());
    }

    @Test
    void shouldNameTheAvailableSerializersWhenOneIsMissing() {
        RaftwireConfig config = RaftwireConfig.of(Map.of("raftwire.serializer", "fory", "raftwire.tls.enabled",
                "false"));
        SerializationException e = assertThrows(SerializationException.class,
                () -> NettyTransportFactory.create(config));
        assertTrue(e.getMessage().startsWith("unknown serializer 'fory' (available: "), e.getMessage());
    }

    @Test
    void shouldListEveryOutOfRangeSettingInTheOrderTheConfigurationDoes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> TransportSettings.builder()
                .plaintext().maxFrameBytes(10).ioThreads(0).writeBufferLowBytes(4096).writeBufferHighBytes(4096)
                .build());
        assertEquals("invalid transport settings: raftwire.transport.max-frame-bytes = 10 (expected: "
                + "1024..1073741824); raftwire.transport.io-threads = 0 (expected: 1..64); "
                + "raftwire.transport.write-buffer-high-bytes = 4096 (expected: > 4096"
                + " (raftwire.transport.write-buffer-low-bytes))", e.getMessage());
    }
}
