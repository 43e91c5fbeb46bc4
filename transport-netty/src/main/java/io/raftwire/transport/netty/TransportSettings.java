package io.raftwire.transport.netty;

import io.raftwire.config.ConfigKey;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.ConfigValues;
import io.raftwire.config.ConfigViolation;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.SocketImplementation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The settings of one {@link NettyTransport}: the {@code raftwire.cluster.id}, {@code raftwire.node.id},
 * {@code raftwire.node.address}, {@code raftwire.peers}, {@code raftwire.transport.*} and {@code raftwire.tls.*}
 * configuration keys as typed values. {@link NettyTransportFactory} builds it from a {@code RaftwireConfig};
 * {@link #builder()} starts from the same defaults for embedding and tests.
 *
 * <p>One source of truth: every default is the key's {@link ConfigKey#defaultValue()}, and every value is checked by
 * {@link ConfigValues} against the key's own constraint and the rules relating several keys, as declared once in
 * {@link ConfigKeys}; no range is written here. A new setting is a field whose builder default is its key's default and
 * whose constructor line is {@code this.x = checked.put(KEY, b.x)}. The TLS keys are checked by {@link TlsSettings}.
 *
 * <p>Immutable. The defaults turn TLS on without certificate files, which {@link Builder#build()} refuses: call
 * {@link Builder#tls} or, for loopback tests, {@link Builder#plaintext()}.
 */
public final class TransportSettings {

    private final String clusterId;
    private final String nodeId;
    private final HostPort listenAddress;
    private final List<PeerAddress> peers;
    private final int maxFrameBytes;
    private final int connectTimeoutMs;
    private final int handshakeTimeoutMs;
    private final int requestTimeoutMs;
    private final int reconnectInitialBackoffMs;
    private final int reconnectMaxBackoffMs;
    private final double reconnectBackoffMultiplier;
    private final double reconnectJitter;
    private final int idleTimeoutMs;
    private final int writeBufferLowBytes;
    private final int writeBufferHighBytes;
    private final int maxPendingRequests;
    private final boolean flushConsolidation;
    private final int flushConsolidationLimit;
    private final int ioThreads;
    private final SocketImplementation socketImplementation;
    private final int bulkThresholdBytes;
    private final int maxConnections;
    private final int maxUnauthenticatedConnections;
    private final int maxInboundBufferBytes;
    private final int maxUnauthenticatedPerAddress;
    private final int reservedMemberSlots;
    private final int handshakeRate;
    private final int handshakeRatePerAddress;
    private final int maxRequestsInFlight;
    private final boolean acceptAnyMember;
    private final String captureFile;
    private final TlsSettings tls;

    private TransportSettings(Builder b) {
        ConfigValues checked = new ConfigValues();
        this.clusterId = checked.put(ConfigKeys.CLUSTER_ID, b.clusterId);
        this.nodeId = checked.put(ConfigKeys.NODE_ID, b.nodeId);
        this.listenAddress = checked.put(ConfigKeys.NODE_ADDRESS, b.listenAddress);
        this.peers = checked.put(ConfigKeys.PEERS, List.copyOf(b.peers));
        this.maxFrameBytes = checked.put(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES, b.maxFrameBytes);
        this.connectTimeoutMs = checked.put(ConfigKeys.TRANSPORT_CONNECT_TIMEOUT_MS, b.connectTimeoutMs);
        this.handshakeTimeoutMs = checked.put(ConfigKeys.TRANSPORT_HANDSHAKE_TIMEOUT_MS, b.handshakeTimeoutMs);
        this.requestTimeoutMs = checked.put(ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS, b.requestTimeoutMs);
        this.idleTimeoutMs = checked.put(ConfigKeys.TRANSPORT_IDLE_TIMEOUT_MS, b.idleTimeoutMs);
        this.reconnectInitialBackoffMs = checked.put(ConfigKeys.TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS,
                b.reconnectInitialBackoffMs);
        this.reconnectMaxBackoffMs = checked.put(ConfigKeys.TRANSPORT_RECONNECT_MAX_BACKOFF_MS,
                b.reconnectMaxBackoffMs);
        this.reconnectBackoffMultiplier = checked.put(ConfigKeys.TRANSPORT_RECONNECT_BACKOFF_MULTIPLIER,
                b.reconnectBackoffMultiplier);
        this.reconnectJitter = checked.put(ConfigKeys.TRANSPORT_RECONNECT_JITTER, b.reconnectJitter);
        this.writeBufferLowBytes = checked.put(ConfigKeys.TRANSPORT_WRITE_BUFFER_LOW_BYTES, b.writeBufferLowBytes);
        this.writeBufferHighBytes = checked.put(ConfigKeys.TRANSPORT_WRITE_BUFFER_HIGH_BYTES,
                b.writeBufferHighBytes);
        this.maxPendingRequests = checked.put(ConfigKeys.TRANSPORT_MAX_PENDING_REQUESTS, b.maxPendingRequests);
        this.flushConsolidation = checked.put(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION, b.flushConsolidation);
        this.flushConsolidationLimit = checked.put(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION_LIMIT,
                b.flushConsolidationLimit);
        this.bulkThresholdBytes = checked.put(ConfigKeys.TRANSPORT_BULK_THRESHOLD_BYTES, b.bulkThresholdBytes);
        this.ioThreads = checked.put(ConfigKeys.TRANSPORT_IO_THREADS, b.ioThreads);
        this.socketImplementation = checked.put(ConfigKeys.TRANSPORT_NATIVE, b.socketImplementation);
        this.maxConnections = checked.put(ConfigKeys.TRANSPORT_MAX_CONNECTIONS, b.maxConnections);
        this.maxUnauthenticatedConnections = checked.put(ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_CONNECTIONS,
                b.maxUnauthenticatedConnections);
        this.maxInboundBufferBytes = checked.put(ConfigKeys.TRANSPORT_MAX_INBOUND_BUFFER_BYTES,
                b.maxInboundBufferBytes);
        this.maxUnauthenticatedPerAddress = checked.put(ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_PER_ADDRESS,
                b.maxUnauthenticatedPerAddress);
        this.reservedMemberSlots = checked.put(ConfigKeys.TRANSPORT_RESERVED_MEMBER_SLOTS, b.reservedMemberSlots);
        this.handshakeRate = checked.put(ConfigKeys.TRANSPORT_HANDSHAKE_RATE, b.handshakeRate);
        this.handshakeRatePerAddress = checked.put(ConfigKeys.TRANSPORT_HANDSHAKE_RATE_PER_ADDRESS,
                b.handshakeRatePerAddress);
        this.maxRequestsInFlight = checked.put(ConfigKeys.TRANSPORT_MAX_REQUESTS_IN_FLIGHT, b.maxRequestsInFlight);
        this.acceptAnyMember = checked.put(ConfigKeys.TRANSPORT_ACCEPT_ANY_MEMBER, b.acceptAnyMember);
        this.captureFile = checked.put(ConfigKeys.TRANSPORT_CAPTURE_FILE, b.captureFile);
        this.tls = Objects.requireNonNull(b.tls, "tls");
        List<String> problems = new ArrayList<>();
        for (ConfigViolation violation : checked.violations()) {
            problems.add(violation.toString());
        }
        problems.addAll(tls.problems());
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid transport settings: " + String.join("; ", problems));
        }
    }

    /** A builder with every default of the configuration keys. */
    public static Builder builder() {
        return new Builder();
    }

    /** {@code raftwire.cluster.id}. */
    public String clusterId() {
        return clusterId;
    }

    /** {@code raftwire.node.id}: this node's member id. */
    public String nodeId() {
        return nodeId;
    }

    /** {@code raftwire.node.address}: where to listen; port 0 picks a free port. */
    public HostPort listenAddress() {
        return listenAddress;
    }

    /** {@code raftwire.peers}. */
    public List<PeerAddress> peers() {
        return peers;
    }

    /** Largest frame sent or accepted, length field included, in bytes. */
    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    /** TCP connect timeout in milliseconds. */
    public int connectTimeoutMs() {
        return connectTimeoutMs;
    }

    /** Time allowed for the handshake, in milliseconds. */
    public int handshakeTimeoutMs() {
        return handshakeTimeoutMs;
    }

    /** Default request deadline in milliseconds. */
    public int requestTimeoutMs() {
        return requestTimeoutMs;
    }

    /** Delay before the first reconnect attempt, in milliseconds. */
    public int reconnectInitialBackoffMs() {
        return reconnectInitialBackoffMs;
    }

    /** Cap on the reconnect delay before jitter, in milliseconds. */
    public int reconnectMaxBackoffMs() {
        return reconnectMaxBackoffMs;
    }

    /** Growth of the reconnect delay per failed attempt. */
    public double reconnectBackoffMultiplier() {
        return reconnectBackoffMultiplier;
    }

    /** Fraction of random spread applied to each reconnect delay. */
    public double reconnectJitter() {
        return reconnectJitter;
    }

    /** Milliseconds without inbound bytes before a connection is closed; 0 turns idle detection off. */
    public int idleTimeoutMs() {
        return idleTimeoutMs;
    }

    /** Outbound buffer size, in bytes, under which a connection becomes writable again. */
    public int writeBufferLowBytes() {
        return writeBufferLowBytes;
    }

    /** Outbound buffer size, in bytes, above which sends are refused with {@code OVERLOADED}. */
    public int writeBufferHighBytes() {
        return writeBufferHighBytes;
    }

    /** Most requests awaiting a response per peer. */
    public int maxPendingRequests() {
        return maxPendingRequests;
    }

    /** Whether flushes are coalesced with {@code FlushConsolidationHandler}. */
    public boolean flushConsolidation() {
        return flushConsolidation;
    }

    /** Most flushes merged into one when consolidating. */
    public int flushConsolidationLimit() {
        return flushConsolidationLimit;
    }

    /** Event-loop threads of the transport. */
    public int ioThreads() {
        return ioThreads;
    }

    /** NIO, epoll, or epoll when available. */
    public SocketImplementation socketImplementation() {
        return socketImplementation;
    }

    /** Frames larger than this many bytes travel on the peer's bulk connection. */
    public int bulkThresholdBytes() {
        return bulkThresholdBytes;
    }

    /** {@code raftwire.transport.max-connections}: accepted connections open at once. */
    public int maxConnections() {
        return maxConnections;
    }

    /** {@code raftwire.transport.max-unauthenticated-connections}: accepted connections waiting for their handshake. */
    public int maxUnauthenticatedConnections() {
        return maxUnauthenticatedConnections;
    }

    /**
     * {@code raftwire.transport.max-unauthenticated-per-address}: accepted connections from one source address
     * waiting for their handshake.
     */
    public int maxUnauthenticatedPerAddress() {
        return maxUnauthenticatedPerAddress;
    }

    /**
     * {@code raftwire.transport.reserved-member-slots}: pre-handshake slots beyond
     * {@link #maxUnauthenticatedConnections()} that only a connection from a configured peer's address (its host,
     * resolved when the peer is added) may take.
     */
    public int reservedMemberSlots() {
        return reservedMemberSlots;
    }

    /**
     * {@code raftwire.transport.handshake-rate}: accepted connections per second, over all source addresses that are
     * not a configured peer's, that may start a handshake; a token bucket holding one second's worth.
     */
    public int handshakeRate() {
        return handshakeRate;
    }

    /**
     * {@code raftwire.transport.handshake-rate-per-address}: accepted connections per second from one source address
     * that may start a handshake; a token bucket holding one second's worth.
     */
    public int handshakeRatePerAddress() {
        return handshakeRatePerAddress;
    }

    /**
     * {@code raftwire.transport.max-requests-in-flight}: requests read from one accepted connection whose responses
     * are not yet written to its socket. At this many the connection is not read any further until half of them are.
     */
    public int maxRequestsInFlight() {
        return maxRequestsInFlight;
    }

    /**
     * {@code raftwire.transport.accept-any-member}: whether a connection may claim a member id that is not one of
     * this node's peers (a Raft node's client port, where clients are not members). This node's own id is still
     * refused, and with TLS the certificate must still name the claimed id.
     */
    public boolean acceptAnyMember() {
        return acceptAnyMember;
    }

    /**
     * {@code raftwire.transport.capture-file}: the file every frame sent and received is copied to, in plaintext even
     * with TLS ({@link io.raftwire.transport.netty.capture.CaptureFormat}), or empty for none.
     */
    public String captureFile() {
        return captureFile;
    }

    /** {@code raftwire.transport.max-inbound-buffer-bytes}: bytes of incomplete inbound frames over all connections. */
    public int maxInboundBufferBytes() {
        return maxInboundBufferBytes;
    }

    /** {@code raftwire.tls.*}: mutual TLS, or plaintext. */
    public TlsSettings tls() {
        return tls;
    }

    /** Collects settings; not thread-safe. Every setter names its configuration key. */
    public static final class Builder {
        private String clusterId = ConfigKeys.CLUSTER_ID.defaultValue();
        private String nodeId = ConfigKeys.NODE_ID.defaultValue();
        private HostPort listenAddress = ConfigKeys.NODE_ADDRESS.defaultValue();
        private List<PeerAddress> peers = ConfigKeys.PEERS.defaultValue();
        private int maxFrameBytes = ConfigKeys.TRANSPORT_MAX_FRAME_BYTES.defaultValue();
        private int connectTimeoutMs = ConfigKeys.TRANSPORT_CONNECT_TIMEOUT_MS.defaultValue();
        private int handshakeTimeoutMs = ConfigKeys.TRANSPORT_HANDSHAKE_TIMEOUT_MS.defaultValue();
        private int requestTimeoutMs = ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS.defaultValue();
        private int idleTimeoutMs = ConfigKeys.TRANSPORT_IDLE_TIMEOUT_MS.defaultValue();
        private int reconnectInitialBackoffMs = ConfigKeys.TRANSPORT_RECONNECT_INITIAL_BACKOFF_MS.defaultValue();
        private int reconnectMaxBackoffMs = ConfigKeys.TRANSPORT_RECONNECT_MAX_BACKOFF_MS.defaultValue();
        private double reconnectBackoffMultiplier = ConfigKeys.TRANSPORT_RECONNECT_BACKOFF_MULTIPLIER.defaultValue();
        private double reconnectJitter = ConfigKeys.TRANSPORT_RECONNECT_JITTER.defaultValue();
        private int writeBufferLowBytes = ConfigKeys.TRANSPORT_WRITE_BUFFER_LOW_BYTES.defaultValue();
        private int writeBufferHighBytes = ConfigKeys.TRANSPORT_WRITE_BUFFER_HIGH_BYTES.defaultValue();
        private int maxPendingRequests = ConfigKeys.TRANSPORT_MAX_PENDING_REQUESTS.defaultValue();
        private boolean flushConsolidation = ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION.defaultValue();
        private int flushConsolidationLimit = ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION_LIMIT.defaultValue();
        private int bulkThresholdBytes = ConfigKeys.TRANSPORT_BULK_THRESHOLD_BYTES.defaultValue();
        private int ioThreads = ConfigKeys.TRANSPORT_IO_THREADS.defaultValue();
        private SocketImplementation socketImplementation = ConfigKeys.TRANSPORT_NATIVE.defaultValue();
        private int maxConnections = ConfigKeys.TRANSPORT_MAX_CONNECTIONS.defaultValue();
        private int maxUnauthenticatedConnections =
                ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_CONNECTIONS.defaultValue();
        private int maxInboundBufferBytes = ConfigKeys.TRANSPORT_MAX_INBOUND_BUFFER_BYTES.defaultValue();
        private int maxUnauthenticatedPerAddress =
                ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_PER_ADDRESS.defaultValue();
        private int reservedMemberSlots = ConfigKeys.TRANSPORT_RESERVED_MEMBER_SLOTS.defaultValue();
        private int handshakeRate = ConfigKeys.TRANSPORT_HANDSHAKE_RATE.defaultValue();
        private int handshakeRatePerAddress = ConfigKeys.TRANSPORT_HANDSHAKE_RATE_PER_ADDRESS.defaultValue();
        private int maxRequestsInFlight = ConfigKeys.TRANSPORT_MAX_REQUESTS_IN_FLIGHT.defaultValue();
        private boolean acceptAnyMember = ConfigKeys.TRANSPORT_ACCEPT_ANY_MEMBER.defaultValue();
        private String captureFile = ConfigKeys.TRANSPORT_CAPTURE_FILE.defaultValue();
        private TlsSettings tls = TlsSettings.defaults();

        private Builder() {
        }

        /** {@code raftwire.cluster.id}. */
        public Builder clusterId(String v) {
            clusterId = v;
            return this;
        }

        /** {@code raftwire.node.id}. */
        public Builder nodeId(String v) {
            nodeId = v;
            return this;
        }

        /** {@code raftwire.node.address}. */
        public Builder listenAddress(HostPort v) {
            listenAddress = v;
            return this;
        }

        /** {@code raftwire.peers}. */
        public Builder peers(List<PeerAddress> v) {
            peers = List.copyOf(v);
            return this;
        }

        /** {@code raftwire.transport.max-frame-bytes}. */
        public Builder maxFrameBytes(int v) {
            maxFrameBytes = v;
            return this;
        }

        /** {@code raftwire.transport.connect-timeout-ms}. */
        public Builder connectTimeoutMs(int v) {
            connectTimeoutMs = v;
            return this;
        }

        /** {@code raftwire.transport.handshake-timeout-ms}. */
        public Builder handshakeTimeoutMs(int v) {
            handshakeTimeoutMs = v;
            return this;
        }

        /** {@code raftwire.transport.request-timeout-ms}. */
        public Builder requestTimeoutMs(int v) {
            requestTimeoutMs = v;
            return this;
        }

        /** {@code raftwire.transport.reconnect-initial-backoff-ms}. */
        public Builder reconnectInitialBackoffMs(int v) {
            reconnectInitialBackoffMs = v;
            return this;
        }

        /** {@code raftwire.transport.reconnect-max-backoff-ms}. */
        public Builder reconnectMaxBackoffMs(int v) {
            reconnectMaxBackoffMs = v;
            return this;
        }

        /** {@code raftwire.transport.reconnect-backoff-multiplier}. */
        public Builder reconnectBackoffMultiplier(double v) {
            reconnectBackoffMultiplier = v;
            return this;
        }

        /** {@code raftwire.transport.reconnect-jitter}. */
        public Builder reconnectJitter(double v) {
            reconnectJitter = v;
            return this;
        }

        /** {@code raftwire.transport.idle-timeout-ms}. */
        public Builder idleTimeoutMs(int v) {
            idleTimeoutMs = v;
            return this;
        }

        /** {@code raftwire.transport.write-buffer-low-bytes}. */
        public Builder writeBufferLowBytes(int v) {
            writeBufferLowBytes = v;
            return this;
        }

        /** {@code raftwire.transport.write-buffer-high-bytes}. */
        public Builder writeBufferHighBytes(int v) {
            writeBufferHighBytes = v;
            return this;
        }

        /** {@code raftwire.transport.max-pending-requests}. */
        public Builder maxPendingRequests(int v) {
            maxPendingRequests = v;
            return this;
        }

        /** {@code raftwire.transport.flush-consolidation}. */
        public Builder flushConsolidation(boolean v) {
            flushConsolidation = v;
            return this;
        }

        /** {@code raftwire.transport.flush-consolidation-limit}. */
        public Builder flushConsolidationLimit(int v) {
            flushConsolidationLimit = v;
            return this;
        }

        /** {@code raftwire.transport.io-threads}. */
        public Builder ioThreads(int v) {
            ioThreads = v;
            return this;
        }

        /** {@code raftwire.transport.native}. */
        public Builder socketImplementation(SocketImplementation v) {
            socketImplementation = v;
            return this;
        }

        /** {@code raftwire.transport.bulk-threshold-bytes}: frames above this size use the bulk connection. */
        public Builder bulkThresholdBytes(int v) {
            bulkThresholdBytes = v;
            return this;
        }

        /** {@code raftwire.transport.max-connections}. */
        public Builder maxConnections(int v) {
            maxConnections = v;
            return this;
        }

        /** {@code raftwire.transport.max-unauthenticated-connections}. */
        public Builder maxUnauthenticatedConnections(int v) {
            maxUnauthenticatedConnections = v;
            return this;
        }

        /** {@code raftwire.transport.max-unauthenticated-per-address}. */
        public Builder maxUnauthenticatedPerAddress(int v) {
            maxUnauthenticatedPerAddress = v;
            return this;
        }

        /** {@code raftwire.transport.reserved-member-slots}. */
        public Builder reservedMemberSlots(int v) {
            reservedMemberSlots = v;
            return this;
        }

        /** {@code raftwire.transport.handshake-rate}, per second. */
        public Builder handshakeRate(int v) {
            handshakeRate = v;
            return this;
        }

        /** {@code raftwire.transport.handshake-rate-per-address}, per second. */
        public Builder handshakeRatePerAddress(int v) {
            handshakeRatePerAddress = v;
            return this;
        }

        /** {@code raftwire.transport.max-requests-in-flight}. */
        public Builder maxRequestsInFlight(int v) {
            maxRequestsInFlight = v;
            return this;
        }

        /** {@code raftwire.transport.capture-file}; empty for none. */
        public Builder captureFile(String v) {
            captureFile = Objects.requireNonNull(v, "captureFile");
            return this;
        }

        /** {@code raftwire.transport.accept-any-member}. */
        public Builder acceptAnyMember(boolean v) {
            acceptAnyMember = v;
            return this;
        }

        /** {@code raftwire.transport.max-inbound-buffer-bytes}. */
        public Builder maxInboundBufferBytes(int v) {
            maxInboundBufferBytes = v;
            return this;
        }

        /** {@code raftwire.tls.*}; the default is TLS on with no files, which {@link #build()} refuses. */
        public Builder tls(TlsSettings v) {
            tls = Objects.requireNonNull(v, "tls");
            return this;
        }

        /** Plaintext, unauthenticated: {@code raftwire.tls.enabled = false}. For loopback demos and tests. */
        public Builder plaintext() {
            return tls(TlsSettings.plaintext());
        }

        /**
         * Checks and freezes the settings.
         *
         * @throws IllegalArgumentException listing every problem, as {@code key = value (expected: ...)}, in the order a
         *                                  {@code ConfigException} lists them, then those of {@link TlsSettings}
         * @throws NullPointerException     naming the key of a setting left {@code null}
         */
        public TransportSettings build() {
            return new TransportSettings(this);
        }
    }
}
