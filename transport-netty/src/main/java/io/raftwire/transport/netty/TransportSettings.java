package io.raftwire.transport.netty;

import io.raftwire.config.ConfigKey;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.SocketImplementation;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The settings of one {@link NettyTransport}: the {@code raftwire.cluster.*}, {@code raftwire.node.*},
 * {@code raftwire.peers} and {@code raftwire.transport.*} configuration keys as typed values (the bulk threshold is
 * {@code raftwire.transport.bulk-threshold-bytes}).
 * {@link NettyTransportFactory} builds it from a {@code RaftwireConfig}; {@link #builder()} starts from the same
 * defaults for embedding and tests. Immutable; the constructor checks the same ranges as the configuration keys (the
 * keys added with TLS take their defaults and ranges from {@link ConfigKeys} directly). The defaults turn TLS on
 * without certificate files, which {@link Builder#build()} refuses: call {@link Builder#tls} or, for loopback tests,
 * {@link Builder#plaintext()}.
 */
public final class TransportSettings {

    /** Frames larger than this go on the bulk connection by default: 64 KiB. */
    public static final int DEFAULT_BULK_THRESHOLD_BYTES = 64 * 1024;

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
    private final int maxUnauthenticatedConnections;
    private final int maxInboundBufferBytes;
    private final boolean acceptAnyMember;
    private final String captureFile;
    private final TlsSettings tls;

    private TransportSettings(Builder b) {
        List<String> problems = new ArrayList<>();
        this.clusterId = Objects.requireNonNull(b.clusterId, "clusterId");
        this.nodeId = Objects.requireNonNull(b.nodeId, "nodeId");
        this.listenAddress = Objects.requireNonNull(b.listenAddress, "listenAddress");
        this.peers = List.copyOf(b.peers);
        this.maxFrameBytes = range(problems, "max-frame-bytes", b.maxFrameBytes, 1024, 1 << 30);
        this.connectTimeoutMs = range(problems, "connect-timeout-ms", b.connectTimeoutMs, 1, 60_000);
        this.handshakeTimeoutMs = range(problems, "handshake-timeout-ms", b.handshakeTimeoutMs, 1, 60_000);
        this.requestTimeoutMs = range(problems, "request-timeout-ms", b.requestTimeoutMs, 1, 3_600_000);
        this.reconnectInitialBackoffMs = range(problems, "reconnect-initial-backoff-ms", b.reconnectInitialBackoffMs,
                1, 60_000);
        this.reconnectMaxBackoffMs = range(problems, "reconnect-max-backoff-ms", b.reconnectMaxBackoffMs,
                b.reconnectInitialBackoffMs, Integer.MAX_VALUE);
        this.reconnectBackoffMultiplier = b.reconnectBackoffMultiplier;
        check(problems, b.reconnectBackoffMultiplier >= 1.0 && b.reconnectBackoffMultiplier <= 10.0,
                "reconnect-backoff-multiplier", b.reconnectBackoffMultiplier, "1.0..10.0");
        this.reconnectJitter = b.reconnectJitter;
        check(problems, b.reconnectJitter >= 0.0 && b.reconnectJitter <= 1.0, "reconnect-jitter", b.reconnectJitter,
                "0.0..1.0");
        this.idleTimeoutMs = b.idleTimeoutMs;
        check(problems, b.idleTimeoutMs == 0 || b.idleTimeoutMs >= 100 && b.idleTimeoutMs <= 3_600_000,
                "idle-timeout-ms", b.idleTimeoutMs, "0 (off) or 100..3600000");
        this.writeBufferLowBytes = range(problems, "write-buffer-low-bytes", b.writeBufferLowBytes, 1024,
                Integer.MAX_VALUE - 1);
        this.writeBufferHighBytes = range(problems, "write-buffer-high-bytes", b.writeBufferHighBytes,
                b.writeBufferLowBytes + 1, Integer.MAX_VALUE);
        this.maxPendingRequests = range(problems, "max-pending-requests", b.maxPendingRequests, 1, 1 << 20);
        this.flushConsolidation = b.flushConsolidation;
        this.flushConsolidationLimit = range(problems, "flush-consolidation-limit", b.flushConsolidationLimit, 1,
                65_536);
        this.ioThreads = range(problems, "io-threads", b.ioThreads, 1, 64);
        this.socketImplementation = Objects.requireNonNull(b.socketImplementation, "socketImplementation");
        this.bulkThresholdBytes = range(problems, "bulk-threshold-bytes", b.bulkThresholdBytes, 256, Integer.MAX_VALUE);
        this.maxUnauthenticatedConnections = key(problems, ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_CONNECTIONS,
                b.maxUnauthenticatedConnections);
        this.maxInboundBufferBytes = key(problems, ConfigKeys.TRANSPORT_MAX_INBOUND_BUFFER_BYTES,
                b.maxInboundBufferBytes);
        if (b.maxInboundBufferBytes < b.maxFrameBytes) {
            problems.add(ConfigKeys.TRANSPORT_MAX_INBOUND_BUFFER_BYTES.name() + " = " + b.maxInboundBufferBytes
                    + " (expected: >= " + b.maxFrameBytes + " (" + ConfigKeys.TRANSPORT_MAX_FRAME_BYTES.name() + "))");
        }
        this.acceptAnyMember = b.acceptAnyMember;
        this.captureFile = b.captureFile;
        this.tls = Objects.requireNonNull(b.tls, "tls");
        problems.addAll(tls.problems());
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("invalid transport settings: " + String.join("; ", problems));
        }
    }

    /** A builder with every default of the configuration keys. */
    public static Builder builder() {
        return new Builder();
    }

    private static int range(List<String> problems, String name, int value, int min, int max) {
        check(problems, value >= min && value <= max, name, value,
                max == Integer.MAX_VALUE ? ">= " + min : min + ".." + max);
        return value;
    }

    /** Checks {@code value} against the key's own constraint, declared once in {@link ConfigKeys}. */
    private static <T> T key(List<String> problems, ConfigKey<T> key, T value) {
        String failure = key.constraint().check(value);
        if (failure != null) {
            problems.add(key.name() + " = " + key.format(value) + " (expected: " + failure + ")");
        }
        return value;
    }

    private static void check(List<String> problems, boolean ok, String name, Object value, String expected) {
        if (!ok) {
            problems.add("raftwire.transport." + name + " = " + value + " (expected: " + expected + ")");
        }
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

    /** {@code raftwire.transport.max-unauthenticated-connections}: accepted connections waiting for their handshake. */
    public int maxUnauthenticatedConnections() {
        return maxUnauthenticatedConnections;
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
        private String clusterId = "raftwire";
        private String nodeId = "node-1";
        private HostPort listenAddress = new HostPort("127.0.0.1", 0);
        private List<PeerAddress> peers = List.of();
        private int maxFrameBytes = 16 * 1024 * 1024;
        private int connectTimeoutMs = 1000;
        private int handshakeTimeoutMs = 2000;
        private int requestTimeoutMs = 5000;
        private int reconnectInitialBackoffMs = 50;
        private int reconnectMaxBackoffMs = 2000;
        private double reconnectBackoffMultiplier = 1.6;
        private double reconnectJitter = 0.2;
        private int idleTimeoutMs = 3000;
        private int writeBufferLowBytes = 32 * 1024;
        private int writeBufferHighBytes = 128 * 1024;
        private int maxPendingRequests = 4096;
        private boolean flushConsolidation = true;
        private int flushConsolidationLimit = 256;
        private int ioThreads = 1;
        private SocketImplementation socketImplementation = SocketImplementation.NIO;
        private int bulkThresholdBytes = DEFAULT_BULK_THRESHOLD_BYTES;
        private int maxUnauthenticatedConnections =
                ConfigKeys.TRANSPORT_MAX_UNAUTHENTICATED_CONNECTIONS.defaultValue();
        private int maxInboundBufferBytes = ConfigKeys.TRANSPORT_MAX_INBOUND_BUFFER_BYTES.defaultValue();
        private boolean acceptAnyMember;
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

        /** Frames above this size use the bulk connection ({@code raftwire.transport.bulk-threshold-bytes}); >= 256. */
        public Builder bulkThresholdBytes(int v) {
            bulkThresholdBytes = v;
            return this;
        }

        /** {@code raftwire.transport.max-unauthenticated-connections}. */
        public Builder maxUnauthenticatedConnections(int v) {
            maxUnauthenticatedConnections = v;
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
         * @throws IllegalArgumentException listing every value out of range
         */
        public TransportSettings build() {
            return new TransportSettings(this);
        }
    }
}
