package io.raftwire.transport.netty;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds a {@link NettyTransport} from a {@link RaftwireConfig}: the serializers named by {@code raftwire.serializer}
 * and {@code raftwire.serializer.accept} are loaded through {@link Serializers} (ServiceLoader) with the
 * {@code raftwire.serializer.*} limits, and every {@code raftwire.transport.*} key becomes a
 * {@link TransportSettings} value. The configuration's non-default values are logged once. Code written against the
 * transport API reaches it through {@link NettyTransportProvider}, the registered
 * {@link io.raftwire.transport.TransportFactory}.
 *
 * <p>Stateless; every method is thread-safe.
 */
public final class NettyTransportFactory {

    private NettyTransportFactory() {
    }

    /**
     * {@link SerializerConfig#loadConfig(Path)}, here too so that a program using this transport directly needs one
     * class.
     *
     * @throws io.raftwire.config.ConfigException when the file cannot be read, or listing every violation
     */
    public static RaftwireConfig loadConfig(Path file) {
        return SerializerConfig.loadConfig(file);
    }

    /** {@link SerializerConfig#installed()}: the serializer provider names on the class path, in name order. */
    public static Set<String> installedSerializers() {
        return SerializerConfig.installed();
    }

    /**
     * A transport for the catalog types only. Not started.
     *
     * @throws io.raftwire.serializer.SerializationException if a configured serializer is not on the class path (the
     *                                                       message lists those that are)
     */
    public static NettyTransport create(RaftwireConfig config) {
        return create(config, TypeRegistry.catalog());
    }

    /**
     * A transport for the given types (the catalog plus the application's). Not started.
     *
     * @throws io.raftwire.serializer.SerializationException if a configured serializer is not on the class path
     */
    public static NettyTransport create(RaftwireConfig config, TypeRegistry registry) {
        config.logNonDefaults();
        return new NettyTransport(settings(config), serializers(config, registry));
    }

    /**
     * Creates the sending serializer and every accepted one.
     *
     * @throws io.raftwire.serializer.SerializationException if a name has no provider
     */
    public static SerializerSet serializers(RaftwireConfig config, TypeRegistry registry) {
        SerializerOptions options = SerializerConfig.options(config);
        List<Serializer> all = new ArrayList<>();
        for (String name : config.acceptedSerializers()) {
            all.add(Serializers.create(name, registry, options));
        }
        return new SerializerSet(all.get(0), all.subList(1, all.size()));
    }

    /**
     * The transport settings of {@code raftwire.cluster.id}, {@code raftwire.node.*}, {@code raftwire.peers},
     * {@code raftwire.transport.*} (the bulk threshold included) and {@code raftwire.tls.*}.
     *
     * @throws IllegalArgumentException listing every problem, for example TLS enabled without certificate files
     */
    public static TransportSettings settings(RaftwireConfig config) {
        return TransportSettings.builder()
                .clusterId(config.get(ConfigKeys.CLUSTER_ID))
                .nodeId(config.get(ConfigKeys.NODE_ID))
                .listenAddress(config.get(ConfigKeys.NODE_ADDRESS))
                .peers(config.get(ConfigKeys.PEERS))
                .acceptAnyMember(config.get(ConfigKeys.TRANSPORT_ACCEPT_ANY_MEMBER))
                .captureFile(config.get(ConfigKeys.TRANSPORT_CAPTURE_FILE))
                .maxFrameBytes(config.get(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES))
                .connectTimeoutMs(config.get(ConfigKeys.TRANSPORT_CONNECT_TIMEOUT_MS))
                .handshakeTimeoutMs(config.get(ConfigKeys.TRANSPORT_HANDSHAKE_TIMEOUT_MS))
                .requestTimeoutMs(config.get(ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS))
                .reconnectInitialBackoffMs(config.get(ConfigKeys.TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS))
                .reconnectMaxBackoffMs(config.get(ConfigKeys.TRANSPORT_RECONNECT_MAX_BACKOFF_MS))
                .reconnectBackoffMultiplier(config.get(ConfigKeys.TRANSPORT_RECONNECT_BACKOFF_MULTIPLIER))
                .reconnectJitter(config.get(ConfigKeys.TRANSPORT_RECONNECT_JITTER))
                .idleTimeoutMs(config.get(ConfigKeys.TRANSPORT_IDLE_TIMEOUT_MS))
                .writeBufferLowBytes(config.get(ConfigKeys.TRANSPORT_WRITE_BUFFER_LOW_BYTES))
                .writeBufferHighBytes(config.get(ConfigKeys.TRANSPORT_WRITE_BUFFER_HIGH_BYTES))
                .maxPendingRequests(config.get(ConfigKeys.TRANSPORT_MAX_PENDING_REQUESTS))
                .flushConsolidation(config.get(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION))
                .flushConsolidationLimit(config.get(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION_LIMIT))
                .bulkThresholdBytes(config.get(ConfigKeys.TRANSPORT_BULK_THRESHOLD_BYTES))
                .ioThreads(config.get(ConfigKeys.TRANSPORT_IO_THREADS))
                .socketImplementation(config.get(ConfigKeys.TRANSPORT_NATIVE))
                .maxConnections(config.get(ConfigKeys.TRANSPORT_MAX_CONNECTIONS))
                .maxUnauthenticatedConnections(config.get(ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_CONNECTIONS))
                .maxInboundBufferBytes(config.get(ConfigKeys.TRANSPORT_MAX_INBOUND_BUFFER_BYTES))
                .maxUnauthenticatedPerAddress(config.get(ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_PER_ADDRESS))
                .reservedMemberSlots(config.get(ConfigKeys.TRANSPORT_RESERVED_MEMBER_SLOTS))
                .handshakeRate(config.get(ConfigKeys.TRANSPORT_HANDSHAKE_RATE))
                .handshakeRatePerAddress(config.get(ConfigKeys.TRANSPORT_HANDSHAKE_RATE_PER_ADDRESS))
                .maxRequestsInFlight(config.get(ConfigKeys.TRANSPORT_MAX_REQUESTS_IN_FLIGHT))
                .tls(tls(config))
                .build();
    }

    /** The {@code raftwire.tls.*} keys; an empty file key is {@code null} (refused when TLS is enabled). */
    public static TlsSettings tls(RaftwireConfig config) {
        return new TlsSettings(config.get(ConfigKeys.TLS_ENABLED), path(config.get(ConfigKeys.TLS_CERTIFICATE_FILE)),
                path(config.get(ConfigKeys.TLS_PRIVATE_KEY_FILE)), path(config.get(ConfigKeys.TLS_TRUST_FILE)),
                config.get(ConfigKeys.TLS_PROVIDER));
    }

    private static Path path(String text) {
        return text.isBlank() ? null : Path.of(text.trim());
    }
}
