package io.raftwire.node;

import io.micrometer.core.instrument.MeterRegistry;
import io.microraft.model.message.RaftMessage;
import io.microraft.statemachine.StateMachine;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.group.RaftThreads;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelRules;
import io.raftwire.node.metrics.NodeMetrics;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.server.ClientRouter;
import io.raftwire.node.server.MembershipGuard;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.SharedLog;
import io.raftwire.node.store.StoreOptions;
import io.raftwire.node.transport.RaftMessageRouter;
import io.raftwire.node.transport.RaftTransportCounters;
import io.raftwire.node.transport.RaftTransportStats;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.SerializerConfig;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportFactory;
import io.raftwire.transport.TransportStats;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.UnaryOperator;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A member that hosts {@code raftwire.groups} Raft groups ({@link RaftGroup}) on one peer port and one client port:
 * one connection per peer pair carries every group's Raft messages (routed by group id), one client connection
 * reaches every group (routed by session id and the {@code @<group id>} suffix, {@link ClientRouter}), a fixed pool of
 * {@code raftwire.node.raft-threads} threads runs every group's Raft tasks ({@link RaftThreads}) and, with more than
 * one group and a data directory, every group's log entries go to one shared log with one sync thread
 * ({@link SharedLog}, in {@code <data-dir>/shared-log}; {@code raftwire.node.sync-threads} is retired). Group ids and
 * data directories
 * are {@link GroupIds}'; the contract is in {@code docs/multi-group.md}. With one group, a member is exactly a
 * {@link RaftwireNode}.
 *
 * <p>Lifecycle: {@link Builder#build()} opens every group's store and creates everything without opening a socket;
 * {@link #start()} binds both transports and starts every group; {@link #stopGroup} and {@link #restartGroup} stop
 * and reopen one group; {@link #close()} stops the groups, the transports and the threads. Not restartable.
 * Thread-safe.
 */
public final class RaftwireMember implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RaftwireMember.class);

    private final MemberParts parts;
    private final IntFunction<StateMachine> stateMachines;
    private final AtomicReferenceArray<RaftGroup> groups;
    private volatile NodeMetrics metrics; // group 0's meters, which also carry the transports'; null: none
    private volatile boolean closed;

    private RaftwireMember(Builder b) {
        RaftwireConfig config = b.config;
        int count = config.get(ConfigKeys.GROUPS);
        String self = config.get(ConfigKeys.NODE_ID);
        this.stateMachines = b.stateMachines;
        this.groups = new AtomicReferenceArray<>(count);
        RaftTransportCounters counters = new RaftTransportCounters();
        RaftMessageRouter router = new RaftMessageRouter(counters);
        Transport peers = null;
        Transport clients = null;
        RaftThreads threads = null;
        SharedLog shared = null;
        try {
            peers = createPeers(b);
            clients = TransportFactory.installed().create(NodeConfigs.clientListener(config), b.registry);
            threads = new RaftThreads(RaftThreads.size(config.get(ConfigKeys.NODE_RAFT_THREADS), count), self);
            shared = openSharedLog(config, b.registry);
            ClientRouter clientRouter = new ClientRouter(config.get(ConfigKeys.CLUSTER_ID), self, count);
            MembershipGuard guard = new MembershipGuard(config.get(ConfigKeys.CLUSTER_ID),
                    config.get(ConfigKeys.SECURITY_PLAINTEXT_ADMIN));
            this.parts = new MemberParts(config, b.registry, new NodeEndpoint(self), peers, clients, router, counters,
                    clientRouter, guard, threads, shared, b.clock, b.queryTimeout, b.meterRegistry);
            for (int i = 0; i < count; i++) {
                groups.set(i, openGroup(i, i == 0 ? b.givenStore : null));
            }
            this.metrics = bindShared(groups.get(0));
            installGate(peers, this::peerRefusal, "member");
            installGate(clients, this::clientRefusal, "client");
            clientRouter.register(clients);
            peers.onMessage(RaftMessage.class, router);
        } catch (RuntimeException e) {
            if (b.givenStore != null && groups.get(0) == null) {
                try {
                    b.givenStore.closer().close(); // once only: RaftGroup.open may have closed it already
                } catch (Exception closing) {
                    e.addSuppressed(closing);
                }
            }
            for (int i = 0; i < count; i++) {
                RaftGroup g = groups.get(i);
                if (g != null) {
                    g.close();
                }
            }
            if (peers != null) {
                peers.close();
            }
            if (clients != null) {
                clients.close();
            }
            if (threads != null) {
                threads.close();
            }
            closeQuietly(shared, e);
            throw e;
        }
    }

    /**
     * The shared log of a member of more than one group with a data directory ({@code <data-dir>/shared-log}), or
     * {@code null}. Its records are written with the serializer its segments record, else group 0's directory's, else
     * {@code raftwire.serializer}. Every group's {@code level.state} is checked first; the log is opened with the
     * levels of the group that has recorded the fewest ({@link StoreOptions#withLevels}).
     *
     * @throws UncheckedIOException naming the directory, if it cannot be opened or is damaged, or a group's
     *                              {@code level.state} is damaged (read before the shared log opens)
     * @throws IllegalArgumentException if a group's {@code level.state} records a feature level this build may not
     *                                  run at (nothing is changed)
     */
    private static SharedLog openSharedLog(RaftwireConfig config, TypeRegistry registry) {
        int count = config.get(ConfigKeys.GROUPS);
        String dataDir = config.get(ConfigKeys.NODE_DATA_DIR);
        if (config.get(ConfigKeys.NODE_SYNC_THREADS) != 1) {
            LOG.warn("{} = {} has no effect: the groups of a member share one log, forced by one sync thread "
                    + "(expected: the key left out)", ConfigKeys.NODE_SYNC_THREADS.name(),
                    config.get(ConfigKeys.NODE_SYNC_THREADS));
        }
        if (count == 1 || dataDir.isEmpty()) {
            return null;
        }
        Path root = Path.of(dataDir);
        FeatureLevels lowest = null; // the shared log reads other registries' segments only once every group has a level
        for (int i = 0; i < count; i++) { // before the shared log repairs anything: a refused build changes nothing
            FeatureLevels levels = DurableState.checkStart(GroupIds.dataDir(root, i),
                    GroupIds.id(config.get(ConfigKeys.CLUSTER_ID), i), config, registry);
            if (lowest == null || levels.currentLevel() < lowest.currentLevel()) {
                lowest = levels;
            }
        }
        Path dir = root.resolve(SharedLog.DIRECTORY);
        try {
            String name = SharedLog.serializerOf(dir).or(() -> {
                try {
                    return FileRaftStore.serializerOf(root);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }).orElse(config.get(ConfigKeys.SERIALIZER));
            Serializer serializer = Serializers.create(name, registry, SerializerConfig.options(config));
            return SharedLog.open(dir, serializer, config.get(ConfigKeys.CLUSTER_ID), count,
                    StoreOptions.defaults().withLevels(lowest));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the shared log " + dir + " (" + ConfigKeys.NODE_DATA_DIR.name()
                    + "): " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(SharedLog shared, RuntimeException failing) {
        if (shared == null) {
            return;
        }
        try {
            shared.close();
        } catch (IOException e) {
            if (failing != null) {
                failing.addSuppressed(e);
            } else {
                LOG.warn("closing the shared log {} failed", shared.directory(), e);
            }
        }
    }

    /**
     * Binds the meters of the member's shared parts (transports, Raft message path, sessions) to group 0's meters,
     * the one set a member has; returns them, or {@code null} without a registry.
     */
    private NodeMetrics bindShared(RaftGroup first) {
        NodeMetrics m = first.metrics().orElse(null);
        if (m != null) {
            m.bind(parts.peers(), parts.clients(), parts.counters()::snapshot, first::sessionCount,
                    first::closedByStateMachine, first.raftNode()::getReport);
        }
        return m;
    }

    /**
     * Sets the gate that decides, at a handshake, whether a member or client whose types differ from this member's
     * may connect ({@link LevelRules}). A transport that exchanges no schemas (a wrapper that does not pass the call
     * on, for one) keeps refusing every difference, as before schemas were exchanged.
     */
    private static void installGate(Transport transport, SchemaGate gate, String who) {
        try {
            transport.schemaGate(gate);
        } catch (UnsupportedOperationException e) {
            LOG.debug("the {} transport {} exchanges no schemas: a {} whose types differ is refused", who,
                    transport.getClass().getSimpleName(), who);
        }
    }

    /** A peer whose types differ connects only if every group of this member accepts it. Thread-safe. */
    private String peerRefusal(Schema own, Schema peer) {
        return everyGroup(levels -> LevelRules.peerRefusal(own, peer, levels));
    }

    /** A client whose types differ connects only if every group of this member accepts it. Thread-safe. */
    private String clientRefusal(Schema own, Schema client) {
        return everyGroup(levels -> LevelRules.clientRefusal(own, client, levels));
    }

    /** The first group's refusal by {@code rule}, naming the group if there are several, or {@code null}. */
    private String everyGroup(Function<FeatureLevels, String> rule) {
        for (int i = 0; i < groups.length(); i++) {
            RaftGroup g = groups.get(i);
            String refusal = g == null ? null : rule.apply(g.knownLevels());
            if (refusal != null) {
                return groups.length() == 1 ? refusal : "group " + g.id() + ": " + refusal;
            }
        }
        return null;
    }

    /** The peer transport (a TLS key that is not the certificate's, a capture file in the way, ... fail here). */
    private static Transport createPeers(Builder b) {
        return b.peerTransportWrapper.apply(TransportFactory.installed().create(b.config, b.registry));
    }

    private RaftGroup openGroup(int index, RaftGroup.GivenStore given) {
        String clusterId = parts.config().get(ConfigKeys.CLUSTER_ID);
        NodeMetrics m = parts.meters() == null ? null : new NodeMetrics(parts.meters(),
                GroupIds.id(clusterId, index), parts.self().id());
        try {
            StateMachine sm = Objects.requireNonNull(stateMachines.apply(index), "the state machine of group "
                    + GroupIds.id(clusterId, index));
            RaftGroup g = RaftGroup.open(index, parts, sm, given, m);
            if (m != null && index > 0) {
                m.bindReport(g.raftNode()::getReport); // group 0's meters carry the shared parts
            }
            return g;
        } catch (RuntimeException e) {
            if (m != null) {
                m.close(); // a group that was not built leaves no meter behind
            }
            throw e;
        }
    }

    /**
     * A builder for a member configured by {@code config}.
     *
     * @param config   the member's configuration ({@code raftwire.*}, {@code raftwire.groups} among them)
     * @param registry every type the member may send, as for {@link RaftwireNode#builder}
     */
    public static Builder builder(RaftwireConfig config, TypeRegistry registry) {
        return new Builder(config, registry);
    }

    /**
     * Binds both listening sockets, starts connecting to the other members and starts every group.
     *
     * @return this member
     */
    public RaftwireMember start() {
        for (int i = 0; i < groups.length(); i++) {
            groups.get(i).route(); // before the sockets: a peer's first message must find its group
        }
        parts.peers().start();
        parts.clients().start();
        for (int i = 0; i < groups.length(); i++) {
            groups.get(i).start();
        }
        LOG.info("member {} started {} group(s) of cluster {} on {} Raft thread(s): members on {}, clients on {}",
                parts.self().id(), groups.length(), parts.config().get(ConfigKeys.CLUSTER_ID),
                parts.threads().size(), parts.peers().localAddress(), parts.clients().localAddress());
        return this;
    }

    /** This member's id. */
    public String memberId() {
        return parts.self().id();
    }

    /** The groups this member hosts, by index; a stopped group is listed until it is restarted. */
    public List<RaftGroup> groups() {
        RaftGroup[] list = new RaftGroup[groups.length()];
        for (int i = 0; i < list.length; i++) {
            list[i] = groups.get(i);
        }
        return List.of(list);
    }

    /**
     * Group {@code index}.
     *
     * @throws IndexOutOfBoundsException if the member hosts no such group
     */
    public RaftGroup group(int index) {
        return groups.get(index);
    }

    /**
     * Stops group {@code index} only (see {@link RaftGroup#close()}); the other groups, the transports and the
     * threads go on. Idempotent. Stopping group 0 also removes the meters of the shared parts, which are bound to
     * group 0's, until {@link #restartGroup restartGroup(0)}.
     */
    public synchronized void stopGroup(int index) {
        groups.get(index).close();
    }

    /**
     * Stops group {@code index} if it runs and starts it again from its data directory with a new state machine;
     * blocks until its engine started.
     *
     * @return the new group
     * @throws IllegalStateException if the member is closed
     */
    public synchronized RaftGroup restartGroup(int index) {
        if (closed) {
            throw new IllegalStateException("member " + memberId() + " is closed (expected: a running member)");
        }
        groups.get(index).close();
        RaftGroup g = openGroup(index, null);
        groups.set(index, g);
        if (index == 0) {
            metrics = bindShared(g); // the stopped group 0 took the shared meters with it
        }
        try {
            g.start();
        } catch (RuntimeException e) {
            g.close(); // releases its store and its routes: a later restartGroup can open the directory again
            throw e;
        }
        return g;
    }

    /** The address members reach this member on; the actual port after {@link #start()}. */
    public HostPort peerAddress() {
        return parts.peers().localAddress();
    }

    /** The address clients reach this member on; the actual port after {@link #start()}. */
    public HostPort clientAddress() {
        return parts.clients().localAddress();
    }

    /** The member-to-member transport, shared by every group. */
    public Transport peerTransport() {
        return parts.peers();
    }

    /** The client-facing transport, shared by every group. */
    Transport clientTransport() {
        return parts.clients();
    }

    /** The Raft threads' count ({@code raftwire.node.raft-threads}, resolved). */
    public int raftThreads() {
        return parts.threads().size();
    }

    /** Counters of the Raft message path, every group's together. */
    public RaftTransportStats raftStats() {
        return parts.counters().snapshot();
    }

    /** The member-to-member transport's counters. */
    public TransportStats transportStats() {
        return parts.peers().stats();
    }

    /** The client-facing transport's counters. */
    public TransportStats clientTransportStats() {
        return parts.clients().stats();
    }

    /**
     * Group 0's meters, which carry the transports' too (see {@code docs/multi-group.md}); empty without a registry.
     */
    public Optional<NodeMetrics> metrics() {
        return Optional.ofNullable(metrics);
    }

    /**
     * Brings every running group's meters up to date ({@link NodeMetrics#refresh()}, one group after another); an
     * exporter calls it before it reads the registry. Does nothing without a registry.
     */
    public void refreshMetrics() {
        for (int i = 0; i < groups.length(); i++) {
            RaftGroup g = groups.get(i);
            if (!g.isClosed()) {
                g.metrics().ifPresent(NodeMetrics::refresh);
            }
        }
    }

    /**
     * Stops every group, then closes both transports, the threads and the sync thread. Idempotent; blocks for a few
     * seconds per group at most. Must not be called from a transport I/O thread or a Raft thread.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = 0; i < groups.length(); i++) {
            groups.get(i).close();
        }
        parts.clients().close();
        parts.peers().close();
        parts.threads().close();
        closeQuietly(parts.sharedLog(), null);
    }

    /** Collects a member's parts; not thread-safe. */
    public static final class Builder {
        private final RaftwireConfig config;
        private final TypeRegistry registry;
        private IntFunction<StateMachine> stateMachines;
        private RaftGroup.GivenStore givenStore;
        private Clock clock = Clock.systemUTC();
        private Duration queryTimeout = Duration.ofSeconds(5);
        private UnaryOperator<Transport> peerTransportWrapper = UnaryOperator.identity();
        private MeterRegistry meterRegistry;

        private Builder(RaftwireConfig config, TypeRegistry registry) {
            this.config = Objects.requireNonNull(config, "config");
            this.registry = Objects.requireNonNull(registry, "registry");
        }

        /**
         * Creates each group's state machine, given the group's index (0 .. {@code raftwire.groups} - 1); called once
         * per group at {@link #build()} and again for a group at {@link RaftwireMember#restartGroup}. Required.
         */
        public Builder stateMachines(IntFunction<StateMachine> factory) {
            this.stateMachines = Objects.requireNonNull(factory, "factory");
            return this;
        }

        /** Group 0's store, given by a {@link RaftwireNode} builder; the member closes it. */
        Builder givenStore(RaftGroup.GivenStore store) {
            AtomicBoolean closed = new AtomicBoolean();
            AutoCloseable closer = store.closer();
            this.givenStore = new RaftGroup.GivenStore(store.store(), store.restored(), () -> {
                if (closed.compareAndSet(false, true)) {
                    closer.close();
                }
            });
            return this;
        }

        /** The wall clock stamped on the entries this member proposes as a leader; the system UTC clock by default. */
        public Builder clock(Clock clock) {
            this.clock = Objects.requireNonNull(clock, "clock");
            return this;
        }

        /** How long a query may wait for this member's log to catch up; 5 s by default. */
        public Builder queryTimeout(Duration timeout) {
            this.queryTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /** As {@link RaftwireNode.Builder#peerTransportWrapper}: the seam of fault-injection tests. */
        public Builder peerTransportWrapper(UnaryOperator<Transport> wrapper) {
            this.peerTransportWrapper = Objects.requireNonNull(wrapper, "wrapper");
            return this;
        }

        /**
         * Binds every group's meters (tag {@code group}) and, once, the transports' and the Raft path's (under group
         * 0's tag) to {@code registry}. No meters by default.
         */
        public Builder metrics(MeterRegistry registry) {
            this.meterRegistry = Objects.requireNonNull(registry, "registry");
            return this;
        }

        /**
         * Opens every group's store and creates the member and its transports without opening any socket.
         *
         * @throws IllegalStateException if no state machine factory was given
         * @throws IllegalArgumentException as {@link RaftwireNode.Builder#build()}, for any group
         * @throws java.io.UncheckedIOException if a group's data directory cannot be opened or is damaged
         */
        public RaftwireMember build() {
            if (stateMachines == null) {
                throw new IllegalStateException("no state machines (expected: Builder.stateMachines(index -> ...))");
            }
            TransportFactory.installed().check(config);
            TransportFactory.installed().check(NodeConfigs.clientListener(config));
            NodeConfigs.requireMemberCertificate(config);
            return new RaftwireMember(this);
        }
    }
}
