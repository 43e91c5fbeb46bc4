package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HeaderDecoder;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * Builds the transport's real pipelines on {@link EmbeddedChannel}s, with the same context a {@link NettyTransport}
 * would use, and reads what they write back. Close it to stop its timer.
 */
final class EmbeddedHarness implements AutoCloseable {

    static final String CLUSTER = "test-cluster";
    static final String LOCAL = "local";
    static final String REMOTE = "remote";

    final TransportSettings settings;
    final SerializerSet serializers;
    final TransportContext context;
    final Pipelines pipelines;
    final FrameWriter writer;
    final InboundLimits limits;
    /** The gate of the harness's node: {@link io.raftwire.transport.SchemaGate#REFUSE_ALL} until a test sets one. */
    final PeerSchemaGate schemaGate = new PeerSchemaGate();
    private final HashedWheelTimer timer = new HashedWheelTimer(new DefaultThreadFactory("harness-timer", true));
    private final HeaderDecoder anyKind;

    EmbeddedHarness(TransportSettings.Builder settings, SerializerSet serializers) {
        this.settings = settings.clusterId(CLUSTER).nodeId(LOCAL).build();
        this.serializers = serializers;
        ByteBufAllocator alloc = PooledByteBufAllocator.DEFAULT;
        this.writer = new FrameWriter(alloc, this.settings.maxFrameBytes());
        Set<String> members = new HashSet<>(Set.of(REMOTE));
        this.settings.peers().forEach(p -> members.add(p.id()));
        this.limits = new InboundLimits(this.settings.maxConnections(), this.settings.maxUnauthenticatedConnections(),
                this.settings.maxUnauthenticatedPerAddress(), this.settings.reservedMemberSlots(),
                this.settings.maxInboundBufferBytes());
        this.context = new TransportContext(this.settings, serializers, writer,
                new MetricsRecorder(serializers.registry()), new HandlerRegistry(), timer,
                new MemberPolicy(CLUSTER, LOCAL, () -> members, false), limits, null, schemaGate);
        this.pipelines = new Pipelines(context);
        this.anyKind = new HeaderDecoder(serializers, EnumSet.allOf(FrameKind.class), "test reader");
    }

    /**
     * Default settings, plaintext, with idle detection and flush consolidation off (each test turns on what it
     * checks). The harness's node knows {@link #REMOTE} (and the settings' peers) as members.
     */
    static TransportSettings.Builder quietSettings() {
        return TransportSettings.builder().plaintext().idleTimeoutMs(0).flushConsolidation(false)
                .maxFrameBytes(64 * 1024);
    }

    /** A channel with the pipeline of an accepted connection, active. */
    EmbeddedChannel accepted() {
        return new EmbeddedChannel(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                pipelines.initAccepted(ch.pipeline());
            }
        });
    }

    /** A channel with the pipeline of an outbound connection to {@link #REMOTE}, active (it has sent HELLO). */
    EmbeddedChannel outbound(Connection connection, CompletableFuture<Handshake> handshake) {
        EmbeddedChannel ch = new EmbeddedChannel(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel c) {
                pipelines.initOutbound(c.pipeline(), connection, handshake);
            }
        });
        connection.channel(ch);
        return ch;
    }

    /** A peer link to {@link #REMOTE} whose lanes never connect by themselves. */
    PeerLink link() {
        return new PeerLink(new PeerAddress(REMOTE, new HostPort("127.0.0.1", 9)), context, new Lane.Connector() {
            @Override
            public io.netty.channel.ChannelFuture connect(Connection c, CompletableFuture<Handshake> h) {
                throw new UnsupportedOperationException("no sockets in embedded tests");
            }

            @Override
            public Future<?> schedule(Runnable task, long delayMs) {
                return CompletableFuture.completedFuture(null);
            }
        });
    }

    /** The HELLO a peer named {@code nodeId} of this cluster, configured like this node, would send. */
    ByteBuf hello(String nodeId) {
        return hello(nodeId, settings.maxFrameBytes(), settings.idleTimeoutMs());
    }

    /** The HELLO a peer named {@code nodeId} of this cluster with these limits would send. */
    ByteBuf hello(String nodeId, int maxFrameBytes, int idleTimeoutMs) {
        return writer.handshake(FrameKind.HELLO, Handshake.of(CLUSTER, nodeId, LOCAL, Handshake.Lane.URGENT,
                maxFrameBytes, idleTimeoutMs, serializers));
    }

    /** The WELCOME a peer named {@code nodeId} of {@code cluster} with these limits would send. */
    ByteBuf welcome(String nodeId, String cluster, int maxFrameBytes, int idleTimeoutMs) {
        return writer.handshake(FrameKind.WELCOME, Handshake.of(cluster, nodeId, "", Handshake.Lane.URGENT,
                maxFrameBytes, idleTimeoutMs, serializers));
    }

    /** A frame written by {@code serializers.sender()}. */
    ByteBuf request(FrameKind kind, long correlationId, Object message) {
        return writer.message(kind, serializers.sender(), serializers.registry().idOf(message), correlationId,
                message);
    }

    /**
     * Parses one outbound frame (length prefix included) and releases it.
     *
     * @return the frame; owned by the caller
     */
    Frame parse(ByteBuf written) {
        try {
            written.skipBytes(4);
            return anyKind.decode(written);
        } finally {
            written.release();
        }
    }

    /** Reads the next outbound frame, or {@code null}. Owned by the caller. */
    Frame nextOutbound(EmbeddedChannel ch) {
        ByteBuf b = ch.readOutbound();
        return b == null ? null : parse(b);
    }

    /** Reads the next outbound frame, checks its kind, decodes an error payload; releases the frame. */
    static ErrorPayload errorOf(Frame frame) {
        try {
            return ErrorPayload.readFrom(frame.payload());
        } finally {
            frame.release();
        }
    }

    /** Decodes a message frame's payload with the matching accepted serializer; releases the frame. */
    Object decode(Frame frame) {
        try {
            return serializers.accepted(frame.serializerId()).decode(frame.typeId(), frame.payload());
        } finally {
            frame.release();
        }
    }

    @Override
    public void close() {
        timer.stop();
    }
}
