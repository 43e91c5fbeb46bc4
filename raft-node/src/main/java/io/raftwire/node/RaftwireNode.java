package io.raftwire.node;

import io.micrometer.core.instrument.MeterRegistry;
import io.microraft.RaftEndpoint;
import io.microraft.RaftNode;
import io.microraft.model.message.RaftMessage;
import io.microraft.persistence.NopRaftStore;
import io.microraft.persistence.RaftStore;
import io.microraft.persistence.RestoredRaftState;
import io.microraft.statemachine.StateMachine;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.engine.AsyncFlushExecutor;
import io.raftwire.node.engine.EngineInbound;
import io.raftwire.node.engine.FailureDetector;
import io.raftwire.node.engine.RestoredLogCapacity;
import io.raftwire.node.engine.StalePreVoteWatchdog;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftwireModelFactory;
import io.raftwire.node.metrics.MeteredStateMachine;
import io.raftwire.node.metrics.NodeMetrics;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.GroupCommit;
import io.raftwire.node.store.StoreListener;
import io.microraft.Ordered;
import io.microraft.QueryPolicy;
import io.raftwire.node.server.AdminService;
import io.raftwire.node.server.AppliedProgress;
import io.raftwire.node.server.BuildVersion;
import io.raftwire.node.server.ClientAdmission;
import io.raftwire.node.server.StatusReader;
import io.raftwire.node.server.ClientService;
import io.raftwire.node.server.EventPusher;
import io.raftwire.node.server.LocalRead;
import io.raftwire.node.server.MembershipGuard;
import io.raftwire.node.server.SessionConsistency;
import io.raftwire.node.server.SessionTrackingStateMachine;
import io.raftwire.node.transport.RaftMessageRouter;
import io.raftwire.node.transport.RaftMessageTransport;
import io.raftwire.node.transport.RaftTransportCounters;
import io.raftwire.node.transport.RaftTransportStats;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportStats;
import io.raftwire.transport.TransportFactory;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.UnaryOperator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of a Raft group: MicroRaft's engine, its messages on raftwire's transport, a state machine, a store, and
 * a second, client-facing transport answering the catalog's client protocol.
 *
 * <p>Two listening sockets: {@code raftwire.node.address} carries Raft traffic between members only;
 * {@code raftwire.node.client-address} answers client sessions. The group id is {@code raftwire.cluster.id}.
 *
 * <p>Lifecycle: {@link Builder#build()} creates everything without opening a socket; {@link #start()} binds both
 * transports and starts the engine; {@link #close()} stops the engine, then the transports, then the store. Not
 * restartable: build a new node from the same data directory instead. Thread-safe.
 */
public final class RaftwireNode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RaftwireNode.class);

    private final String groupId;
    private final NodeEndpoint self;
    private final RaftNode raftNode;
    private final Transport peers;
    private final Transport clients;
    private final RaftMessageRouter router;
    private final RaftTransportCounters counters;
    private final EventPusher events;
    private final StateMachine stateMachine;
    private final AutoCloseable storeCloser;
    private final long heartbeatPeriodSecs;
    private final FailureDetector failureDetector; // null: the engine's own timeouts only
    private final NodeMetrics metrics;
    private volatile boolean closed;

    private RaftwireNode(Builder b) {
        RaftwireConfig config = b.config;
        this.groupId = config.get(ConfigKeys.CLUSTER_ID);
        this.self = new NodeEndpoint(config.get(ConfigKeys.NODE_ID));
        this.stateMachine = b.stateMachine;
        this.storeCloser = b.storeCloser;
        this.heartbeatPeriodSecs = config.get(ConfigKeys.RAFT_HEARTBEAT_PERIOD_SECS);
        this.metrics = b.metrics;
        this.counters = new RaftTransportCounters();
        this.router = new RaftMessageRouter(counters);
        try {
            this.peers = b.peerTransportWrapper.apply(TransportFactory.installed().create(config, b.registry));
        } catch (RuntimeException e) { // a TLS key that is not the certificate's, a capture file in the way, ...
            closeStore(b, e);
            throw e;
        }
        Transport clientTransport = null;
        try {
            clientTransport = TransportFactory.installed().create(NodeConfigs.clientListener(config), b.registry);
            SessionConsistency sessions = new SessionConsistency();
            AppliedProgress progress = new AppliedProgress(b.clock);
            this.events = new EventPusher(clientTransport);
            GroupCommit durability = b.store instanceof GroupCommit g ? g : GroupCommit.IMMEDIATE;
            AsyncFlushExecutor executor = new AsyncFlushExecutor(durability);
            SessionTrackingStateMachine tracking = new SessionTrackingStateMachine(b.stateMachine, sessions, events,
                    progress);
            RaftNode.RaftNodeBuilder builder = RaftNode.newBuilder()
                    .setGroupId(groupId)
                    .setConfig(NodeConfigs.raftConfig(config))
                    .setExecutor(executor)
                    .setTransport(new RaftMessageTransport(peers, counters, durability))
                    .setStateMachine(metrics == null ? tracking : new MeteredStateMachine(tracking, metrics.group()))
                    .setStore(b.store)
                    .setModelFactory(RaftwireModelFactory.INSTANCE);
            if (metrics != null) {
                builder.setRaftNodeReportListener(metrics.group());
            }
            if (b.restored != null) {
                builder.setRestoredState(b.restored);
            } else {
                List<RaftEndpoint> members = new ArrayList<>(NodeConfigs.initialMembers(config));
                builder.setLocalEndpoint(self).setInitialGroupMembers(members);
            }
            this.raftNode = builder.build();
            executor.bind(raftNode);
            this.clients = clientTransport;
            events.leadership(this::isLeader);
            MembershipGuard guard = new MembershipGuard(groupId, config.get(ConfigKeys.SECURITY_PLAINTEXT_ADMIN));
            new ClientService(raftNode, sessions, b.clock, b.queryTimeout, ClientAdmission.of(self.id(),
                    peers::peers, config.get(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES),
                    config.get(ConfigKeys.RAFT_APPEND_BATCH_SIZE)), guard,
                    config.get(ConfigKeys.RAFT_LEADER_TIMEOUT_MS) == 0).register(clients);
            Transport peerTransport = peers;
            new AdminService(raftNode, self.id(), new StatusReader(self.id(),
                    () -> peerTransport.localAddress().toString(), NodeConfigs.peerAddresses(config),
                    BuildVersion.version(), config.get(ConfigKeys.SERIALIZER), b.registry.fingerprint()),
                    progress, guard).register(clients);
            peers.onMessage(RaftMessage.class, router);
            this.failureDetector = FailureDetector.of(raftNode, config.get(ConfigKeys.RAFT_HEARTBEAT_INTERVAL_MS),
                    config.get(ConfigKeys.RAFT_LEADER_TIMEOUT_MS));
            router.register(groupId, new EngineInbound(raftNode, durability, failureDetector));
            if (metrics != null) {
                metrics.bind(peers, clients, counters::snapshot, sessions::size, tracking::closedByStateMachine,
                        raftNode::getReport);
            }
        } catch (RuntimeException e) {
            peers.close();
            if (clientTransport != null) {
                clientTransport.close();
            }
            closeStore(b, e);
            throw e;
        }
    }

    /** Closes the store of a node that failed to build (releasing its lock), adding a failure to close to {@code e}. */
    private static void closeStore(Builder b, RuntimeException e) {
        try {
            b.storeCloser.close();
        } catch (Exception closing) {
            e.addSuppressed(closing);
        }
    }

    /**
     * A builder for a node configured by {@code config}.
     *
     * @param config   the node's configuration ({@code raftwire.*})
     * @param registry every type the node may send: the catalog, the engine types
     *                 ({@link io.raftwire.node.model.EngineType#registerAll}), the state machine's and the
     *                 application's
     */
    public static Builder builder(RaftwireConfig config, TypeRegistry registry) {
        return new Builder(config, registry);
    }

    /**
     * Binds both listening sockets, starts connecting to the other members and starts the engine.
     *
     * @return this node
     */
    public RaftwireNode start() {
        peers.start();
        clients.start();
        raftNode.start().join();
        StalePreVoteWatchdog.watch(raftNode, heartbeatPeriodSecs);
        if (failureDetector != null) {
            failureDetector.start();
        }
        LOG.info("node {} of group {} started: members on {}, clients on {}", self.id(), groupId,
                peers.localAddress(), clients.localAddress());
        return this;
    }

    /** This node's member id. */
    public String memberId() {
        return self.id();
    }

    /** The group (cluster) id. */
    public String groupId() {
        return groupId;
    }

    /** The MicroRaft node, for status, reports and membership calls. */
    public RaftNode raftNode() {
        return raftNode;
    }

    /** The state machine given to the builder. */
    public StateMachine stateMachine() {
        return stateMachine;
    }

    /** The address members reach this node on; the actual port after {@link #start()}. */
    public HostPort peerAddress() {
        return peers.localAddress();
    }

    /** The address clients reach this node on; the actual port after {@link #start()}. */
    public HostPort clientAddress() {
        return clients.localAddress();
    }

    /** The member-to-member transport (Raft traffic). */
    public Transport peerTransport() {
        return peers;
    }

    /** Counters of the Raft message path: sent, dropped by reason, refused senders, unknown groups. */
    public RaftTransportStats raftStats() {
        return counters.snapshot();
    }

    /** The member-to-member transport's counters (bytes and frames per message type, ...). */
    public TransportStats transportStats() {
        return peers.stats();
    }

    /** Pushes session events to clients while this member leads: its counters say how many went out. */
    public EventPusher eventPusher() {
        return events;
    }

    /** The client-facing transport's counters. */
    public TransportStats clientTransportStats() {
        return clients.stats();
    }

    /**
     * Reads the local state machine on the Raft thread once this member has applied {@code minCommitIndex}, without
     * touching the log: for example {@code node.read(idx, sm -> ((KvStateMachine) sm).digest())}.
     *
     * @param minCommitIndex the log index this member must have applied first (0: none)
     * @param timeout        how long to wait for it
     * @return completes with what {@code reader} returned, or fails with the engine's exception (for example
     *         {@code LaggingCommitIndexException} if the index was not reached in time)
     */
    @SuppressWarnings("unchecked")
    public <T> CompletableFuture<T> read(long minCommitIndex, Duration timeout, Function<StateMachine, T> reader) {
        LocalRead read = new LocalRead((Function<StateMachine, Object>) reader);
        return raftNode.<T>query(read, QueryPolicy.EVENTUAL_CONSISTENCY,
                minCommitIndex > 0 ? Optional.of(minCommitIndex) : Optional.empty(), Optional.of(timeout))
                .thenApply(Ordered::getResult);
    }

    /**
     * This member's meters, if the builder was given a registry ({@link Builder#metrics}); an exporter calls
     * {@link NodeMetrics#refresh()} before it reads them.
     */
    public Optional<NodeMetrics> metrics() {
        return Optional.ofNullable(metrics);
    }

    /** Whether this node believes it is the leader. */
    public boolean isLeader() {
        RaftEndpoint leader = raftNode.getTerm().getLeaderEndpoint();
        return self.equals(leader);
    }

    /**
     * Stops the engine, closes both transports and the store. Idempotent; blocks for a few seconds at most. Must not
     * be called from a transport I/O thread or the Raft thread.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            raftNode.terminate().get(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (Exception e) {
            LOG.debug("terminating node {}", self.id(), e);
        }
        router.unregister(groupId);
        clients.close();
        peers.close();
        try {
            storeCloser.close();
        } catch (Exception e) {
            LOG.warn("closing the store of node {}: {}", self.id(), e.toString());
        }
        if (metrics != null) {
            metrics.close();
        }
    }

    /** Collects a node's parts; not thread-safe. */
    public static final class Builder {
        private final RaftwireConfig config;
        private final TypeRegistry registry;
        private StateMachine stateMachine;
        private RaftStore store = new NopRaftStore();
        private RestoredRaftState restored;
        private boolean storeGiven;
        private AutoCloseable storeCloser = () -> { };
        private Clock clock = Clock.systemUTC();
        private Duration queryTimeout = Duration.ofSeconds(5);
        private UnaryOperator<Transport> peerTransportWrapper = UnaryOperator.identity();
        private MeterRegistry meterRegistry;
        private NodeMetrics metrics;

        private Builder(RaftwireConfig config, TypeRegistry registry) {
            this.config = Objects.requireNonNull(config, "config");
            this.registry = Objects.requireNonNull(registry, "registry");
        }

        /**
         * The state machine: it is given the catalog's log entries and answers with the catalog's responses.
         * Required.
         */
        public Builder stateMachine(StateMachine stateMachine) {
            this.stateMachine = Objects.requireNonNull(stateMachine, "stateMachine");
            return this;
        }

        /**
         * The durable store, and the state restored from it ({@code null} for a new node). Without this call the
         * node opens a {@link io.raftwire.node.store.FileRaftStore} in {@code raftwire.node.data-dir}, or keeps its
         * Raft state in memory only when that key is empty.
         *
         * @param closer closes the store when the node closes
         */
        public Builder store(RaftStore store, RestoredRaftState restored, AutoCloseable closer) {
            this.storeGiven = true;
            this.store = Objects.requireNonNull(store, "store");
            this.restored = restored;
            this.storeCloser = Objects.requireNonNull(closer, "closer");
            return this;
        }

        /** The wall clock stamped on the entries this node proposes as leader; the system UTC clock by default. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** How long a query may wait for this member's log to catch up; 5 s by default. */
        public Builder queryTimeout(Duration timeout) {
            this.queryTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * Wraps the member-to-member transport before the node uses it: the seam fault-injection tests use
         * ({@code io.raftwire.transport.fault.FaultyTransport}). The wrapper owns the transport it is given and must
         * close it when it is closed. Identity by default.
         */
        public Builder peerTransportWrapper(UnaryOperator<Transport> wrapper) {
            this.peerTransportWrapper = Objects.requireNonNull(wrapper, "wrapper");
            return this;
        }

        /**
         * Binds this member's meters ({@code raftwire_*}: group, store, transports, sessions; see
         * {@link io.raftwire.node.metrics}) to {@code registry}; the node removes them when it closes. A store given
         * through {@link #store} is not metered: only the one the node opens in {@code raftwire.node.data-dir}. No
         * meters by default.
         */
        public Builder metrics(MeterRegistry registry) {
            this.meterRegistry = Objects.requireNonNull(registry, "registry");
            return this;
        }

        /**
         * Creates the node and its transports without opening any socket.
         *
         * @throws IllegalStateException        if no state machine was given
         * @throws IllegalArgumentException     if the restored state holds more log entries after its snapshot than
         *                                      MicroRaft's log holds with {@code raftwire.raft.snapshot-interval} and
         *                                      {@code raftwire.raft.max-pending-entries} (lowered since it was
         *                                      written), the data directory belongs to another member (the
         *                                      store is closed), or with TLS the certificate is a client's or an
         *                                      admin's, not this member's
         * @throws java.io.UncheckedIOException if the data directory cannot be opened or is damaged
         */
        public RaftwireNode build() {
            if (stateMachine == null) {
                throw new IllegalStateException("no state machine (expected: Builder.stateMachine(...))");
            }
            String dataDir = config.get(ConfigKeys.NODE_DATA_DIR);
            // Settings a transport would refuse (TLS on without its files, say) are refused before the data
            // directory is created, so that a node that cannot start leaves no directory behind.
            TransportFactory.installed().check(config);
            TransportFactory.installed().check(NodeConfigs.clientListener(config));
            NodeConfigs.requireMemberCertificate(config);
            metrics = meterRegistry == null ? null : new NodeMetrics(meterRegistry, config.get(ConfigKeys.CLUSTER_ID),
                    config.get(ConfigKeys.NODE_ID));
            try {
                if (!storeGiven && !dataDir.isEmpty()) {
                    DurableState durable = DurableState.open(Path.of(dataDir), config, registry,
                            metrics == null ? StoreListener.NONE : metrics.store());
                    store(durable.store(), durable.restored(), durable.store()::close);
                }
                if (restored != null) {
                    try {
                        RestoredLogCapacity.check(restored, config, store instanceof FileRaftStore f
                                ? "data directory " + f.directory() + " (" + ConfigKeys.NODE_DATA_DIR.name() + ")"
                                : "the state restored from " + store.getClass().getSimpleName());
                    } catch (RuntimeException e) {
                        closeStore(this, e);
                        throw e;
                    }
                }
                return new RaftwireNode(this);
            } catch (RuntimeException e) {
                if (metrics != null) {
                    metrics.close(); // a node that was not built leaves no meter behind
                }
                throw e;
            }
        }
    }
}
