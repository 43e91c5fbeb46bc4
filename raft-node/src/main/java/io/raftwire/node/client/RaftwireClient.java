package io.raftwire.node.client;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.JoinRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.LeaveRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.request.TransferRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.JoinResponse;
import io.raftwire.message.response.LeaveResponse;
import io.raftwire.message.response.OperationResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.admin.SnapshotRequest;
import io.raftwire.node.admin.StatusRequest;
import io.raftwire.node.admin.StatusResponse;
import io.raftwire.node.group.GroupAddress;
import io.raftwire.node.group.GroupIds;
import io.raftwire.node.group.SessionIds;
import io.raftwire.node.kv.NestedId;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelRules;
import io.raftwire.node.server.ClientAdmission;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportFactory;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * A client session with a raftwire cluster: connects to any member's client address, finds the leader, opens a
 * session, keeps it alive, and submits commands and queries with futures.
 *
 * <p><b>Exactly once.</b> Each command gets the session's next sequence number. When a response is lost (timeout,
 * closed connection, leader change) the client re-sends the <em>same</em> session and sequence to the new leader, and
 * the state machine applies a sequence once and answers a repeat from its cache. The caller sees one result, not an
 * error, as long as the cluster recovers before the operation deadline.
 *
 * <p><b>Events.</b> The state machine may publish events to the session (for the KV store: {@code KvClient.watch}).
 * The leader pushes them as {@code PublishRequest}s over the connection this client opened to it, so a client needs
 * no listening socket of its own reachable from the cluster; they reach the {@link SessionEventListener} set with
 * {@link #eventListener} in order and exactly once (see there). The client acknowledges delivered batches in its
 * keep-alives, at once after every 64 batches, and sends a keep-alive at once when it sees a gap or a new leader,
 * which makes the leader push the unacknowledged batches again.
 *
 * <p><b>Leader.</b> Any member answers a keep-alive with no sessions at once, naming the leader it knows; the client
 * uses that to find and follow the leader. A member that does not lead refuses a request with a {@code NO_LEADER}
 * error naming the leader it knows ({@link io.raftwire.message.value.RaftError#leader()}); the client re-sends there at
 * once if that is one of its members. When a member cannot be reached the client asks the next one.
 *
 * <p><b>Identity.</b> With TLS ({@link Builder#tls}, or the {@code raftwire.tls.*} keys of the configuration) the
 * client connects under the id its client or admin certificate names, and may change membership and leadership
 * ({@link #join}, {@link #leave}, {@link #transferLeadership}) only with an admin certificate; on plaintext it takes a
 * random id unless given one, and members refuse those changes unless they set
 * {@code raftwire.security.plaintext-admin}.
 *
 * <p><b>Threading.</b> Thread-safe; commands may be submitted from many threads and pipelined. Futures complete on a
 * transport I/O thread or the client's timer thread: dependent stages must not block.
 */
public final class RaftwireClient implements AutoCloseable {

    /** The service type a session is opened for unless {@link Builder#serviceType} says otherwise: the KV store's. */
    public static final String DEFAULT_SERVICE_TYPE = "kv";

    private final String clientId;
    private final OperationCodec codec;
    private final Transport transport;
    private final ClientTimer timer;
    private final Runnable stopEventThread;
    private final Duration operationTimeout;
    private final LeaderLocator leaders;
    private final FailoverCaller caller;
    private final EventDelivery events;
    private final SessionKeeper session;
    private final AtomicBoolean started = new AtomicBoolean();
    private final String group; // null: the members' only group
    private final int groupIndex;
    private final LevelLearner levels;

    /**
     * The client on its parts: {@link Builder#build()} passes the Netty transport and real threads, tests a fake
     * transport and a timer they drive by hand.
     *
     * @param members         the member ids the transport can reach, in the order they are asked who leads
     * @param eventThread     runs the event listener, one task at a time in submission order
     * @param stopEventThread stops {@code eventThread}; run by {@link #close()} and {@link #disconnect()}
     */
    RaftwireClient(String clientId, List<String> members, Transport transport, OperationCodec codec,
            ClientTimer timer, Executor eventThread, Runnable stopEventThread, Duration operationTimeout,
            Duration sessionTimeout, ReadConsistency consistency) {
        this(clientId, DEFAULT_SERVICE_TYPE, members, transport, codec, timer, eventThread, stopEventThread,
                operationTimeout, sessionTimeout, consistency);
    }

    /** As above, for a session of {@code serviceType}. */
    RaftwireClient(String clientId, String serviceType, List<String> members, Transport transport,
            OperationCodec codec, ClientTimer timer, Executor eventThread, Runnable stopEventThread,
            Duration operationTimeout, Duration sessionTimeout, ReadConsistency consistency) {
        this(clientId, serviceType, null, 0, members, transport, codec, timer, eventThread, stopEventThread,
                operationTimeout, sessionTimeout, consistency);
    }

    /**
     * As above, for a session in group {@code group} (index {@code groupIndex}) of a member that hosts several
     * ({@code docs/multi-group.md}); {@code null}: the members' only group.
     */
    RaftwireClient(String clientId, String serviceType, String group, int groupIndex, List<String> members,
            Transport transport, OperationCodec codec, ClientTimer timer, Executor eventThread,
            Runnable stopEventThread, Duration operationTimeout, Duration sessionTimeout,
            ReadConsistency consistency) {
        this.group = group;
        this.groupIndex = groupIndex;
        this.clientId = clientId;
        this.levels = new LevelLearner(this::query);
        this.codec = codec.withLevels(levels.state());
        this.transport = transport;
        this.timer = timer;
        this.stopEventThread = stopEventThread;
        this.operationTimeout = operationTimeout;
        this.leaders = new LeaderLocator(members, transport, group == null ? LeaderLocator.PROBE
                : new KeepAliveRequest(new long[] {SessionIds.probe(groupIndex)}, new long[] {0}, new long[] {0}));
        this.caller = new FailoverCaller(transport, leaders, timer, operationTimeout, this::serverChanged);
        this.events = new EventDelivery(clientId, this::sessionId, eventThread, this::keepAliveNow,
                this::levelsNamedBy);
        this.session = new SessionKeeper(clientId, GroupAddress.of(serviceType, group), serviceType, caller, timer,
                sessionTimeout, consistency, events);
        transport.onMessage(PublishRequest.class, events::onPublish);
    }

    /**
     * A builder.
     *
     * @param config   the cluster's configuration: {@code raftwire.cluster.id}, the serializer and the transport's
     *                 limits are used; node ids and addresses are the client's own
     * @param registry the cluster's registry (catalog, engine and state-machine types, and the application's)
     * @param members  every member's client address ({@code raftwire.node.client-address}), by member id
     */
    public static Builder builder(RaftwireConfig config, TypeRegistry registry, List<PeerAddress> members) {
        return new Builder(config, registry, members);
    }

    /**
     * Starts the transport, finds the leader and opens a session, then reads the group's feature levels (a query,
     * see {@link #featureLevels()}); blocks until both are done.
     *
     * @return this client
     * @throws ClientException if the cluster refused the session or no session could be opened within the operation
     *                         timeout
     */
    public RaftwireClient connect() {
        start();
        session.open();
        levels.learn().join();
        return this;
    }

    /**
     * The group's feature levels as this client knows them (docs/upgrades.md): read when it connects, and again when
     * the level it writes at cannot hold a value or an event names a level it does not know.
     * {@link FeatureLevels#NONE} before {@link #connect()}, and from a cluster that records none (or answers no level
     * query, as raftwire 0.1.0). {@link #operationCodec()} writes at {@link OperationCodec#writeLevel()} of these.
     * Thread-safe.
     */
    public FeatureLevels featureLevels() {
        return levels.state().get();
    }

    /**
     * Reads the group's feature levels again (a query in this session), for a client that wants to use what a newly
     * raised level allows at once rather than at its next refusal.
     *
     * @return completes, never exceptionally, with the levels known after the answer; unchanged if no member
     *         answered within the operation timeout
     */
    public CompletableFuture<FeatureLevels> refreshFeatureLevels() {
        return levels.learn();
    }

    /**
     * Checks that the members host exactly {@code count} groups ({@code raftwire.groups}), with leader probes that
     * any member answers at once (no log entry): two probes when the counts match, at most ten more when they differ.
     * A client of a sharded store, and a tool that addresses every group, must run with the members' count: with
     * another, keys or members would go to the wrong groups. Call {@link #start()} or {@link #connect()} first.
     * Blocking, up to the operation timeout per probe; thread-safe.
     *
     * @param count the count this client was configured with, 1..{@value GroupIds#MAX_GROUPS}
     * @throws ClientException if the first member that answers hosts another count (the message names both counts
     *                         and {@code raftwire.groups}), or no member answered
     */
    public void requireGroupCount(int count) {
        new GroupCount(transport, leaders.members(), operationTimeout).require(count);
    }

    /**
     * Starts the transport without opening a session: enough for {@link #status}, {@link #takeSnapshot},
     * {@link #join}, {@link #leave} and {@link #transferLeadership}, which need none. Idempotent; {@link #connect()}
     * after it opens the session.
     *
     * @return this client
     */
    public RaftwireClient start() {
        if (started.compareAndSet(false, true)) {
            transport.start();
        }
        return this;
    }

    /**
     * Asks member {@code memberId} itself (not the leader) for its status: what it knows of the group, read from its
     * own engine without touching the log, so a follower answers too. Any client may ask. Call {@link #start()} or
     * {@link #connect()} first.
     *
     * @param memberId a member among those given to the builder
     * @return completes with the member's answer (a status, or its error) within the operation timeout, or fails
     *         with the transport's exception (member unreachable, timeout, ...)
     */
    public CompletableFuture<StatusResponse> status(String memberId) {
        return transport.request(memberId, new StatusRequest(GroupAddress.of(memberId, group)), StatusResponse.class,
                operationTimeout);
    }

    /**
     * Asks member {@code memberId} for its status in group {@code groupId}, whatever group this client's builder
     * named: as {@link #status(String)}, on members that host several groups ({@code docs/multi-group.md}).
     */
    public CompletableFuture<StatusResponse> status(String memberId, String groupId) {
        return transport.request(memberId, new StatusRequest(GroupAddress.of(memberId,
                Objects.requireNonNull(groupId, "groupId"))), StatusResponse.class, operationTimeout);
    }

    /**
     * Asks member {@code memberId} to take a snapshot at its commit index now ({@code RaftNode#takeSnapshot()} on that
     * member; a no-op if it has one at that index). Members refuse it unless this client holds an admin certificate, or
     * on plaintext they set {@code raftwire.security.plaintext-admin}: the error is a {@code PROTOCOL_ERROR} starting
     * {@code forbidden:}. Call {@link #start()} or {@link #connect()} first.
     *
     * @return completes with the member's status after the snapshot, or its error, within the operation timeout
     */
    public CompletableFuture<StatusResponse> takeSnapshot(String memberId) {
        return transport.request(memberId, new SnapshotRequest(GroupAddress.of(memberId, group)),
                StatusResponse.class, operationTimeout);
    }

    /**
     * Sets who receives the session's events. Set it before the first command that makes the state machine publish
     * (for example a watch): a batch that arrives while no listener is set is delivered to none, and acknowledged.
     *
     * @return this client
     */
    public RaftwireClient eventListener(SessionEventListener listener) {
        events.listener(listener);
        return this;
    }

    /** The event index of the last batch delivered to the listener and returned from; 0 if none. */
    public long eventIndex() {
        return events.delivered();
    }

    /** Batches that arrived again (after a leader change or a keep-alive) and were dropped, not delivered twice. */
    public long duplicateEvents() {
        return events.duplicates();
    }

    /** This client's id (also its transport member id). */
    public String clientId() {
        return clientId;
    }

    /**
     * Encodes operations and decodes results with the serializer this client sends with, at the feature levels it
     * knows ({@link #featureLevels()}): decode a result with {@link OperationCodec#decodeResult(byte[], Class,
     * io.raftwire.message.value.OperationId)} and the id of the operation sent.
     */
    public OperationCodec operationCodec() {
        return codec;
    }

    /** The open session's id; 0 before {@link #connect()}. */
    public long sessionId() {
        return session.id();
    }

    /** The member this client believes leads, or {@code null}. */
    public String leader() {
        return leaders.leader();
    }

    /**
     * Submits a command. It is applied exactly once, even if the client has to re-send it to a new leader.
     *
     * @return completes with the committed response (status OK, or ERROR for an application-level refusal), or fails
     *         with {@link ClientException} if the cluster refused it for good or the deadline passed
     */
    public CompletableFuture<CommandResponse> command(PrimitiveOperation operation) {
        long seq = session.nextSequence();
        CommandRequest request = new CommandRequest(session.id(), seq, operation);
        return caller.call(request, CommandResponse.class).whenComplete((r, e) -> {
            if (r != null) {
                session.observed(r.index());
            }
            session.completed(seq);
        });
    }

    /**
     * Submits a command of the application's own type and decodes its result: {@link #command(PrimitiveOperation)}
     * with the encoding done by {@link #operationCodec()}, at the feature level it writes at; the result is read at
     * the same level. If that level's schema cannot hold the command (a type or enum constant added since), the client
     * reads the group's levels again and encodes once more: the group may have raised its level meanwhile.
     *
     * @param command    a value of a registered type, the state machine's command type
     * @param resultType the registered type of the state machine's result
     * @return completes with the result, or fails with a {@link ClientException} carrying the cluster's error if the
     *         state machine refused the command (for example a command of a type it does not take), with a
     *         {@link io.raftwire.serializer.SerializationException} naming the level if the group's level still
     *         cannot hold it, or as {@link #command(PrimitiveOperation)} fails
     * @throws io.raftwire.serializer.SerializationException if the command's type is not registered, or it cannot
     *                                                       be encoded while the group has recorded no level
     */
    public <R> CompletableFuture<R> command(Object command, Class<R> resultType) {
        Objects.requireNonNull(resultType, "resultType");
        return call(codec, command, false).thenApply(a -> result(a, command, resultType));
    }

    /**
     * Runs a query of the application's own type with the session's read consistency and decodes its result, as
     * {@link #command(Object, Class)} does for a command.
     *
     * @return completes with the result, or fails with a {@link ClientException} carrying the cluster's error (for
     *         example a state machine that takes no queries)
     */
    public <R> CompletableFuture<R> query(Object query, Class<R> resultType) {
        Objects.requireNonNull(resultType, "resultType");
        return call(codec, query, true).thenApply(a -> result(a, query, resultType));
    }

    /**
     * Decodes an event pushed to this session ({@link SessionEventListener#onEvents}) with {@link #operationCodec()}.
     * Does not block: a batch whose events name a feature level this client does not know is handed to the listener
     * only after the client has read the group's levels (a query; no thread waits for it, and later batches wait
     * behind it), so the listener decodes every event of a level the group had recorded by then. Thread-safe.
     *
     * @return the event's record
     * @throws io.raftwire.serializer.SerializationException naming what was wrong (see
     *                                                       {@link OperationCodec#decodeEvent}), for example a level
     *                                                       this client still does not know (the level query got no
     *                                                       answer; {@link #refreshFeatureLevels()} asks again)
     */
    public Object decodeEvent(PrimitiveEvent event) {
        return codec.decodeEvent(event);
    }

    /**
     * Before a pushed batch is delivered: the level query if one of its events names a level this client does not
     * know, else a completed future. Never blocks.
     */
    private CompletableFuture<?> levelsNamedBy(PublishRequest batch) {
        int known = codec.levels().currentLevel();
        for (PrimitiveEvent e : batch.events()) {
            if (NestedId.levelOf(e.type().id()) > known) {
                return levels.learn();
            }
        }
        return CompletableFuture.completedFuture(null);
    }

    /** An operation as sent, and the cluster's answer. */
    record Answered(PrimitiveOperation sent, OperationResponse response) {
    }

    /**
     * Encodes {@code value} with {@code with} and sends it as a command or a query; if the codec's level refuses it,
     * learns the levels and encodes once more. With this client's own codec, nothing is sent until a member has
     * answered the level query (asked again here if the last one got no answer).
     *
     * @throws io.raftwire.serializer.SerializationException if the type is not registered, or encoding fails while
     *                                                       the codec knows no level
     */
    CompletableFuture<Answered> call(OperationCodec with, Object value, boolean query) {
        if (with == codec && !levels.answered() && with.registers(value)) {
            return levels.learn().thenCompose(l -> {
                if (!levels.answered()) {
                    throw new ClientException(value.getClass().getSimpleName() + " not sent: the group's feature"
                            + " levels are unknown (the level query got no answer: " + levels.lastFailure() + "),"
                            + " and a value written without a level is read with level 1's types, which need not"
                            + " be this client's (expected: a member that answers the level query; the next"
                            + " operation asks again)", null, levels.lastFailure());
                }
                return call(with, value, query);
            });
        }
        try {
            return send(with, value, query);
        } catch (SerializationException e) {
            if (with.levels().currentLevel() == 0 || !with.registers(value)) {
                throw e;
            }
            return levels.learn().thenCompose(l -> send(with, value, query));
        }
    }

    private CompletableFuture<Answered> send(OperationCodec with, Object value, boolean query) {
        PrimitiveOperation op = query ? with.query(value) : with.command(value);
        CompletableFuture<? extends OperationResponse> answer = query ? query(op) : command(op);
        return answer.thenApply(r -> new Answered(op, r));
    }

    private <R> R result(Answered answered, Object operation, Class<R> resultType) {
        OperationResponse response = answered.response();
        if (response.status() != RaftResponse.Status.OK) {
            throw new ClientException("the cluster refused " + operation.getClass().getSimpleName() + ": "
                    + response.error(), response.error(), null);
        }
        return codec.decodeResult(response.result(), resultType, answered.sent().id());
    }

    /**
     * Runs a query with the session's read consistency. With {@link ReadConsistency#SEQUENTIAL} any member may answer,
     * but never with state older than what this client has already seen.
     */
    public CompletableFuture<QueryResponse> query(PrimitiveOperation operation) {
        QueryRequest request = new QueryRequest(session.id(), session.lastSequence(), operation,
                session.highestIndex());
        return caller.call(request, QueryResponse.class).whenComplete((r, e) -> {
            if (r != null) {
                session.observed(r.index());
            }
        });
    }

    /**
     * Asks the leader to add a member ({@link RaftMember.Type#ACTIVE}: a voter; otherwise a learner). The member must be
     * in every member's {@code raftwire.peers} so that they can reach it, and must be started after the change
     * commits, with the group's initial members in its configuration. Add a new voter in two steps: first as a
     * learner (any type but {@code ACTIVE}), wait until it has caught up with the leader's log, then join it again as
     * {@code ACTIVE}. MicroRaft 0.7 walks a new member's starting point back one entry per AppendEntries round trip, and
     * while a voter that is far behind is part of the configuration, commits need it or the rest of a new majority
     * (integration-tests {@code JoinCatchUpIT} measures it).
     *
     * @return completes with the leader's answer (the members after the change, or its error: a
     *         {@code PROTOCOL_ERROR} starting {@code forbidden:} unless this client holds an admin certificate, or on
     *         plaintext the members set {@code raftwire.security.plaintext-admin})
     */
    public CompletableFuture<JoinResponse> join(String memberId, RaftMember.Type type) {
        return caller.call(new JoinRequest(new RaftMember(new MemberId(GroupAddress.of(memberId, group)), type,
                0)), JoinResponse.class);
    }

    /**
     * Asks the leader to remove a member. The removed member is not told: with MicroRaft 0.7 the leader stops
     * replicating to it as soon as it appends the removal, so the removed process keeps running (as a follower that
     * hears no leader) until its operator stops it.
     */
    public CompletableFuture<LeaveResponse> leave(String memberId) {
        return caller.call(new LeaveRequest(new RaftMember(new MemberId(GroupAddress.of(memberId, group)),
                RaftMember.Type.ACTIVE, 0)),
                LeaveResponse.class);
    }

    /** Asks the leader to hand leadership to {@code memberId}. */
    public CompletableFuture<TransferResponse> transferLeadership(String memberId) {
        return caller.call(new TransferRequest(new MemberId(GroupAddress.of(memberId, group))), TransferResponse.class);
    }

    /**
     * Reads the group's feature levels from the cluster ({@link LevelOperations#READ}, a query with the session's read
     * consistency, or a linearizable one without a session): every level the group has recorded, level 1 first. Needs
     * no session, so an administrator's tool can read them after {@link #start()} alone. Unlike
     * {@link #refreshFeatureLevels()} it leaves the levels this client writes at ({@link #featureLevels()}) as they
     * are, and fails with the cluster's reason.
     *
     * @return completes with the history ({@link FeatureLevels#NONE} if none is recorded), or fails with a
     *         {@link ClientException} carrying the cluster's error, or as {@link #query(PrimitiveOperation)} fails
     */
    public CompletableFuture<FeatureLevels> readFeatureLevels() {
        QueryRequest request = new QueryRequest(sessionOrGroup(), session.lastSequence(), LevelOperations.read(),
                session.highestIndex());
        return caller.call(request, QueryResponse.class).thenApply(r -> history(r, "reading the feature levels"));
    }

    /**
     * Asks the group's leader to record its types as the next feature level ({@link LevelOperations#RAISE}), which it
     * does only if every member announces the same types as it at their handshakes and they are not the current
     * level's. Members refuse it unless this client holds an admin certificate, or on plaintext they set
     * {@code raftwire.security.plaintext-admin}. Needs no session; call {@link #start()} or {@link #connect()} first.
     *
     * @return completes with the history once the new level is applied, or fails with a {@link ClientException}
     *         carrying the cluster's error: a {@code COMMAND_FAILURE} naming each member whose announced schema digest
     *         differs from the leader's (with both digests) or that is unreachable, or saying {@code nothing to raise:
     *         every member runs the current level's types}; a {@code PROTOCOL_ERROR} starting {@code forbidden:}
     */
    public CompletableFuture<FeatureLevels> raiseFeatureLevel() {
        CommandRequest request = new CommandRequest(sessionOrGroup(), 0, LevelOperations.raise());
        return caller.call(request, CommandResponse.class).thenApply(r -> history(r,
                "raising the feature level"));
    }

    /** The session, or before one is open the id that addresses the client's group without one. */
    private long sessionOrGroup() {
        long id = session.id();
        return id != 0 ? id : SessionIds.probe(groupIndex);
    }

    private static FeatureLevels history(OperationResponse response, String what) {
        if (response.status() != RaftResponse.Status.OK) {
            throw new ClientException("the cluster refused " + what + ": " + response.error(), response.error(),
                    null);
        }
        try {
            return FeatureLevels.fromBytes(response.result());
        } catch (IllegalArgumentException e) {
            throw new ClientException("the cluster answered " + what + " with bytes that are no feature levels: "
                    + e.getMessage(), null, e);
        }
    }

    private void keepAliveNow() {
        session.keepAliveNow();
    }

    /**
     * Another member answered than before: a keep-alive at once makes a new leader push the session's unacknowledged
     * event batches without waiting for the next period.
     */
    private void serverChanged() {
        if (session.id() != 0 && events.delivered() > 0) {
            session.keepAliveNow();
        }
    }

    /**
     * Stops keeping the session alive and closes the connection <em>without</em> closing the session, as a client
     * that crashed would: the cluster expires the session after its timeout. Idempotent.
     */
    public void disconnect() {
        session.stop();
        shutDown();
    }

    /**
     * Closes the session (best effort, bounded by the operation timeout) and the transport. Idempotent. Must not be
     * called from a transport I/O thread.
     */
    @Override
    public void close() {
        session.close(operationTimeout);
        shutDown();
    }

    private void shutDown() {
        timer.close();
        stopEventThread.run();
        transport.close();
    }

    /** Collects a client's settings; not thread-safe. */
    public static final class Builder {
        private final RaftwireConfig config;
        private final TypeRegistry registry;
        private final List<PeerAddress> members;
        private String clientId;
        private Map<String, String> tls = Map.of();
        private Duration operationTimeout = Duration.ofSeconds(30);
        private Duration sessionTimeout = Duration.ofSeconds(10);
        private ReadConsistency consistency = ReadConsistency.LINEARIZABLE;
        private String serviceType = DEFAULT_SERVICE_TYPE;
        private String group;
        private int groupIndex;

        private Builder(RaftwireConfig config, TypeRegistry registry, List<PeerAddress> members) {
            this.config = Objects.requireNonNull(config, "config");
            this.registry = Objects.requireNonNull(registry, "registry");
            this.members = List.copyOf(members);
            if (this.members.isEmpty()) {
                throw new IllegalArgumentException("no members (expected: at least one member's client address)");
            }
        }

        /**
         * This client's id, unique among the cluster's clients. By default: with TLS the id its certificate names (see
         * {@link #tls}), on plaintext a random {@code client-<hex>}. With TLS a different id is refused by
         * {@link #build()}: members accept a client only under the id its certificate names.
         */
        public Builder clientId(String id) {
            this.clientId = Objects.requireNonNull(id, "id");
            return this;
        }

        /**
         * Connects with mutual TLS as the client or admin its certificate names, whatever {@code raftwire.tls.*} the
         * configuration given to {@link RaftwireClient#builder} says: the files have the formats a node's
         * {@code raftwire.tls.*} keys take.
         *
         * @param certificateChain PEM certificate chain, this client's first; its one raftwire SAN URI is
         *                         {@code raftwire://<cluster id>/client/<client id>} (a client: sessions, commands,
         *                         queries) or {@code raftwire://<cluster id>/admin/<admin id>} (also Join, Leave and
         *                         Transfer), and its id becomes this client's id
         * @param privateKey       PEM, unencrypted PKCS#8: the key of that certificate
         * @param trust            PEM CA certificates the members' certificates are checked against
         */
        public Builder tls(Path certificateChain, Path privateKey, Path trust) {
            this.tls = Map.of(ConfigKeys.TLS_ENABLED.name(), "true",
                    ConfigKeys.TLS_CERTIFICATE_FILE.name(), certificateChain.toString(),
                    ConfigKeys.TLS_PRIVATE_KEY_FILE.name(), privateKey.toString(),
                    ConfigKeys.TLS_TRUST_FILE.name(), trust.toString());
            return this;
        }

        /** How long one command or query may take, retries included; 30 s by default. */
        public Builder operationTimeout(Duration timeout) {
            this.operationTimeout = Objects.requireNonNull(timeout, "timeout");
            return this;
        }

        /**
         * The session timeout the cluster enforces; keep-alives go at a third of it; 10 s by default.
         *
         * @throws IllegalArgumentException if it is not 1 ms to one hour, the longest a member accepts
         *                                  ({@link ClientAdmission#MAX_SESSION_TIMEOUT_MS})
         */
        public Builder sessionTimeout(Duration timeout) {
            Objects.requireNonNull(timeout, "timeout");
            if (timeout.compareTo(Duration.ofMillis(1)) < 0
                    || timeout.compareTo(Duration.ofMillis(ClientAdmission.MAX_SESSION_TIMEOUT_MS)) > 0) {
                throw new IllegalArgumentException("sessionTimeout = " + timeout + " (expected: 1 ms to "
                        + ClientAdmission.MAX_SESSION_TIMEOUT_MS + " ms, one hour, the longest a member accepts)");
            }
            this.sessionTimeout = timeout;
            return this;
        }

        /**
         * The read consistency of the session's queries; {@link ReadConsistency#LINEARIZABLE} by default
         * ({@link ReadConsistency#LINEARIZABLE_LEASE} is served as a linearizable read while the members' failure
         * detector is on, their default).
         */
        public Builder readConsistency(ReadConsistency consistency) {
            this.consistency = Objects.requireNonNull(consistency, "consistency");
            return this;
        }

        /**
         * The service type the session is opened for, as its state machine expects it:
         * {@value RaftwireClient#DEFAULT_SERVICE_TYPE} (the KV store's) by default; a
         * {@code ReplicatedStateMachine} built without a service type accepts any.
         *
         * @throws IllegalArgumentException if it is empty
         */
        public Builder serviceType(String type) {
            if (Objects.requireNonNull(type, "type").isEmpty()) {
                throw new IllegalArgumentException(
                        "serviceType is empty (expected: the service type the state machine accepts)");
            }
            this.serviceType = type;
            return this;
        }

        /**
         * The group of the members this client's session, status, snapshot, join, leave and transfer requests
         * address, on members that host several ({@code raftwire.groups}, {@code docs/multi-group.md}):
         * {@code raftwire.cluster.id} for group 0, {@code <cluster id>-<i>} for group i. By default none: the members'
         * only group (a member of several groups refuses a request that names none).
         *
         * @throws IllegalArgumentException if {@code groupId} is no group id of the configuration's cluster
         */
        public Builder group(String groupId) {
            String cluster = config.get(ConfigKeys.CLUSTER_ID);
            int index = GroupIds.indexOf(cluster, GroupIds.MAX_GROUPS, Objects.requireNonNull(groupId, "groupId"));
            if (index < 0) {
                throw new IllegalArgumentException("group " + groupId + " is no group of cluster " + cluster
                        + " (expected: " + cluster + " or " + cluster + "-<i>, i = 1.." + (GroupIds.MAX_GROUPS - 1)
                        + ")");
            }
            this.group = groupId;
            this.groupIndex = index;
            return this;
        }

        /**
         * Creates the client (nothing is connected until {@link RaftwireClient#connect()}).
         *
         * @throws IllegalArgumentException with TLS, if the certificate cannot be read, names no client or admin of
         *                                  the configuration's cluster, or names another id than {@link #clientId};
         *                                  or if the transport refuses the settings (a key that is not the
         *                                  certificate's, ...)
         */
        public RaftwireClient build() {
            return build(null, 0, null);
        }

        /**
         * One client per group {@code 0..count-1} of the members (each as {@link #group} of that group's id makes
         * it), all over one transport: one connection per member, and each pushed event batch handed to the client
         * of the group its session id names; one timer thread and one event thread for all of them
         * ({@link SharedClientThreads}). For {@code ShardedKvClient}; {@code shared} receives what closes the
         * transport and the threads, which the caller closes after the clients.
         */
        List<RaftwireClient> buildGroups(int count, Consumer<AutoCloseable> shared) {
            List<RaftwireClient> clients = new ArrayList<>(count);
            GroupTransports[] transports = new GroupTransports[1];
            SharedClientThreads[] threads = new SharedClientThreads[1];
            try {
                for (int i = 0; i < count; i++) {
                    group(GroupIds.id(config.get(ConfigKeys.CLUSTER_ID), i));
                    RaftwireClient c = build(transports[0], count, t -> transports[0] = t, threads);
                    clients.add(c);
                    clientId(c.clientId()); // one id for the one connection, also when the first was random
                }
            } catch (RuntimeException e) {
                clients.forEach(RaftwireClient::disconnect);
                if (transports[0] != null) {
                    transports[0].close();
                }
                if (threads[0] != null) {
                    threads[0].close();
                }
                throw e;
            }
            GroupTransports transport = transports[0];
            SharedClientThreads sharedThreads = threads[0];
            shared.accept(() -> {
                try {
                    transport.close();
                } finally {
                    sharedThreads.close();
                }
            });
            return clients;
        }

        private RaftwireClient build(GroupTransports sharing, int groups, Consumer<GroupTransports> created) {
            return build(sharing, groups, created, null);
        }

        /**
         * @param threads {@code null}: the client gets a timer thread and an event thread of its own; otherwise
         *                {@code threads[0]} is shared (created by the first client built)
         */
        private RaftwireClient build(GroupTransports sharing, int groups, Consumer<GroupTransports> created,
                SharedClientThreads[] threads) {
            Map<String, String> values = new LinkedHashMap<>(config.nonDefaults());
            values.putAll(tls);
            String clientId = ClientIdentity.clientId(RaftwireConfig.of(Map.of(
                    ConfigKeys.CLUSTER_ID.name(), config.get(ConfigKeys.CLUSTER_ID),
                    ConfigKeys.TLS_ENABLED.name(), values.getOrDefault(ConfigKeys.TLS_ENABLED.name(),
                            String.valueOf(ConfigKeys.TLS_ENABLED.defaultValue())),
                    ConfigKeys.TLS_CERTIFICATE_FILE.name(), values.getOrDefault(
                            ConfigKeys.TLS_CERTIFICATE_FILE.name(), ""))), this.clientId);
            values.put(ConfigKeys.NODE_ID.name(), clientId);
            values.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:0");
            values.remove(ConfigKeys.NODE_CLIENT_ADDRESS.name()); // a member's client listener, not the client's
            values.put(ConfigKeys.PEERS.name(), String.join(",", members.stream()
                    .map(p -> p.id() + "=" + p.address()).toList()));
            values.remove(ConfigKeys.RAFT_INITIAL_MEMBERS.name());
            values.remove(ConfigKeys.NODE_DATA_DIR.name());
            values.remove(ConfigKeys.TRANSPORT_CAPTURE_FILE.name()); // a member's capture file is the member's own
            RaftwireConfig own = RaftwireConfig.of(values);
            OperationCodec codec = new OperationCodec(Serializers.create(own.get(ConfigKeys.SERIALIZER), registry,
                    SerializerConfig.options(own)));
            GroupTransports transports = sharing;
            if (transports == null && created != null) {
                transports = new GroupTransports(gated(TransportFactory.installed().create(own, registry)), groups);
                created.accept(transports);
            }
            Transport transport = transports == null ? gated(TransportFactory.installed().create(own, registry))
                    : transports.view(groupIndex);
            List<String> memberIds = members.stream().map(PeerAddress::id).toList();
            if (threads != null) {
                if (threads[0] == null) {
                    threads[0] = new SharedClientThreads(clientId);
                }
                return new RaftwireClient(clientId, serviceType, group, groupIndex, memberIds, transport, codec,
                        threads[0].timer(), threads[0].events(), () -> { }, operationTimeout, sessionTimeout,
                        consistency);
            }
            ExecutorService eventThread = Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "raftwire-client-events-" + clientId);
                t.setDaemon(true);
                return t;
            });
            return new RaftwireClient(clientId, serviceType, group, groupIndex, memberIds, transport, codec,
                    new ExecutorClientTimer(clientId), eventThread, eventThread::shutdownNow, operationTimeout,
                    sessionTimeout, consistency);
        }
    }

    /**
     * A client's transport connects to members whose application types differ from its own (docs/upgrades.md, step
     * 5): its gate refuses only a member whose raftwire types differ ({@link LevelRules#memberRefusal}). A transport
     * that exchanges no schemas keeps refusing every difference.
     */
    static Transport gated(Transport transport) {
        try {
            transport.schemaGate(LevelRules::memberRefusal);
        } catch (UnsupportedOperationException e) {
            // it exchanges no schemas, so it refuses every difference, as before schemas were exchanged
        }
        return transport;
    }

}
