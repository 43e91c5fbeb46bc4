package io.raftwire.node;

import io.micrometer.core.instrument.MeterRegistry;
import io.microraft.RaftNode;
import io.microraft.persistence.RaftStore;
import io.microraft.persistence.RestoredRaftState;
import io.microraft.statemachine.StateMachine;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.HostPort;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.metrics.NodeMetrics;
import io.raftwire.node.server.EventPusher;
import io.raftwire.node.transport.RaftTransportStats;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportStats;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.UnaryOperator;

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

    private final RaftwireMember member;
    private final RaftGroup group;

    private RaftwireNode(RaftwireMember member) {
        this.member = member;
        this.group = member.group(0);
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
        member.start();
        return this;
    }

    /** This node's member id. */
    public String memberId() {
        return member.memberId();
    }

    /** The group (cluster) id. */
    public String groupId() {
        return group.id();
    }

    /** The MicroRaft node, for status, reports and membership calls. */
    public RaftNode raftNode() {
        return group.raftNode();
    }

    /**
     * The node's one group: its feature levels ({@link RaftGroup#levels()}), members and level records, beside what
     * this class forwards.
     */
    public RaftGroup group() {
        return group;
    }

    /** The state machine given to the builder. */
    public StateMachine stateMachine() {
        return group.stateMachine();
    }

    /** The address members reach this node on; the actual port after {@link #start()}. */
    public HostPort peerAddress() {
        return member.peerAddress();
    }

    /** The address clients reach this node on; the actual port after {@link #start()}. */
    public HostPort clientAddress() {
        return member.clientAddress();
    }

    /** The member-to-member transport (Raft traffic). */
    public Transport peerTransport() {
        return member.peerTransport();
    }

    /** Counters of the Raft message path: sent, dropped by reason, refused senders, unknown groups. */
    public RaftTransportStats raftStats() {
        return member.raftStats();
    }

    /** The member-to-member transport's counters (bytes and frames per message type, ...). */
    public TransportStats transportStats() {
        return member.transportStats();
    }

    /** Pushes session events to clients while this member leads: its counters say how many went out. */
    public EventPusher eventPusher() {
        return group.eventPusher();
    }

    /** The client-facing transport's counters. */
    public TransportStats clientTransportStats() {
        return member.clientTransportStats();
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
    public <T> CompletableFuture<T> read(long minCommitIndex, Duration timeout, Function<StateMachine, T> reader) {
        return group.read(minCommitIndex, timeout, reader);
    }

    /**
     * This member's meters, if the builder was given a registry ({@link Builder#metrics}); an exporter calls
     * {@link NodeMetrics#refresh()} before it reads them.
     */
    public Optional<NodeMetrics> metrics() {
        return member.metrics();
    }

    /** Whether this node believes it is the leader. */
    public boolean isLeader() {
        return group.isLeader();
    }

    /**
     * Stops the engine, closes both transports and the store. Idempotent; blocks for a few seconds at most. Must not
     * be called from a transport I/O thread or the Raft thread.
     */
    @Override
    public void close() {
        member.close();
    }

    /** Collects a node's parts; not thread-safe. */
    public static final class Builder {
        private final RaftwireConfig config;
        private final TypeRegistry registry;
        private StateMachine stateMachine;
        private RaftStore store;
        private RestoredRaftState restored;
        private boolean storeGiven;
        private AutoCloseable storeCloser = () -> { };
        private Clock clock = Clock.systemUTC();
        private Duration queryTimeout = Duration.ofSeconds(5);
        private UnaryOperator<Transport> peerTransportWrapper = UnaryOperator.identity();
        private MeterRegistry meterRegistry;

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
         *                                      store is closed), its {@code level.state} records a feature level
         *                                      this build may not run at (nothing in the directory is changed), or
         *                                      with TLS the certificate is a client's or an admin's, not this
         *                                      member's
         * @throws java.io.UncheckedIOException if the data directory cannot be opened or is damaged
         */
        public RaftwireNode build() {
            if (stateMachine == null) {
                throw new IllegalStateException("no state machine (expected: Builder.stateMachine(...))");
            }
            int groups = config.get(ConfigKeys.GROUPS);
            if (groups != 1) {
                throw new IllegalArgumentException(ConfigKeys.GROUPS.name() + " = " + groups + " (expected: 1 for a"
                        + " RaftwireNode; a member of several groups is a RaftwireMember)");
            }
            StateMachine sm = stateMachine;
            RaftwireMember.Builder b = RaftwireMember.builder(config, registry).stateMachines(i -> sm).clock(clock)
                    .queryTimeout(queryTimeout).peerTransportWrapper(peerTransportWrapper);
            if (storeGiven) {
                b.givenStore(new RaftGroup.GivenStore(store, restored, storeCloser));
            }
            if (meterRegistry != null) {
                b.metrics(meterRegistry);
            }
            return new RaftwireNode(b.build());
        }
    }
}
