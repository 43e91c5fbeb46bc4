package io.raftwire.node.client;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.request.JoinRequest;
import io.raftwire.message.request.LeaveRequest;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.request.TransferRequest;
import io.raftwire.message.response.JoinResponse;
import io.raftwire.message.response.LeaveResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.message.value.RaftMember;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.request.KeepAliveRequest;
import io.raftwire.message.request.OpenSessionRequest;
import io.raftwire.message.request.QueryRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.server.ClientAdmission;
import io.raftwire.node.session.SessionTable;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.SerializerConfig;
import io.raftwire.transport.TransportFactory;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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
 * keep-alives, at once after every {@value #ACK_EVENTS_EVERY} batches, and sends a keep-alive at once when it sees a
 * gap or a new leader, which makes the leader push the unacknowledged batches again.
 *
 * <p><b>Leader.</b> Any member answers a keep-alive with no sessions at once, naming the leader it knows; the client
 * uses that to find and follow the leader.
 *
 * <p><b>Threading.</b> Thread-safe; commands may be submitted from many threads and pipelined. Futures complete on a
 * transport I/O thread or the client's timer thread: dependent stages must not block.
 */
public final class RaftwireClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RaftwireClient.class);
    private static final Duration RETRY_PAUSE = Duration.ofMillis(50);
    /**
     * Completed commands after which the client sends a keep-alive at once rather than at its next period: the
     * keep-alive acknowledges the sequences whose cached results the state machine may drop, and the state machine
     * refuses new commands while 1,024 results are unacknowledged, so acknowledging only every session timeout / 3
     * would cap a pipelining client at about 1,024 commands per keep-alive period.
     */
    private static final int ACK_EVERY = 256;
    /**
     * Delivered event batches after which the client acknowledges them at once: far below the 1,024 unacknowledged
     * batches after which the cluster closes a session.
     */
    static final int ACK_EVENTS_EVERY = 64;

    private final String clientId;
    private final List<String> members;
    private final OperationCodec codec;
    private final Transport transport;
    private final ScheduledExecutorService timer;
    private final Duration operationTimeout;
    private final Duration sessionTimeout;
    private final ReadConsistency consistency;
    private final AtomicLong sequence = new AtomicLong();
    private final AtomicLong highestIndex = new AtomicLong();
    private final ConcurrentSkipListSet<Long> inFlight = new ConcurrentSkipListSet<>();
    private final AtomicLong unacknowledged = new AtomicLong();
    private final ExecutorService eventThread;
    private final Object eventLock = new Object();
    /** Which pushed batch comes next; guarded by {@link #eventLock}. */
    private final EventSequencer sequencer = new EventSequencer();
    private final AtomicLong eventsDelivered = new AtomicLong();
    private final AtomicLong deliveredSinceAck = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicBoolean resync = new AtomicBoolean();
    private final AtomicBoolean sessionLost = new AtomicBoolean();
    private volatile SessionEventListener listener;
    private volatile String servedBy;
    private volatile String leader;
    private volatile long session;
    private volatile ScheduledFuture<?> keepAlive;
    private int probe;

    private RaftwireClient(Builder b) {
        this.clientId = b.clientId;
        this.members = b.members.stream().map(PeerAddress::id).toList();
        this.operationTimeout = b.operationTimeout;
        this.sessionTimeout = b.sessionTimeout;
        this.consistency = b.consistency;
        Map<String, String> values = new LinkedHashMap<>(b.config.nonDefaults());
        values.put(ConfigKeys.NODE_ID.name(), clientId);
        values.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:0");
        values.remove(ConfigKeys.NODE_CLIENT_ADDRESS.name()); // a member's client listener, not the client's
        values.put(ConfigKeys.PEERS.name(), String.join(",", b.members.stream()
                .map(p -> p.id() + "=" + p.address()).toList()));
        values.remove(ConfigKeys.RAFT_INITIAL_MEMBERS.name());
        values.remove(ConfigKeys.NODE_DATA_DIR.name());
        values.remove(ConfigKeys.TRANSPORT_CAPTURE_FILE.name()); // a member's capture file is the member's own
        RaftwireConfig own = RaftwireConfig.of(values);
        this.codec = new OperationCodec(Serializers.create(own.get(ConfigKeys.SERIALIZER), b.registry,
                SerializerConfig.options(own)));
        this.transport = TransportFactory.installed().create(own, b.registry);
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "raftwire-client-" + clientId);
            t.setDaemon(true);
            return t;
        });
        this.eventThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "raftwire-client-events-" + clientId);
            t.setDaemon(true);
            return t;
        });
        this.transport.onMessage(PublishRequest.class, this::onPublish);
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
     * Starts the transport, finds the leader and opens a session; blocks until the session is open.
     *
     * @return this client
     * @throws ClientException if no session could be opened within the operation timeout
     */
    public RaftwireClient connect() {
        transport.start();
        OpenSessionRequest open = new OpenSessionRequest(new MemberId(clientId), "kv", "kv", new byte[0],
                consistency, sessionTimeout.toMillis(), sessionTimeout.toMillis());
        OpenSessionResponse r = call(open, OpenSessionResponse.class, OpenSessionResponse::error).join();
        this.session = r.session();
        long period = Math.max(50, sessionTimeout.toMillis() / 3);
        this.keepAlive = timer.scheduleWithFixedDelay(this::sendKeepAlive, period, period, TimeUnit.MILLISECONDS);
        LOG.debug("client {} opened session {} on leader {}", clientId, session, leader);
        return this;
    }

    /**
     * Sets who receives the session's events. Set it before the first command that makes the state machine publish
     * (for example a watch): a batch that arrives while no listener is set is delivered to none, and acknowledged.
     *
     * @return this client
     */
    public RaftwireClient eventListener(SessionEventListener listener) {
        this.listener = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /** The event index of the last batch delivered to the listener and returned from; 0 if none. */
    public long eventIndex() {
        return eventsDelivered.get();
    }

    /** Batches that arrived again (after a leader change or a keep-alive) and were dropped, not delivered twice. */
    public long duplicateEvents() {
        return duplicates.get();
    }

    /** This client's id (also its transport member id). */
    public String clientId() {
        return clientId;
    }

    /** Encodes operations and decodes results with the serializer this client sends with. */
    public OperationCodec operationCodec() {
        return codec;
    }

    /** The open session's id; 0 before {@link #connect()}. */
    public long sessionId() {
        return session;
    }

    /** The member this client believes leads, or {@code null}. */
    public String leader() {
        return leader;
    }

    /**
     * Submits a command. It is applied exactly once, even if the client has to re-send it to a new leader.
     *
     * @return completes with the committed response (status OK, or ERROR for an application-level refusal), or fails
     *         with {@link ClientException} if the cluster refused it for good or the deadline passed
     */
    public CompletableFuture<CommandResponse> command(PrimitiveOperation operation) {
        long seq = sequence.incrementAndGet();
        inFlight.add(seq);
        CommandRequest request = new CommandRequest(session, seq, operation);
        return call(request, CommandResponse.class, CommandResponse::error).whenComplete((r, e) -> {
            inFlight.remove(seq);
            if (r != null) {
                highestIndex.accumulateAndGet(r.index(), Math::max);
            }
            if (unacknowledged.incrementAndGet() >= ACK_EVERY && !timer.isShutdown()) {
                unacknowledged.set(0);
                try {
                    timer.execute(this::sendKeepAlive);
                } catch (java.util.concurrent.RejectedExecutionException closing) {
                    // the client is closing: nothing left to acknowledge
                }
            }
        });
    }

    /**
     * Runs a query with the session's read consistency. With {@link ReadConsistency#SEQUENTIAL} any member may answer,
     * but never with state older than what this client has already seen.
     */
    public CompletableFuture<QueryResponse> query(PrimitiveOperation operation) {
        QueryRequest request = new QueryRequest(session, sequence.get(), operation, highestIndex.get());
        return call(request, QueryResponse.class, QueryResponse::error).whenComplete((r, e) -> {
            if (r != null) {
                highestIndex.accumulateAndGet(r.index(), Math::max);
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
     * @return completes with the leader's answer (the members after the change, or its error)
     */
    public CompletableFuture<JoinResponse> join(String memberId, RaftMember.Type type) {
        return call(new JoinRequest(new RaftMember(new MemberId(memberId), type, 0)), JoinResponse.class,
                JoinResponse::error);
    }

    /**
     * Asks the leader to remove a member. The removed member is not told: with MicroRaft 0.7 the leader stops
     * replicating to it as soon as it appends the removal, so the removed process keeps running (as a follower that
     * hears no leader) until its operator stops it.
     */
    public CompletableFuture<LeaveResponse> leave(String memberId) {
        return call(new LeaveRequest(new RaftMember(new MemberId(memberId), RaftMember.Type.ACTIVE, 0)),
                LeaveResponse.class, LeaveResponse::error);
    }

    /** Asks the leader to hand leadership to {@code memberId}. */
    public CompletableFuture<TransferResponse> transferLeadership(String memberId) {
        return call(new TransferRequest(new MemberId(memberId)), TransferResponse.class, TransferResponse::error);
    }

    private void sendKeepAlive() {
        if (session == 0 || timer.isShutdown()) {
            return;
        }
        long acked = inFlight.isEmpty() ? sequence.get() : inFlight.first() - 1;
        long own = session;
        deliveredSinceAck.set(0);
        resync.set(false);
        KeepAliveRequest request = new KeepAliveRequest(new long[] {own}, new long[] {acked},
                new long[] {eventsDelivered.get()});
        call(request, KeepAliveResponse.class, KeepAliveResponse::error).whenComplete((r, e) -> {
            if (e != null) {
                LOG.debug("keep-alive of session {} failed: {}", own, e.toString());
            } else if (r.status() == RaftResponse.Status.OK && own == session
                    && Arrays.stream(r.sessionIds()).noneMatch(id -> id == own)) {
                lost(own);
            }
        });
    }

    /** Sends a keep-alive now, from the timer thread, unless the client is closing. */
    private void keepAliveNow() {
        if (!timer.isShutdown()) {
            try {
                timer.execute(this::sendKeepAlive);
            } catch (java.util.concurrent.RejectedExecutionException closing) {
                // the client is closing
            }
        }
    }

    private void lost(long own) {
        if (!sessionLost.compareAndSet(false, true)) {
            return;
        }
        String reason = "session " + own + " is not open on the cluster any more (expected: an open session; it"
                + " expired, was closed, or was closed by the cluster for leaving more than "
                + SessionTable.MAX_UNACKNOWLEDGED_EVENT_BATCHES + " event batches or "
                + SessionTable.MAX_UNACKNOWLEDGED_EVENT_BYTES + " bytes of events unacknowledged)";
        LOG.debug("client {}: {}", clientId, reason);
        SessionEventListener l = listener;
        if (l != null) {
            runOnEventThread(() -> l.onSessionClosed(own, reason));
        }
    }

    /**
     * A batch pushed by a member (transport I/O thread): delivered if it follows the last one accepted; dropped if it
     * repeats one; on a gap, dropped and a keep-alive sent so that the leader pushes the missed batches again.
     */
    private void onPublish(String from, PublishRequest batch) {
        long own = session;
        if (batch.session() != own || own == 0) {
            LOG.debug("client {} dropped event batch {} for session {} from {} (its session is {})", clientId,
                    batch.eventIndex(), batch.session(), from, own);
            return;
        }
        synchronized (eventLock) {
            switch (sequencer.offer(batch)) {
                case REPEAT -> duplicates.incrementAndGet();
                case GAP -> {
                    LOG.debug("client {} missed event batches between {} and {} (batch {} from {}); asking again",
                            clientId, sequencer.taken(), batch.previousIndex(), batch.eventIndex(), from);
                    if (resync.compareAndSet(false, true)) {
                        keepAliveNow();
                    }
                }
                case DELIVER -> runOnEventThread(() -> deliver(own, batch));
            }
        }
    }

    /** On the event thread: hands one batch to the listener, then counts it as deliverable to acknowledge. */
    private void deliver(long own, PublishRequest batch) {
        SessionEventListener l = listener;
        if (l != null) {
            try {
                l.onEvents(own, batch.eventIndex(), batch.events());
            } catch (RuntimeException e) {
                LOG.warn("the event listener of client {} failed on batch {} (the batch counts as delivered)",
                        clientId, batch.eventIndex(), e);
            }
        }
        eventsDelivered.set(batch.eventIndex());
        if (deliveredSinceAck.incrementAndGet() >= ACK_EVENTS_EVERY) {
            keepAliveNow();
        }
    }

    private void runOnEventThread(Runnable task) {
        try {
            eventThread.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the client is closing: nothing more is delivered
        }
    }

    /**
     * Sends {@code request} to the leader until it answers OK, an application-level ERROR, or a non-retriable error;
     * retries (same request, so the same sequence) on transport failures and retriable errors until the deadline.
     */
    private <R extends RaftResponse> CompletableFuture<R> call(Object request, Class<R> type,
            Function<R, RaftError> errorOf) {
        CompletableFuture<R> result = new CompletableFuture<>();
        attempt(request, type, errorOf, result, System.nanoTime() + operationTimeout.toNanos(), null);
        return result;
    }

    private <R extends RaftResponse> void attempt(Object request, Class<R> type, Function<R, RaftError> errorOf,
            CompletableFuture<R> result, long deadline, Object last) {
        if (System.nanoTime() - deadline > 0) {
            RaftError error = last instanceof RaftError e ? e : null;
            result.completeExceptionally(new ClientException(request.getClass().getSimpleName() + " did not succeed"
                    + " within " + operationTimeout.toMillis() + " ms; last failure: " + last, error,
                    last instanceof Throwable t ? t : null));
            return;
        }
        String target = leader;
        if (target == null) {
            findLeader().whenComplete((found, e) -> {
                Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null
                        ? e.getCause() : e;
                if (cause instanceof TransportException te && !te.reason().retriable()) {
                    result.completeExceptionally(new ClientException(request.getClass().getSimpleName()
                            + " cannot reach the cluster: " + te.getMessage(), null, te));
                    return;
                }
                retryLater(() -> attempt(request, type, errorOf, result, deadline,
                        cause != null ? cause : last == null ? "no leader known" : last), found != null);
            });
            return;
        }
        transport.request(target, request, type).whenComplete((r, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof java.util.concurrent.CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure;
                if (cause instanceof TransportException te && !te.reason().retriable()) {
                    result.completeExceptionally(new ClientException(request.getClass().getSimpleName() + " to "
                            + target + " failed: " + te.getMessage(), null, te));
                    return;
                }
                leader = null;
                retryLater(() -> attempt(request, type, errorOf, result, deadline, cause), false);
                return;
            }
            RaftError error = errorOf.apply(r);
            if (r.status() == RaftResponse.Status.OK || error == null) {
                servedBy(target);
                result.complete(r);
            } else if (error.type() == RaftError.Type.NO_LEADER) {
                leader = leaderHint(error);
                retryLater(() -> attempt(request, type, errorOf, result, deadline, error), leader != null);
            } else if (error.type().retriable()) {
                retryLater(() -> attempt(request, type, errorOf, result, deadline, error), false);
            } else {
                result.complete(r);
            }
        });
    }

    /**
     * Notes the member that answered; when it changed, sends a keep-alive at once so that the new leader pushes the
     * session's unacknowledged event batches without waiting for the next period.
     */
    private void servedBy(String member) {
        String before = servedBy;
        servedBy = member;
        if (before != null && !before.equals(member) && session != 0 && eventsDelivered.get() > 0) {
            keepAliveNow();
        }
    }

    private void retryLater(Runnable task, boolean now) {
        if (now) {
            task.run();
        } else if (!timer.isShutdown()) {
            timer.schedule(task, RETRY_PAUSE.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Asks members in turn who leads; completes with the leader's id, {@code null} if this one did not know, or the
     * transport's failure to reach it.
     */
    private CompletableFuture<String> findLeader() {
        String member;
        synchronized (this) {
            member = members.get(probe++ % members.size());
        }
        KeepAliveRequest probeRequest = new KeepAliveRequest(new long[0], new long[0], new long[0]);
        return transport.request(member, probeRequest, KeepAliveResponse.class).thenApply(r -> {
            if (r.leader() != null && members.contains(r.leader().id())) {
                leader = r.leader().id();
                return leader;
            }
            return null;
        });
    }

    private String leaderHint(RaftError error) {
        String message = error.message();
        if (message != null && message.startsWith("leader=")) {
            String id = message.substring("leader=".length());
            return members.contains(id) ? id : null;
        }
        return null;
    }

    /**
     * Stops keeping the session alive and closes the connection <em>without</em> closing the session, as a client
     * that crashed would: the cluster expires the session after its timeout. Idempotent.
     */
    public void disconnect() {
        ScheduledFuture<?> k = keepAlive;
        if (k != null) {
            k.cancel(false);
        }
        session = 0;
        timer.shutdownNow();
        eventThread.shutdownNow();
        transport.close();
    }

    /**
     * Closes the session (best effort, bounded by the operation timeout) and the transport. Idempotent. Must not be
     * called from a transport I/O thread.
     */
    @Override
    public void close() {
        ScheduledFuture<?> k = keepAlive;
        if (k != null) {
            k.cancel(false);
        }
        if (session != 0) {
            try {
                call(new CloseSessionRequest(session, false), CloseSessionResponse.class, CloseSessionResponse::error)
                        .get(operationTimeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                LOG.debug("closing session {}: {}", session, e.toString());
            }
            session = 0;
        }
        timer.shutdownNow();
        eventThread.shutdownNow();
        transport.close();
    }

    /** Collects a client's settings; not thread-safe. */
    public static final class Builder {
        private final RaftwireConfig config;
        private final TypeRegistry registry;
        private final List<PeerAddress> members;
        private String clientId = "client-" + HexFormat.of().formatHex(new SecureRandom().generateSeed(6));
        private Duration operationTimeout = Duration.ofSeconds(30);
        private Duration sessionTimeout = Duration.ofSeconds(10);
        private ReadConsistency consistency = ReadConsistency.LINEARIZABLE;

        private Builder(RaftwireConfig config, TypeRegistry registry, List<PeerAddress> members) {
            this.config = Objects.requireNonNull(config, "config");
            this.registry = Objects.requireNonNull(registry, "registry");
            this.members = List.copyOf(members);
            if (this.members.isEmpty()) {
                throw new IllegalArgumentException("no members (expected: at least one member's client address)");
            }
        }

        /** This client's id, unique among the cluster's clients; a random {@code client-<hex>} by default. */
        public Builder clientId(String id) {
            this.clientId = Objects.requireNonNull(id, "id");
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

        /** The read consistency of the session's queries; {@link ReadConsistency#LINEARIZABLE} by default. */
        public Builder readConsistency(ReadConsistency consistency) {
            this.consistency = Objects.requireNonNull(consistency, "consistency");
            return this;
        }

        /** Creates the client (nothing is connected until {@link RaftwireClient#connect()}). */
        public RaftwireClient build() {
            return new RaftwireClient(this);
        }
    }

}
