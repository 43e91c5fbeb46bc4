package io.raftwire.transport.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.transport.CallerRequestHandler;
import io.raftwire.transport.InboundCounters;
import io.raftwire.transport.MessageHandler;
import io.raftwire.transport.RateLimitedLog;
import io.raftwire.transport.RequestHandler;
import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.TransportStats;
import io.raftwire.transport.netty.capture.CaptureFileInUseException;
import io.raftwire.transport.netty.capture.NotACaptureFileException;
import io.raftwire.transport.netty.capture.CaptureWriter;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.FrameException;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.SerializerSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The Netty implementation of {@link Transport}. Each node listens on one port and opens up to two connections to
 * every peer (requests travel on this node's own connections; the peer answers on the same connection):
 * <ul>
 *   <li>an <b>urgent</b> connection, kept open, for every frame up to {@link TransportSettings#bulkThresholdBytes()}
 *       (votes, heartbeats, ordinary appends, client requests);</li>
 *   <li>a <b>bulk</b> connection, opened when first needed, for larger frames (snapshot chunks, big appends), so that
 *       megabytes in flight never queue in front of a vote or a heartbeat.</li>
 * </ul>
 * The wire format is in {@link io.raftwire.transport.netty.codec.FrameDescriptor}; the pipeline in
 * {@link Pipelines}.
 *
 * <p><b>Memory bounds.</b> At most {@code max-pending-requests} requests await responses per peer; further requests
 * fail at once with {@link Reason#OVERLOADED}. A send to a connection whose outbound buffer is above
 * {@code write-buffer-high-bytes} also fails at once with {@link Reason#OVERLOADED} (fail fast rather than queue:
 * Raft retries on its next heartbeat anyway, and a peer that stops reading then costs at most the high water mark
 * plus the frames racing the check). Frames larger than {@code max-frame-bytes} are refused before they are queued.
 *
 * <p><b>Trust.</b> With TLS ({@code raftwire.tls.enabled}, the default) every connection is mutually authenticated and
 * a peer's member id is the one its certificate names (see {@link io.raftwire.transport.CertificateName}); the member id handed to
 * request and message handlers as {@code from} is that authenticated id. Every connection, TLS or not, must claim a
 * current peer's member id, not this node's. Before its handshake completes, an accepted connection may send only a
 * handshake's worth of bytes, and at most {@code max-unauthenticated-connections} may be waiting at once; after it,
 * incomplete frames of all connections hold at most {@code max-inbound-buffer-bytes} (see {@link InboundLimits}).
 *
 * <p>Thread-safe. Build one with {@link NettyTransportFactory} or {@link #NettyTransport(TransportSettings,
 * SerializerSet)}.
 */
public final class NettyTransport implements Transport {

    private static final Logger LOG = LoggerFactory.getLogger(NettyTransport.class);
    /**
     * The start-up warning of a plaintext transport has a logger of its own, so that a deployment (or a test suite
     * that runs on loopback by design) can route it without silencing the transport's other warnings.
     */
    private static final Logger PLAINTEXT = LoggerFactory.getLogger("io.raftwire.transport.plaintext");

    /**
     * Most bytes read from one accepted connection per event-loop turn (one read). Other ready connections are
     * served before it is read again, so a peer that floods requests delays another peer's request by at most the
     * handling of this many bytes of requests per flooding connection.
     */
    static final int ACCEPTED_READ_BYTES = 64 * 1024;

    private enum State { NEW, STARTED, CLOSED }

    private final TransportSettings settings;
    private final SerializerSet serializers;
    private final TransportContext context;
    private final Pipelines pipelines;
    private final CaptureWriter capture;
    private final ByteBufAllocator allocator = PooledByteBufAllocator.DEFAULT;
    private final ConcurrentMap<String, PeerLink> peers = new ConcurrentHashMap<>();
    private final Set<Channel> accepted = ConcurrentHashMap.newKeySet();
    private final AtomicLong correlationIds = new AtomicLong();
    private final Object lifecycle = new Object();
    private final HashedWheelTimer timer;
    private final Lane.Connector connector = new Connector();
    private final InboundLimits limits;
    private final HandshakeGate handshakeGate;
    /** The resolved addresses of each configured peer's host: their connections may use the reserved slots. */
    private final ConcurrentMap<String, Set<InetAddress>> memberAddresses = new ConcurrentHashMap<>();
    /** Runs the TLS handshake work of accepted connections off the event loop; {@code null} in plaintext. */
    private final ExecutorService handshakeWork;
    private final RateLimitedLog warnings = new RateLimitedLog(LOG);
    private final PeerSchemaGate schemaGate = new PeerSchemaGate();

    private volatile State state = State.NEW;
    private volatile Thread timerThread;
    private EventLoopGroup group;
    private SocketSupport sockets;
    private Channel serverChannel;
    private volatile HostPort localAddress;

    /**
     * Creates a transport; nothing is bound or connected until {@link #start()}.
     *
     * @param settings    ids, addresses and limits
     * @param serializers the serializer to send with and those accepted inbound
     * @throws IllegalArgumentException if the serializers' registry has no schema ({@code @WireTag}s that cannot be
     *                                  tags), which every handshake announces
     */
    public NettyTransport(TransportSettings settings, SerializerSet serializers) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.serializers = Objects.requireNonNull(serializers, "serializers");
        serializers.schema(); // computed once here, so that no handshake waits for it, and a registry without one fails
        ThreadFactory timerThreads = new DefaultThreadFactory("raftwire-timer-" + settings.nodeId(), true);
        this.timer = new HashedWheelTimer(task -> {
            Thread t = timerThreads.newThread(task);
            timerThread = t;
            return t;
        }, 10, TimeUnit.MILLISECONDS, 512);
        this.limits = new InboundLimits(settings.maxConnections(), settings.maxUnauthenticatedConnections(),
                settings.maxUnauthenticatedPerAddress(), settings.reservedMemberSlots(),
                settings.maxInboundBufferBytes());
        this.handshakeGate = new HandshakeGate(settings.handshakeRate(), settings.handshakeRatePerAddress(),
                this::isMemberAddress, System::nanoTime);
        TlsContexts tls;
        try {
            tls = settings.tls().enabled() ? new TlsContexts(settings.tls(), settings.clusterId(), settings.nodeId(),
                    settings.handshakeTimeoutMs()) : null;
        } catch (RuntimeException e) {
            timer.stop();
            throw e;
        }
        this.context = new TransportContext(settings, serializers,
                new FrameWriter(allocator, settings.maxFrameBytes()), new MetricsRecorder(serializers.registry()),
                new HandlerRegistry(), timer, new MemberPolicy(settings.clusterId(), settings.nodeId(),
                        peers::keySet, settings.acceptAnyMember()), limits, tls, schemaGate);
        this.localAddress = settings.listenAddress();
        try {
            for (PeerAddress p : settings.peers()) {
                addLink(p);
            }
        } catch (RuntimeException e) {
            timer.stop();
            throw e;
        }
        // last: nothing after it can fail, so the writer's thread cannot outlive a refused constructor
        this.capture = openCapture(settings);
        this.handshakeWork = settings.tls().enabled() ? Executors.newSingleThreadExecutor(
                new DefaultThreadFactory("raftwire-handshake-" + settings.nodeId(), true)) : null;
        this.pipelines = new Pipelines(context, capture, handshakeWork);
    }

    @Override
    public String memberId() {
        return settings.nodeId();
    }

    /** The settings this transport was built with. */
    public TransportSettings settings() {
        return settings;
    }

    /** The serializers this transport sends with and accepts. */
    public SerializerSet serializers() {
        return serializers;
    }

    @Override
    public void start() {
        TransportException bindFailure = null;
        synchronized (lifecycle) {
            if (state == State.CLOSED) {
                throw new TransportException(Reason.CLOSED, "", "transport " + memberId() + " is closed", null);
            }
            if (state == State.STARTED) {
                throw new IllegalStateException("transport " + memberId() + " is already started");
            }
            sockets = SocketSupport.select(settings.socketImplementation());
            group = new MultiThreadIoEventLoopGroup(settings.ioThreads(),
                    new DefaultThreadFactory("raftwire-io-" + settings.nodeId(), true), sockets.ioHandler());
            try {
                bind();
                state = State.STARTED;
            } catch (TransportException e) {
                bindFailure = e;
            }
        }
        if (bindFailure != null) {
            // The transport is closed for good: nothing may wait on its peers (whenReachable) any more.
            peers.values().forEach(link -> link.close(closedException(link.id())));
            throw bindFailure;
        }
        LOG.info("raftwire transport {} listening on {} ({}, {} I/O threads, {}); sends with {}, accepts {}; peers {}",
                memberId(), localAddress, sockets.name(), settings.ioThreads(),
                settings.tls().enabled() ? "mutual TLS, " + settings.tls().provider().name().toLowerCase(
                        java.util.Locale.ROOT) : "plaintext", SerializerSet.describe(serializers.sender()),
                serializers.describeAccepted(), peers.keySet());
        UnsafeAccessHint.logOnce();
        if (!settings.tls().enabled()) {
            PLAINTEXT.warn("raftwire transport {} is unauthenticated (raftwire.tls.enabled = false): any process that can"
                    + " reach {} can claim to be any member; use plaintext only on loopback for demos and tests",
                    memberId(), localAddress);
        }
        peers.values().forEach(PeerLink::start);
    }

    private void bind() {
        ServerBootstrap b = new ServerBootstrap().group(group).channel(sockets.serverSocket())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.SO_KEEPALIVE, true)
                .childOption(ChannelOption.ALLOCATOR, allocator)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark())
                // Isolation: one read of at most ACCEPTED_READ_BYTES per accepted connection per event-loop turn, so
                // a peer flooding requests gets the same share of the I/O thread as every other ready connection.
                .childOption(ChannelOption.RECVBUF_ALLOCATOR, new AdaptiveRecvByteBufAllocator(64, 2048,
                        ACCEPTED_READ_BYTES).maxMessagesPerRead(1))
                .childHandler(new ChannelInitializer<>() {
                    @Override
                    protected void initChannel(Channel ch) {
                        if (!limits.open(ch)) {
                            context.metrics().overCap.increment();
                            warnings.warn("connections", "closing the connection from {}: {} accepted connections are"
                                    + " open (expected: < max-connections {})", ch.remoteAddress(), limits.open(),
                                    limits.maxOpen());
                            ch.close();
                            return;
                        }
                        if (!(ch.remoteAddress() instanceof InetSocketAddress remote)) {
                            ch.close(); // closed before it could be set up: nothing to limit
                            return;
                        }
                        InetAddress from = remote.getAddress();
                        String tooFast = handshakeGate.admit(from);
                        if (tooFast != null) {
                            context.metrics().refusedHandshakeRate.increment();
                            pipelines.handshakeFailures().refused(from);
                            LOG.debug("closing the connection from {}: {}", ch.remoteAddress(), tooFast);
                            ch.close();
                            return;
                        }
                        String full = limits.admit(ch, from, isMemberAddress(from));
                        if (full != null) {
                            context.metrics().overCap.increment();
                            warnings.warn("cap", "closing the connection from {}: {}", ch.remoteAddress(), full);
                            ch.close();
                            return;
                        }
                        accepted.add(ch);
                        ch.closeFuture().addListener(f -> accepted.remove(ch));
                        pipelines.initAccepted(ch.pipeline());
                    }
                });
        HostPort listen = settings.listenAddress();
        ChannelFuture f = b.bind(listen.host(), listen.port()).awaitUninterruptibly();
        if (!f.isSuccess()) {
            group.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            timer.stop();
            closeCapture();
            state = State.CLOSED;
            Throwable why = f.cause();
            throw new TransportException(Reason.UNREACHABLE, "", "cannot listen on " + listen + ": "
                    + (why instanceof UnresolvedAddressException ? "the host does not resolve"
                    + " (expected: an address or a host name of this machine)" : why.getMessage() != null
                    ? why.getMessage() : why.getClass().getSimpleName()), why);
        }
        serverChannel = f.channel();
        InetSocketAddress bound = (InetSocketAddress) serverChannel.localAddress();
        localAddress = new HostPort(listen.host(), bound.getPort());
    }

    private WriteBufferWaterMark waterMark() {
        return new WriteBufferWaterMark(settings.writeBufferLowBytes(), settings.writeBufferHighBytes());
    }

    @Override
    public HostPort localAddress() {
        return localAddress;
    }

    @Override
    public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType) {
        return doRequest(memberId, request, responseType, settings.requestTimeoutMs());
    }

    @Override
    public <R> CompletableFuture<R> request(String memberId, Object request, Class<R> responseType,
            Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout = " + timeout + " (expected: positive)");
        }
        return doRequest(memberId, request, responseType, Math.max(1, timeout.toMillis()));
    }

    private <R> CompletableFuture<R> doRequest(String memberId, Object request, Class<R> responseType,
            long timeoutMs) {
        Objects.requireNonNull(request, "request");
        Objects.requireNonNull(responseType, "responseType");
        CompletableFuture<R> future = new CompletableFuture<>();
        PeerLink link = usableLink(memberId, future);
        if (link == null) {
            return future;
        }
        if (!link.tryAcquirePending()) {
            context.metrics().rejected.increment();
            return failed(future, Reason.OVERLOADED, memberId, memberId + " has " + link.pendingCount()
                    + " requests pending (expected: < max-pending-requests " + settings.maxPendingRequests() + ")");
        }
        long correlationId = correlationIds.incrementAndGet();
        ByteBuf frame = encode(FrameKind.REQUEST, memberId, correlationId, request, future);
        if (frame == null) {
            link.releasePending();
            return future;
        }
        PendingRequest<R> pending = new PendingRequest<>(correlationId, describe(request), responseType, future, link,
                timeoutMs);
        link.laneFor(frame.readableBytes()).submit(frame, pending, null);
        return future;
    }

    @Override
    public CompletableFuture<Void> send(String memberId, Object message) {
        Objects.requireNonNull(message, "message");
        CompletableFuture<Void> written = new CompletableFuture<>();
        PeerLink link = usableLink(memberId, written);
        if (link == null) {
            return written;
        }
        ByteBuf frame = encode(FrameKind.ONE_WAY, memberId, 0, message, written);
        if (frame != null) {
            link.laneFor(frame.readableBytes()).submit(frame, null, written);
        }
        return written;
    }

    /**
     * {@inheritDoc}
     *
     * <p>Finds the connection by scanning the accepted channels: cost proportional to the number of open inbound
     * connections.
     */
    @Override
    public CompletableFuture<Void> push(String memberId, Object message) {
        Objects.requireNonNull(message, "message");
        CompletableFuture<Void> written = new CompletableFuture<>();
        if (state != State.STARTED) {
            return failed(written, Reason.CLOSED, memberId, "transport " + memberId() + " is "
                    + (state == State.NEW ? "not started" : "closed"));
        }
        Channel channel = inboundUrgent(memberId);
        if (channel == null) {
            return failed(written, Reason.UNREACHABLE, memberId, memberId + " has no open connection to "
                    + memberId() + " (expected: a peer connected to this node, which push answers over)");
        }
        if (!channel.isWritable()) {
            context.metrics().rejected.increment();
            return failed(written, Reason.OVERLOADED, memberId, "the connection from " + memberId
                    + " holds more than write-buffer-high-bytes = " + settings.writeBufferHighBytes()
                    + " unsent bytes (expected: a peer that reads what it is sent)");
        }
        TypeModel model = serializers.registry().find(message.getClass());
        if (model == null) {
            return failed(written, Reason.ENCODE_FAILED, memberId, message.getClass().getName() + " is not a"
                    + " registered type (expected: a MessageType or a type registered with TypeRegistry.Builder.register)");
        }
        ByteBuf frame;
        long start = System.nanoTime();
        try {
            frame = context.writer().message(FrameKind.ONE_WAY,
                    serializers.accepted(channel.attr(ChannelAttributes.PEER_SEND_SERIALIZER).get()), model.id(), 0,
                    message);
        } catch (FrameException e) {
            return failed(written, Reason.FRAME_TOO_LARGE, memberId, model.name() + ": " + e.getMessage());
        } catch (RuntimeException e) {
            written.completeExceptionally(new TransportException(Reason.ENCODE_FAILED, memberId, e.getMessage(), e));
            return written;
        }
        String tooLarge = ChannelAttributes.tooLargeForPeer(channel, frame.readableBytes());
        if (tooLarge != null) {
            frame.release();
            return failed(written, Reason.FRAME_TOO_LARGE, memberId, model.name() + ": " + tooLarge);
        }
        context.metrics().sent(model.id(), frame.readableBytes(), System.nanoTime() - start);
        channel.writeAndFlush(frame).addListener(f -> {
            if (f.isSuccess()) {
                written.complete(null);
            } else {
                written.completeExceptionally(new TransportException(Reason.CONNECTION_CLOSED, memberId,
                        "push to " + memberId + " failed: " + f.cause(), f.cause()));
            }
        });
        return written;
    }

    /**
     * {@inheritDoc}
     *
     * <p>The gate is asked on an I/O thread during the handshake, after the two members exchanged their schemas; a
     * gate that throws refuses, and the refusal names the exception. A refusal's reason goes to this node's log and
     * failure (escaped, cut after 512 characters) and to the peer in the handshake's error frame, whose message
     * is cut to 300 characters with the check's name before it.
     */
    @Override
    public void schemaGate(SchemaGate gate) {
        Objects.requireNonNull(gate, "gate");
        synchronized (lifecycle) {
            if (state != State.NEW) {
                throw new IllegalStateException("transport " + memberId() + " is " + (state == State.STARTED
                        ? "started" : "closed") + " (expected: the schema gate is set before start())");
            }
            schemaGate.set(gate);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>The connection this node opened to the member (its urgent lane) is asked first, then the urgent connection
     * the member opened to this node.
     */
    @Override
    public OptionalLong peerSchemaDigest(String memberId) {
        PeerLink link = peers.get(memberId);
        Channel channel = link == null ? null : link.urgent().openChannel();
        if (channel == null) {
            channel = inboundUrgent(memberId);
        }
        Long digest = channel == null ? null : channel.attr(ChannelAttributes.PEER_SCHEMA_DIGEST).get();
        return digest == null ? OptionalLong.empty() : OptionalLong.of(digest);
    }

    /** An open, authenticated urgent connection that {@code memberId} opened to this node, or {@code null}. */
    private Channel inboundUrgent(String memberId) {
        for (Channel ch : accepted) {
            if (ch.isActive() && ChannelAttributes.authenticated(ch)
                    && memberId.equals(ch.attr(ChannelAttributes.PEER_ID).get())
                    && ch.attr(ChannelAttributes.INBOUND_LANE).get() == Handshake.Lane.URGENT) {
                return ch;
            }
        }
        return null;
    }

    /** The link to a started peer, or {@code null} after failing {@code future}. */
    private PeerLink usableLink(String memberId, CompletableFuture<?> future) {
        PeerLink link = peers.get(memberId);
        if (link == null) {
            failed(future, Reason.UNKNOWN_PEER, memberId, "member id = " + memberId + " (expected: one of "
                    + new TreeSet<>(peers.keySet()) + ")");
            return null;
        }
        if (state != State.STARTED) {
            failed(future, Reason.CLOSED, memberId, "transport " + memberId() + " is "
                    + (state == State.NEW ? "not started" : "closed"));
            return null;
        }
        return link;
    }

    /** Encodes a message frame, or fails {@code future} and returns {@code null}. */
    private ByteBuf encode(FrameKind kind, String memberId, long correlationId, Object message,
            CompletableFuture<?> future) {
        TypeModel model = serializers.registry().find(message.getClass());
        if (model == null) {
            failed(future, Reason.ENCODE_FAILED, memberId, message.getClass().getName() + " is not a registered type"
                    + " (expected: a MessageType or a type registered with TypeRegistry.Builder.register)");
            return null;
        }
        long start = System.nanoTime();
        try {
            ByteBuf frame = context.writer().message(kind, serializers.sender(), model.id(), correlationId, message);
            context.metrics().sent(model.id(), frame.readableBytes(), System.nanoTime() - start);
            return frame;
        } catch (FrameException e) {
            failed(future, Reason.FRAME_TOO_LARGE, memberId, model.name() + ": " + e.getMessage());
        } catch (RuntimeException e) {
            future.completeExceptionally(new TransportException(Reason.ENCODE_FAILED, memberId, e.getMessage(), e));
        }
        return null;
    }

    private static <T> CompletableFuture<T> failed(CompletableFuture<T> future, Reason reason, String memberId,
            String message) {
        future.completeExceptionally(new TransportException(reason, memberId, message, null));
        return future;
    }

    private String describe(Object message) {
        return message.getClass().getSimpleName();
    }

    @Override
    public <Q> void onRequest(Class<Q> type, RequestHandler<? super Q> handler) {
        context.handlers().onRequest(type, null, handler);
    }

    @Override
    public <Q> void onRequest(Class<Q> type, Executor executor, RequestHandler<? super Q> handler) {
        context.handlers().onRequest(type, Objects.requireNonNull(executor, "executor"), handler);
    }

    /** {@inheritDoc} The caller is the one the connection authenticated as at its handshake. */
    @Override
    public <Q> void onCallerRequest(Class<Q> type, Executor executor, CallerRequestHandler<? super Q> handler) {
        context.handlers().onCallerRequest(type, executor, handler);
    }

    @Override
    public <M> void onMessage(Class<M> type, MessageHandler<? super M> handler) {
        context.handlers().onMessage(type, null, handler);
    }

    @Override
    public <M> void onMessage(Class<M> type, Executor executor, MessageHandler<? super M> handler) {
        context.handlers().onMessage(type, Objects.requireNonNull(executor, "executor"), handler);
    }

    @Override
    public Set<String> peers() {
        return Set.copyOf(peers.keySet());
    }

    @Override
    public void addPeer(PeerAddress peer) {
        PeerLink link;
        synchronized (lifecycle) {
            link = addLink(peer);
            if (state == State.CLOSED) {
                link.close(closedException(peer.id()));
                return;
            }
        }
        if (state == State.STARTED) {
            link.start();
        }
    }

    private PeerLink addLink(PeerAddress peer) {
        if (peer.id().equals(settings.nodeId())) {
            throw new IllegalArgumentException("peer id = " + peer.id() + " (expected: not this node's own id)");
        }
        PeerLink link = new PeerLink(peer, context, connector);
        if (peers.putIfAbsent(peer.id(), link) != null) {
            throw new IllegalArgumentException("peer id = " + peer.id() + " (expected: an id not already a peer)");
        }
        memberAddresses.put(peer.id(), resolve(peer));
        return link;
    }

    /**
     * The addresses of a peer's configured host, resolved once when it is added; none if it does not resolve now
     * (then its connections meet the limits of any other address).
     */
    private static Set<InetAddress> resolve(PeerAddress peer) {
        try {
            return Set.of(InetAddress.getAllByName(peer.address().host()));
        } catch (UnknownHostException | SecurityException e) {
            LOG.debug("peer {}: host {} does not resolve now; no reserved pre-handshake slots for it", peer.id(),
                    peer.address().host());
            return Set.of();
        }
    }

    /** Whether {@code address} is one of a configured peer's. */
    private boolean isMemberAddress(InetAddress address) {
        for (Set<InetAddress> addresses : memberAddresses.values()) {
            if (addresses.contains(address)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean removePeer(String memberId) {
        PeerLink link = peers.remove(memberId);
        if (link == null) {
            return false;
        }
        memberAddresses.remove(memberId);
        link.close(new TransportException(Reason.CLOSED, memberId, memberId + " was removed from the peers", null));
        return true;
    }

    @Override
    public boolean isReachable(String memberId) {
        PeerLink link = peers.get(memberId);
        return link != null && link.urgent().isConnected();
    }

    @Override
    public CompletableFuture<Void> whenReachable(String memberId) {
        PeerLink link = peers.get(memberId);
        if (link == null) {
            return CompletableFuture.failedFuture(new TransportException(Reason.UNKNOWN_PEER, memberId,
                    "member id = " + memberId + " (expected: one of " + new TreeSet<>(peers.keySet()) + ")", null));
        }
        return link.urgent().whenConnected();
    }

    @Override
    public TransportStats stats() {
        return context.metrics().snapshot(context.serializers());
    }

    /** What this transport holds for, and has refused to, inbound connections. Thread-safe. */
    public InboundStats inboundStats() {
        MetricsRecorder m = context.metrics();
        return new InboundStats(limits.open(), limits.unauthenticated(), m.overCap.sum(), m.tlsFailures.sum(),
                limits.buffered(), m.overloadCloses.sum(), m.readPauses.sum(), m.refusedHandshakeRate.sum());
    }

    /** {@link #inboundStats()} in the transport API's terms. */
    @Override
    public Optional<InboundCounters> inbound() {
        InboundStats s = inboundStats();
        return Optional.of(new InboundCounters(s.openConnections(),
                s.unauthenticatedConnections(), s.refusedOverCap(), s.refusedHandshakeRate(), s.tlsFailures(),
                s.overloadCloses()));
    }

    /**
     * The capture writer of {@code raftwire.transport.capture-file}, or {@code null} when it is empty. The file is
     * locked by its writer, so a second transport configured with the same file is refused here.
     */
    private CaptureWriter openCapture(TransportSettings s) {
        if (s.captureFile().isEmpty()) {
            return null;
        }
        try {
            CaptureWriter w = CaptureWriter.open(Path.of(s.captureFile()));
            LOG.warn("raftwire transport {} copies every frame it sends and receives, in plaintext, to {}"
                    + " (raftwire.transport.capture-file)", s.nodeId(), w.path());
            return w;
        } catch (IOException | RuntimeException e) {
            timer.stop();
            String why = e instanceof CaptureFileInUseException || e instanceof NotACaptureFileException
                    ? e.getMessage()
                    : e instanceof NoSuchFileException ? "cannot be created: its directory does not exist (expected: a"
                            + " file in an existing directory)"
                    : e instanceof AccessDeniedException ? "cannot be written: permission denied (expected: a writable"
                            + " file)"
                    : "cannot be written: " + e + " (expected: a writable file)";
            throw new IllegalArgumentException(ConfigKeys.TRANSPORT_CAPTURE_FILE.name() + " = " + s.captureFile()
                    + ": " + why, e);
        }
    }

    @Override
    public void close() {
        EventLoopGroup g;
        synchronized (lifecycle) {
            if (state == State.CLOSED) {
                return;
            }
            if (Thread.currentThread() == timerThread) {
                throw new IllegalStateException("close() called from the timer thread of transport " + memberId()
                        + " (expected: another thread; it stops the timer, which cannot stop itself)");
            }
            g = state == State.STARTED ? group : null;
            if (g != null) {
                for (EventExecutor e : g) {
                    if (e.inEventLoop()) {
                        throw new IllegalStateException("close() called from a transport I/O thread (expected:"
                                + " another thread; it waits for the I/O threads to stop)");
                    }
                }
            }
            state = State.CLOSED;
        }
        peers.values().forEach(link -> link.close(closedException(link.id())));
        if (serverChannel != null) {
            serverChannel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        }
        // Tell connected peers why their requests fail (they log it) before the sockets close.
        ErrorPayload goodbye = new ErrorPayload(ErrorCode.SHUTTING_DOWN, "transport " + memberId() + " is closing");
        for (Channel ch : accepted) {
            if (ch.isActive()) {
                ch.writeAndFlush(context.writer().error(0, 0, goodbye)).addListener(ChannelFutureListener.CLOSE);
            } else {
                ch.close();
            }
        }
        for (Channel ch : accepted) {
            ch.closeFuture().awaitUninterruptibly(1, TimeUnit.SECONDS);
        }
        if (g != null) {
            g.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
        if (handshakeWork != null) {
            handshakeWork.shutdownNow();
        }
        timer.stop();
        closeCapture();
        LOG.info("raftwire transport {} closed", memberId());
    }

    /** Writes the last captured frames and releases the capture file; after the channels, so none is offered later. */
    private void closeCapture() {
        if (capture != null) {
            try {
                capture.close();
            } catch (IOException e) {
                LOG.warn("capture file of transport {}: {}", memberId(), e.getMessage());
            }
        }
    }

    private TransportException closedException(String memberId) {
        return new TransportException(Reason.CLOSED, memberId, "transport " + memberId() + " is closed", null);
    }

    /** Opens outbound channels for the lanes. */
    private final class Connector implements Lane.Connector {
        @Override
        public ChannelFuture connect(Connection connection, CompletableFuture<Handshake> handshake) {
            PeerAddress peer = connection.link().address();
            Bootstrap b = new Bootstrap().group(group).channel(sockets.socket())
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, settings.connectTimeoutMs())
                    .option(ChannelOption.TCP_NODELAY, true)
                    .option(ChannelOption.SO_KEEPALIVE, true)
                    .option(ChannelOption.ALLOCATOR, allocator)
                    .option(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark())
                    .handler(new ChannelInitializer<>() {
                        @Override
                        protected void initChannel(Channel ch) {
                            pipelines.initOutbound(ch.pipeline(), connection, handshake);
                        }
                    });
            ChannelFuture f = b.connect(peer.address().host(), peer.address().port());
            connection.channel(f.channel());
            return f;
        }

        @Override
        public Future<?> schedule(Runnable task, long delayMs) {
            try {
                return group.schedule(task, delayMs, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException e) {
                // shutting down: the lane is being closed too
                return CompletableFuture.completedFuture(null);
            }
        }
    }
}
