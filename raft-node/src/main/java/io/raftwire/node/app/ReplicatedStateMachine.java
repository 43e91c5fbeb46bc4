package io.raftwire.node.app;

import io.microraft.statemachine.StateMachine;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.log.TimestampedEntry;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.kv.KvSnapshotHeader;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.kv.OperationCodecs;
import io.raftwire.node.kv.SnapshotChunker;
import io.raftwire.node.level.LevelAware;
import io.raftwire.node.level.LevelState;
import io.raftwire.node.session.CachedResult;
import io.raftwire.node.session.EventDelivery;
import io.raftwire.node.session.OperationOutcome;
import io.raftwire.node.session.SessionEventSource;
import io.raftwire.node.session.SessionRecord;
import io.raftwire.node.session.SessionSnapshotChunk;
import io.raftwire.node.session.SessionTable;
import io.raftwire.serializer.SerializationException;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The base of an application's own replicated state machine: the application writes only its logic, and this class
 * does what every state machine with client sessions must do, the way the shipped key-value store does it.
 *
 * <p><b>What you write.</b> Extend it with your command type {@code C} and result type {@code R} (records registered
 * in the cluster's {@code TypeRegistry}, ids 1024..32767) and implement:
 * <ul>
 *   <li>{@link #apply} &mdash; runs one command, changing your state;</li>
 *   <li>{@link #query} (optional) &mdash; answers a read without changing anything; by default queries are
 *       refused;</li>
 *   <li>{@link #snapshot} and {@link #restore} &mdash; your state as one value of a registered type, and back.</li>
 * </ul>
 * All four run on the node's Raft thread, one at a time, and must be deterministic: every member runs the same
 * commands in the same order and must reach the same state and the same results (no local clock, no randomness, no
 * iteration over unordered collections that changes the result).
 *
 * <p><b>What this class does.</b> It implements MicroRaft's {@link StateMachine} over the catalog's log entries:
 * it owns the {@link SessionTable} and handles every session entry (open, keep-alive, close, metadata, and the
 * expiry of sessions by the leader timestamps the entries carry); it applies each command exactly once per (session,
 * sequence), answering a retry with the cached result; it decodes commands and encodes results with the
 * {@link OperationCodec} of the serializer the client used; and it takes and installs snapshots of the sessions and
 * your state together.
 *
 * <p><b>Refusals</b> become an ERROR response to the client, never an exception on the Raft thread: an operation
 * that does not decode, or that is not a {@code C} ({@code COMMAND_FAILURE}/{@code QUERY_FAILURE}, naming the type
 * expected), and an {@link #apply} or {@link #query} that throws a {@link RuntimeException} (the same error type,
 * naming the exception). The result of a failed command is cached like any other, so a retry gets the same error. A
 * command that throws must leave your state as it found it: what it changed before throwing stays changed. A query
 * written at a feature level this member has not recorded yet is refused with the retriable {@code UNAVAILABLE}
 * (naming the level), so the client sends it again until this member has applied that level.
 *
 * <p><b>Snapshots</b> are a {@link KvSnapshotHeader} (format {@value KvSnapshotHeader#FORMAT}, no keys), then
 * {@link SessionSnapshotChunk}s of at most {@value #MAX_CHUNK_BYTES} estimated bytes each (sessions, then cached
 * results), then one chunk: the value {@link #snapshot} returned. While the group has recorded no feature level that
 * chunk is the value itself, as in raftwire 0.1.0; once it has, it is the value's bytes nested in a
 * {@link PrimitiveOperation} whose id names its type, serializer and the level it was written at
 * ({@code <type id>@<serializer>/<level>}, as an operation's), so that a member of another build reads it with that
 * level's schema. Installing accepts both forms. The chunk must fit in one transport frame
 * ({@code raftwire.transport.max-frame-bytes}, 16 MiB by default).
 *
 * <p><b>Feature levels</b> (docs/upgrades.md). During a rolling upgrade members of two builds, with two versions of
 * your types, apply the same log. Commands, results and your snapshot value are written at the group's feature level
 * and read by each member into its own classes. {@link #featureLevel()} is the group's level and
 * {@link #onFeatureLevel} tells you when it rises: use a command or field your new build added only once the level
 * whose schema has it is recorded (a client's encoder refuses it before).
 *
 * <p><b>Service type.</b> A client names the service type its session is for ({@code RaftwireClient.Builder
 * #serviceType}); built with {@link #ReplicatedStateMachine(Class, Collection)} any is accepted, built with a service
 * type, a session for another is refused with {@code UNKNOWN_SERVICE}.
 *
 * <p><b>Threading.</b> Not thread-safe: MicroRaft calls every method on the node's Raft thread.
 *
 * @param <C> the type of the commands (and queries) this state machine accepts
 * @param <R> the type of its results
 */
public abstract class ReplicatedStateMachine<C, R> implements StateMachine, SessionEventSource, LevelAware {

    /** Largest session snapshot chunk, in estimated bytes: 1 MiB, as the key-value store's. */
    public static final int MAX_CHUNK_BYTES = 1 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(ReplicatedStateMachine.class);
    private static final int MAX_MESSAGE_CHARS = 512;

    private final Class<C> commandType;
    private final String serviceType;
    private final OperationCodecs codecs;
    private final LongSupplier clock;
    private SessionTable sessions = new SessionTable();
    private long lastApplied;
    private volatile LevelState levels; // null: none attached

    /**
     * A state machine that accepts sessions of any service type and stamps new terms with the system clock.
     *
     * @param commandType the class of the commands; an operation of another type is refused
     * @param codecs      one codec per serializer clients may encode operations with (every installed one:
     *                    {@code KvNodes.codecs(config, registry)}); at least one, names unique
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if there is no codec or two share a serializer name
     */
    protected ReplicatedStateMachine(Class<C> commandType, Collection<OperationCodec> codecs) {
        this(commandType, null, codecs, System::currentTimeMillis);
    }

    /**
     * @param commandType the class of the commands; an operation of another type is refused
     * @param serviceType the service type a session must name to be opened; {@code null} accepts any
     * @param codecs      one codec per serializer clients may encode operations with; at least one, names unique
     * @param clock       the leader's wall clock, in milliseconds since the epoch; read only by
     *                    {@link #getNewTermOperation} (injectable for tests)
     * @throws NullPointerException     if {@code commandType}, {@code codecs} or {@code clock} is null
     * @throws IllegalArgumentException if there is no codec, two share a serializer name, or the service type is empty
     */
    protected ReplicatedStateMachine(Class<C> commandType, String serviceType, Collection<OperationCodec> codecs,
            LongSupplier clock) {
        this.commandType = Objects.requireNonNull(commandType, "commandType");
        if (serviceType != null && serviceType.isEmpty()) {
            throw new IllegalArgumentException("serviceType is empty (expected: a name, or null to accept any)");
        }
        this.serviceType = serviceType;
        this.codecs = new OperationCodecs(codecs);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Runs one command: changes the state and says what came of it. Called once per command, on the Raft thread.
     *
     * @param command the command, decoded
     * @return the result, a value of a registered type; never {@code null}
     */
    protected abstract R apply(C command);

    /**
     * Answers a read without changing anything. By default queries are refused: override it to take them.
     *
     * @param query the query, decoded
     * @return the result, a value of a registered type; never {@code null}
     * @throws UnsupportedOperationException by default
     */
    protected R query(C query) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " takes no queries (expected:"
                + " override query(...) to answer them, or send the operation as a command)");
    }

    /**
     * Your whole state, as one value of a registered type; must not share mutable parts with the live state.
     *
     * @return the state; never {@code null}
     */
    protected abstract Object snapshot();

    /**
     * Replaces your whole state with a snapshot's.
     *
     * @param snapshot a value {@link #snapshot} returned, possibly on another member
     * @throws IllegalArgumentException if it is not a snapshot of this state machine (nothing may have changed then)
     */
    protected abstract void restore(Object snapshot);

    /**
     * The group's current feature level: 0 while it has recorded none (or no levels are attached, as in a test of the
     * state machine alone). Thread-safe (a volatile read); on the Raft thread it is the level as of the entry being
     * applied.
     */
    public final int featureLevel() {
        LevelState l = levels;
        return l == null ? 0 : l.get().currentLevel();
    }

    /**
     * Called when the group's feature level rises, on the Raft thread between two entries, after
     * {@link #featureLevel()} returns the new level: the point from which every member can read what that level's
     * schema holds. A member starts at no level every time and applies its snapshot and log again, so a restarted
     * member is called again for each level as it replays the entry that recorded it; when a snapshot raises the
     * level by several, called once with the highest. Does nothing by default; must not block, and must
     * change no replicated state (a member that installs a snapshot is not called for the levels it skipped). A
     * {@link RuntimeException} it throws is logged and dropped.
     *
     * @param level the new level, at least 1
     */
    protected void onFeatureLevel(int level) {
    }

    /**
     * Makes this state machine and its codecs read the group's feature levels; the group calls it once, before the
     * first entry. Not for the application to call.
     *
     * @throws IllegalStateException if levels were attached already
     */
    @Override
    public final void attachLevels(LevelState levels) {
        codecs.attachLevels(levels);
        this.levels = levels;
        levels.onAdvance(l -> risen(l.currentLevel()));
    }

    /**
     * Applies a committed entry, or runs a query.
     *
     * @param commitIndex the entry's log index, or for a query the current commit index
     * @param operation   a catalog log entry
     * @return the catalog response; {@code null} for an {@code InitializeEntry}
     * @throws IllegalArgumentException if the operation is not a catalog session entry
     * @throws IllegalStateException    if a logged entry's index is not above the last applied one
     */
    @Override
    public final Object runOperation(long commitIndex, Object operation) {
        if (operation instanceof QueryEntry q) {
            return sessions.query(commitIndex, q, op -> run(op, true));
        }
        if (operation instanceof MetadataEntry m) {
            return sessions.metadata(m);
        }
        TimestampedEntry logged = SessionTable.requireLoggedEntry(commitIndex, operation, lastApplied);
        lastApplied = commitIndex;
        sessions.advance(logged.timestamp());
        if (operation instanceof OpenSessionEntry o) {
            if (serviceType != null && !serviceType.equals(o.serviceType())) {
                return new OpenSessionResponse(Status.ERROR, new RaftError(RaftError.Type.UNKNOWN_SERVICE,
                        "service type '" + shorten(o.serviceType()) + "' (expected: '" + serviceType + "')", null),
                        0, 0);
            }
            return sessions.open(commitIndex, o);
        }
        if (operation instanceof KeepAliveEntry k) {
            return sessions.keepAlive(k);
        }
        if (operation instanceof CommandEntry c) {
            return sessions.command(commitIndex, c, op -> run(op, false));
        }
        if (operation instanceof CloseSessionEntry c) {
            return sessions.close(c);
        }
        return null; // InitializeEntry: its timestamp has moved the clock; nothing else to do
    }

    /** {@inheritDoc} Always empty: this state machine publishes no events. Raft thread only. */
    @Override
    public final List<EventDelivery> drainDeliveries() {
        return sessions.drainDeliveries();
    }

    /** {@inheritDoc} Raft thread only. */
    @Override
    public final long[] drainClosedSessions() {
        return sessions.drainClosed();
    }

    /**
     * Emits the chunks described in the class comment.
     *
     * @param commitIndex the index the snapshot is taken at
     * @param consumer    receives the chunks, in order
     * @throws NullPointerException   if {@link #snapshot} returned null
     * @throws SerializationException if a level is recorded and the state cannot be written at it
     */
    @Override
    public final void takeSnapshot(long commitIndex, Consumer<Object> consumer) {
        Object state = Objects.requireNonNull(snapshot(), () -> getClass().getSimpleName()
                + ".snapshot() returned null (expected: the state as a value of a registered type)");
        List<SessionRecord> records = sessions.records();
        List<CachedResult> results = sessions.cachedResults();
        consumer.accept(new KvSnapshotHeader(KvSnapshotHeader.FORMAT, commitIndex, sessions.clock(), records.size(),
                results.size(), 0));
        SnapshotChunker.chunk(records, SessionRecord::estimatedSnapshotBytes, MAX_CHUNK_BYTES,
                r -> new SessionSnapshotChunk(r, List.of()), consumer);
        SnapshotChunker.chunk(results, CachedResult::estimatedSnapshotBytes, MAX_CHUNK_BYTES,
                r -> new SessionSnapshotChunk(List.of(), r), consumer);
        consumer.accept(featureLevel() == 0 ? state : stateCodec().command(state));
    }

    /**
     * Replaces the sessions and your state with a snapshot's. The chunks are checked before anything changes; your
     * {@link #restore} runs last, after the sessions are rebuilt.
     *
     * @param commitIndex the snapshot's index; later entries continue from it
     * @param chunks      the chunks {@link #takeSnapshot} emitted at that index, in order
     * @throws IllegalArgumentException naming the first problem: no header first, another format or index, no state
     *                                  chunk last, a chunk of a foreign type, counts that do not add up, a nested
     *                                  state that does not decode
     */
    @Override
    public final void installSnapshot(long commitIndex, List<Object> chunks) {
        if (chunks.size() < 2 || !(chunks.get(0) instanceof KvSnapshotHeader header)) {
            throw new IllegalArgumentException("snapshot at index " + commitIndex + " of " + chunks.size()
                    + " chunks starts with " + (chunks.isEmpty() ? "nothing" : describe(chunks.get(0)))
                    + " (expected: a KvSnapshotHeader, session chunks, then the state)");
        }
        if (header.format() != KvSnapshotHeader.FORMAT || header.index() != commitIndex || header.keyCount() != 0) {
            throw new IllegalArgumentException("snapshot header has format " + header.format() + ", index "
                    + header.index() + " and " + header.keyCount() + " keys (expected: format "
                    + KvSnapshotHeader.FORMAT + ", index " + commitIndex + " and no keys)");
        }
        List<SessionRecord> records = new ArrayList<>();
        List<CachedResult> results = new ArrayList<>();
        for (int i = 1; i < chunks.size() - 1; i++) {
            if (!(chunks.get(i) instanceof SessionSnapshotChunk s)) {
                throw new IllegalArgumentException("snapshot chunk " + i + " is " + describe(chunks.get(i))
                        + " (expected: a SessionSnapshotChunk; only the last chunk is the state)");
            }
            records.addAll(s.sessions());
            results.addAll(s.results());
        }
        if (records.size() != header.sessionCount() || results.size() != header.resultCount()) {
            throw new IllegalArgumentException("snapshot at index " + commitIndex + " holds " + records.size()
                    + " sessions and " + results.size() + " results (expected: " + header.sessionCount() + " and "
                    + header.resultCount() + ", as its header says)");
        }
        Object state = state(commitIndex, chunks.get(chunks.size() - 1));
        SessionTable restored = SessionTable.restore(header.clock(), records, results);
        restore(state);
        sessions = restored;
        lastApplied = commitIndex;
        LOG.debug("installed snapshot at index {}: {} sessions, {} results", commitIndex, records.size(),
                results.size());
    }

    /**
     * An {@code InitializeEntry} of term 0 (the entry's own log position carries the term) stamped with the clock.
     */
    @Override
    public final Object getNewTermOperation() {
        return new InitializeEntry(0, Math.max(0, clock.getAsLong()));
    }

    /** The number of open sessions. Raft thread only. */
    public final int sessionCount() {
        return sessions.size();
    }

    /** Whether a session is open. Raft thread only. */
    public final boolean isSessionOpen(long session) {
        return sessions.isOpen(session);
    }

    /** The session clock: the newest leader timestamp applied, in milliseconds since the epoch. Raft thread only. */
    public final long clock() {
        return sessions.clock();
    }

    private OperationOutcome run(PrimitiveOperation operation, boolean query) {
        RaftError.Type failure = query ? RaftError.Type.QUERY_FAILURE : RaftError.Type.COMMAND_FAILURE;
        OperationCodec codec = codecs.of(operation);
        if (codec == null) {
            return codecs.noCodec(operation, failure);
        }
        Object op;
        try {
            op = codec.decode(operation);
        } catch (SerializationException e) {
            return OperationOutcome.failure(codecs.decodeFailure(operation, failure), shorten(e.getMessage()));
        }
        if (!commandType.isInstance(op)) {
            return OperationOutcome.failure(failure, op.getClass().getName() + " is not an operation of "
                    + getClass().getSimpleName() + " (expected: " + commandType.getName() + ")");
        }
        C c = commandType.cast(op);
        R result;
        try {
            result = query ? query(c) : apply(c);
        } catch (RuntimeException e) {
            LOG.debug("{}.{} threw on {}", getClass().getSimpleName(), query ? "query" : "apply",
                    PeerText.escape(String.valueOf(c)), e);
            return OperationOutcome.failure(failure, shorten(getClass().getSimpleName() + "."
                    + (query ? "query" : "apply") + " threw " + e));
        }
        if (result == null) {
            return OperationOutcome.failure(failure, getClass().getSimpleName() + "." + (query ? "query" : "apply")
                    + " returned null (expected: a result of a registered type)");
        }
        try {
            return OperationOutcome.success(codec.encodeResult(result, operation));
        } catch (SerializationException e) {
            return OperationOutcome.failure(failure, shorten("cannot encode the result: " + e.getMessage()));
        }
    }

    /** The codec a snapshot's state is nested with: the first serializer's (every member holds the same ones). */
    private OperationCodec stateCodec() {
        return codecs.forSerializer(codecs.names().iterator().next());
    }

    /**
     * The state value of a snapshot's last chunk: nested bytes (a {@link PrimitiveOperation} whose id names one of
     * this state machine's serializers) decoded at their level, or the value itself (a snapshot taken at no level).
     */
    private Object state(long commitIndex, Object chunk) {
        if (!(chunk instanceof PrimitiveOperation nested)) {
            return chunk;
        }
        OperationCodec codec = codecs.of(nested);
        if (codec == null) {
            throw new IllegalArgumentException("snapshot at index " + commitIndex + ": its state is nested as '"
                    + PeerText.escape(nested.id().id()) + "', which names no serializer of this state machine"
                    + " (expected: <type id>@<one of " + codecs.names() + ">/<level>; every member must hold the"
                    + " same serializers)");
        }
        try {
            return codec.decode(nested);
        } catch (SerializationException e) {
            throw new IllegalArgumentException("snapshot at index " + commitIndex + ": cannot read its state: "
                    + shorten(e.getMessage()), e);
        }
    }

    private void risen(int level) {
        try {
            onFeatureLevel(level);
        } catch (RuntimeException e) {
            LOG.warn("{}.onFeatureLevel({}) threw; the level stays raised", getClass().getSimpleName(), level, e);
        }
    }

    private static String shorten(String message) {
        String m = String.valueOf(message);
        return m.length() <= MAX_MESSAGE_CHARS ? m : m.substring(0, MAX_MESSAGE_CHARS) + "...";
    }

    private static String describe(Object chunk) {
        return chunk == null ? "null" : chunk.getClass().getName();
    }
}
