package io.raftwire.node;

import io.microraft.Ordered;
import io.microraft.QueryPolicy;
import io.microraft.RaftEndpoint;
import io.microraft.RaftNode;
import io.microraft.persistence.NopRaftStore;
import io.microraft.persistence.RaftStore;
import io.microraft.persistence.RestoredRaftState;
import io.microraft.report.RaftGroupMembers;
import io.microraft.statemachine.StateMachine;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.engine.AsyncFlushExecutor;
import io.raftwire.node.engine.EngineInbound;
import io.raftwire.node.engine.FailureDetector;
import io.raftwire.node.engine.RestoredLogCapacity;
import io.raftwire.node.engine.StalePreVoteWatchdog;
import io.raftwire.node.group.GroupExecutor;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.level.BelowLevelAlarm;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelAware;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelRaiser;
import io.raftwire.node.level.LevelRecorder;
import io.raftwire.node.level.LevelState;
import io.raftwire.node.level.LevelStore;
import io.raftwire.node.metrics.MeteredStateMachine;
import io.raftwire.node.metrics.NodeMetrics;
import io.raftwire.node.model.RaftwireModelFactory;
import io.raftwire.node.server.AdminService;
import io.raftwire.node.server.AppliedProgress;
import io.raftwire.node.server.BuildVersion;
import io.raftwire.node.server.ClientAdmission;
import io.raftwire.node.server.ClientRouter;
import io.raftwire.node.server.ClientService;
import io.raftwire.node.server.EventPusher;
import io.raftwire.node.server.LocalRead;
import io.raftwire.node.server.MembershipGuard;
import io.raftwire.node.server.SessionConsistency;
import io.raftwire.node.server.SessionTrackingStateMachine;
import io.raftwire.node.server.StatusReader;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.node.store.GroupCommit;
import io.raftwire.node.store.StoreListener;
import io.raftwire.node.transport.RaftMessageTransport;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One Raft group on a member ({@link RaftwireMember}): a MicroRaft node with its own store (its data subdirectory,
 * {@link GroupIds#dataDir}), state machine, session table, client and admin services and failure detector, on the
 * member's shared transports and threads. A group starts, stops and takes snapshots on its own; stopped, it is not
 * restartable: the member opens a new one from the same directory ({@link RaftwireMember#restartGroup}). Thread-safe.
 */
public final class RaftGroup implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RaftGroup.class);

    private final int index;
    private final String id;
    private final MemberParts parts;
    private final RaftNode raftNode;
    private final StateMachine stateMachine;
    private final EventPusher events;
    private final EngineInbound inbound;
    private final FailureDetector failureDetector; // null: the engine's own timeouts only
    private final ClientRouter.GroupServices services;
    private final AutoCloseable storeCloser;
    private final NodeMetrics metrics;
    private final SessionConsistency sessions;
    private final SessionTrackingStateMachine tracking;
    private final LevelState levels;
    private final FeatureLevels kept;
    private final LevelRaiser raiser;
    private boolean routed; // guarded by the member's start, on one thread
    private volatile boolean closed;

    /**
     * A store given by the application instead of the one in the data directory, or the one opened there.
     *
     * @param levels     the feature levels kept for the group when it was opened
     * @param levelStore where the group keeps the levels it records
     */
    record GivenStore(RaftStore store, RestoredRaftState restored, AutoCloseable closer, FeatureLevels levels,
            LevelStore levelStore) {

        GivenStore {
            Objects.requireNonNull(levels, "levels");
            Objects.requireNonNull(levelStore, "levelStore");
        }

        /** A store that keeps no feature levels: the group starts at none and holds what it records in memory. */
        GivenStore(RaftStore store, RestoredRaftState restored, AutoCloseable closer) {
            this(store, restored, closer, FeatureLevels.NONE, LevelStore.MEMORY);
        }
    }

    private RaftGroup(int index, MemberParts parts, StateMachine stateMachine, GivenStore given, NodeMetrics metrics) {
        RaftwireConfig config = parts.config();
        this.index = index;
        this.id = GroupIds.id(config.get(ConfigKeys.CLUSTER_ID), index);
        this.parts = parts;
        this.stateMachine = stateMachine;
        this.storeCloser = given.closer();
        this.metrics = metrics;
        this.sessions = new SessionConsistency();
        AppliedProgress progress = new AppliedProgress(parts.clock());
        this.events = new EventPusher(parts.clients(), index);
        GroupCommit durability = given.store() instanceof GroupCommit g ? g : GroupCommit.IMMEDIATE;
        AsyncFlushExecutor executor = new AsyncFlushExecutor(durability,
                new GroupExecutor(parts.threads().pool(), id));
        // The state machine's levels follow the log it applies, from none: an entry replayed after a restart is
        // applied at the levels it was first applied at, so its results and events are the same bytes on every
        // member. What level.state kept is this member's knowledge for its gates (knownLevels).
        this.levels = new LevelState(FeatureLevels.NONE);
        this.kept = given.levels();
        levels.onAdvance(new BelowLevelAlarm(parts.registry().schema(), "group " + id + " on " + parts.self().id()));
        if (stateMachine instanceof LevelAware aware) {
            aware.attachLevels(levels); // before the engine exists, so before its first apply
        }
        this.tracking = new SessionTrackingStateMachine(stateMachine, sessions, events, progress,
                new LevelRecorder(levels, given.levelStore(), kept, "group " + id + " on " + parts.self().id()));
        RaftNode.RaftNodeBuilder builder = RaftNode.newBuilder()
                .setGroupId(id)
                .setConfig(NodeConfigs.raftConfig(config))
                .setExecutor(executor)
                .setTransport(new RaftMessageTransport(parts.peers(), parts.counters(), durability))
                .setStateMachine(metrics == null ? tracking : new MeteredStateMachine(tracking, metrics.group()))
                .setStore(given.store())
                .setModelFactory(RaftwireModelFactory.INSTANCE);
        if (metrics != null) {
            builder.setRaftNodeReportListener(metrics.group());
        }
        if (given.restored() != null) {
            builder.setRestoredState(given.restored());
        } else {
            List<RaftEndpoint> members = new ArrayList<>(NodeConfigs.initialMembers(config));
            builder.setLocalEndpoint(parts.self()).setInitialGroupMembers(members);
        }
        this.raftNode = builder.build();
        executor.bind(raftNode);
        events.leadership(this::isLeader);
        String self = parts.self().id();
        MembershipGuard guard = parts.guard();
        RaftGroupLevels groupLevels = new RaftGroupLevels(id, raftNode, parts.self(), parts.peers(), levels,
                parts.queryTimeout());
        this.raiser = stateMachine instanceof LevelAware
                ? new LevelRaiser(groupLevels, parts.registry().schema(), config.get(ConfigKeys.UPGRADE_AUTO_RAISE),
                        parts.queryTimeout())
                : LevelRaiser.off(groupLevels, parts.registry().schema(), parts.queryTimeout(), "the state machine of"
                        + " group " + id + " (" + stateMachine.getClass().getName() + ") does not read feature levels"
                        + " (expected: a state machine implementing LevelAware, or a wrapper that passes"
                        + " attachLevels on to the one it wraps): the group records no level, and members and clients"
                        + " must have equal types");
        ClientService clientService = new ClientService(raftNode, sessions, parts.clock(), parts.queryTimeout(),
                ClientAdmission.of(self, parts.peers()::peers, config.get(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES),
                        config.get(ConfigKeys.RAFT_APPEND_BATCH_SIZE)), guard,
                config.get(ConfigKeys.RAFT_LEADER_TIMEOUT_MS) == 0, raiser);
        AdminService admin = new AdminService(raftNode, self, new StatusReader(self,
                () -> parts.peers().localAddress().toString(), NodeConfigs.peerAddresses(config),
                BuildVersion.version(), config.get(ConfigKeys.SERIALIZER), parts.registry().fingerprint()),
                progress, guard);
        this.services = new ClientRouter.GroupServices(clientService, admin);
        this.failureDetector = FailureDetector.of(raftNode, config.get(ConfigKeys.RAFT_HEARTBEAT_INTERVAL_MS),
                config.get(ConfigKeys.RAFT_LEADER_TIMEOUT_MS));
        this.inbound = new EngineInbound(raftNode, durability, failureDetector);
    }

    /**
     * Builds group {@code index} without starting it: opens its store ({@code given}, or the group's data directory
     * under {@code raftwire.node.data-dir}, or none when that key is empty) and creates its engine.
     *
     * @param metrics the group's meters, or {@code null}; closed with the group
     * @throws IllegalArgumentException     as {@link RaftwireNode.Builder#build()}
     * @throws java.io.UncheckedIOException if the group's data directory cannot be opened or is damaged
     */
    static RaftGroup open(int index, MemberParts parts, StateMachine stateMachine, GivenStore given,
            NodeMetrics metrics) {
        RaftwireConfig config = parts.config();
        String groupId = GroupIds.id(config.get(ConfigKeys.CLUSTER_ID), index);
        String dataDir = config.get(ConfigKeys.NODE_DATA_DIR);
        if (given == null) {
            if (dataDir.isEmpty()) {
                given = new GivenStore(new NopRaftStore(), null, () -> { });
            } else {
                DurableState durable = DurableState.open(GroupIds.dataDir(Path.of(dataDir), index), groupId, config,
                        parts.registry(), metrics == null ? StoreListener.NONE : metrics.store(), parts.sharedLog(), index);
                given = new GivenStore(durable.store(), durable.restored(), () -> {
                    durable.levelFile().close(); // a late Raft thread writes no level.state once the lock is gone
                    durable.store().close();
                }, durable.levels(), durable.levelFile());
            }
        }
        try {
            if (given.restored() != null) {
                RestoredLogCapacity.check(given.restored(), config, given.store() instanceof FileRaftStore f
                        ? "data directory " + f.directory() + " (" + ConfigKeys.NODE_DATA_DIR.name() + ")"
                        : "the state restored from " + given.store().getClass().getSimpleName());
            }
            return new RaftGroup(index, parts, stateMachine, given, metrics);
        } catch (RuntimeException e) {
            try {
                given.closer().close();
            } catch (Exception closing) {
                e.addSuppressed(closing);
            }
            throw e;
        }
    }

    /** Routes the group's messages and requests to it and starts its engine; blocks until the engine started. */
    /**
     * Routes this group's Raft messages and client requests to it from now on; before the member's transports start,
     * so that no message a peer sends once it can connect finds the group missing (as a one-group node did).
     */
    void route() {
        if (!routed) {
            routed = true;
            parts.router().register(id, inbound);
            parts.clientRouter().route(index, services);
        }
    }

    void start() {
        route();
        raftNode.start().join();
        StalePreVoteWatchdog.watch(raftNode, parts.config().get(ConfigKeys.RAFT_HEARTBEAT_PERIOD_SECS));
        if (failureDetector != null) {
            failureDetector.start();
        }
        raiser.start(parts.threads().pool(),
                Duration.ofMillis(parts.config().get(ConfigKeys.UPGRADE_CHECK_INTERVAL_MS)));
    }

    /** The group's index on its member: 0 .. {@code raftwire.groups} - 1. */
    public int index() {
        return index;
    }

    /** The group's id ({@link GroupIds#id}). */
    public String id() {
        return id;
    }

    /** The MicroRaft node, for status, reports and membership calls. */
    public RaftNode raftNode() {
        return raftNode;
    }

    /** The group's state machine. */
    public StateMachine stateMachine() {
        return stateMachine;
    }

    /**
     * The group's feature levels on this member, as applied from its log and snapshots: from none at start-up, so a
     * replayed entry is applied at the levels it was first applied at ({@link #knownLevels} adds what
     * {@code level.state} kept). Thread-safe.
     */
    public LevelState levels() {
        return levels;
    }

    /**
     * What this member knows of the group's feature levels: the longer of what its {@code level.state} kept at
     * start-up and what it has applied since (both are prefixes of the group's one history). What its gates judge
     * peers and clients by, so that a member restarted with other application types reaches its peers before it
     * has replayed its log. Thread-safe.
     */
    public FeatureLevels knownLevels() {
        FeatureLevels applied = levels.get();
        return applied.currentLevel() >= kept.currentLevel() ? applied : kept;
    }

    /**
     * The ids of the group's members, voters and learners: those of the committed membership and of the effective
     * one (which includes a change not committed yet), sorted. Thread-safe.
     */
    public Set<String> memberIds() {
        Set<String> ids = new TreeSet<>();
        addIds(raftNode.getCommittedMembers(), ids);
        addIds(raftNode.getEffectiveMembers(), ids);
        return ids;
    }

    private static void addIds(RaftGroupMembers members, Set<String> ids) {
        if (members != null) {
            for (RaftEndpoint e : members.getMembers()) {
                ids.add((String) e.getId());
            }
        }
    }

    /**
     * Replicates a {@link LevelOperations#record feature level record} as a log entry of its own; on a follower the
     * future fails as {@link RaftNode#replicate} does (with MicroRaft's {@code NotLeaderException}).
     *
     * @param record the entry, {@link LevelOperations#record}
     * @return the engine's future: completes once the entry is committed and applied here, with the history after it
     *         ({@link FeatureLevels}), or fails with the {@link IllegalArgumentException} refusing it (a record that
     *         does not parse, skips a level or disagrees with the group's history)
     * @throws IllegalArgumentException if {@code record} is not a record entry
     */
    public CompletableFuture<Ordered<Object>> replicate(PrimitiveOperation record) {
        if (!LevelOperations.isRecord(record)) {
            throw new IllegalArgumentException("operation " + record.id().id() + " (expected: a feature level record, "
                    + LevelOperations.RECORD + ")");
        }
        return raftNode.replicate(record);
    }

    /** Pushes the group's session events to clients while this member leads it. */
    public EventPusher eventPusher() {
        return events;
    }

    /** The group's meters, if the member was given a registry. */
    public Optional<NodeMetrics> metrics() {
        return Optional.ofNullable(metrics);
    }

    /** Client sessions open in this group, as this member knows them. */
    int sessionCount() {
        return sessions.size();
    }

    /** Sessions this group's state machine closed without a close request. */
    long closedByStateMachine() {
        return tracking.closedByStateMachine();
    }

    /** Whether this member believes it leads the group. */
    public boolean isLeader() {
        return parts.self().equals(raftNode.getTerm().getLeaderEndpoint());
    }

    /** Whether {@link #close()} was called. */
    public boolean isClosed() {
        return closed;
    }

    /**
     * Takes a snapshot of this group now, on its Raft thread; the other groups are not touched.
     *
     * @return completes with the log index of the group's newest snapshot after it, or with {@code null} when a
     *         snapshot at the commit index existed already (MicroRaft then takes none)
     */
    public CompletableFuture<Long> takeSnapshot() {
        return raftNode.takeSnapshot().thenApply(o -> o == null ? null
                : o.getResult().getLog().getLastSnapshotIndex());
    }

    /**
     * Reads the local state machine on the Raft thread once this member has applied {@code minCommitIndex}; as
     * {@link RaftwireNode#read}.
     */
    @SuppressWarnings("unchecked")
    public <T> CompletableFuture<T> read(long minCommitIndex, Duration timeout, Function<StateMachine, T> reader) {
        LocalRead read = new LocalRead((Function<StateMachine, Object>) reader);
        return raftNode.<T>query(read, QueryPolicy.EVENTUAL_CONSISTENCY,
                minCommitIndex > 0 ? Optional.of(minCommitIndex) : Optional.empty(), Optional.of(timeout))
                .thenApply(Ordered::getResult);
    }

    /**
     * Stops this group only: its client requests are answered {@code NO_LEADER} from now on, its engine terminates,
     * its store and meters close. Idempotent; blocks for a few seconds at most. Must not be called from a transport
     * I/O thread or a Raft thread.
     */
    @Override
    public synchronized void close() { // a second caller waits until the first has released the store
        if (closed) {
            return;
        }
        closed = true;
        raiser.close();
        parts.clientRouter().route(index, null);
        try {
            raftNode.terminate().get(5, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            // its Raft thread may still be running: the store closes anyway, and refuses that thread's late writes
            LOG.warn("group {} on {} did not terminate within 5 s (expected: its engine stops within that); closing"
                    + " its store anyway, so a later write of its Raft thread is refused", id, parts.self().id());
        } catch (Exception e) { // already terminated, or failed: nothing left running
            LOG.debug("terminating group {} on {}", id, parts.self().id(), e);
        }
        parts.router().unregister(id);
        try {
            storeCloser.close();
        } catch (Exception e) {
            LOG.warn("closing the store of group {} on {}: {}", id, parts.self().id(), e.toString());
        }
        if (metrics != null) {
            metrics.close();
        }
    }
}
