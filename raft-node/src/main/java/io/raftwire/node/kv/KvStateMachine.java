package io.raftwire.node.kv;

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
import io.raftwire.message.request.PublishRequest;
import io.raftwire.node.level.LevelAware;
import io.raftwire.node.level.LevelState;
import io.raftwire.node.session.CachedResult;
import io.raftwire.node.session.EventDelivery;
import io.raftwire.node.session.SessionEventChunk;
import io.raftwire.node.session.SessionEventSource;
import io.raftwire.node.session.SessionEvents;
import io.raftwire.node.session.OperationOutcome;
import io.raftwire.node.session.SessionRecord;
import io.raftwire.node.session.SessionSnapshotChunk;
import io.raftwire.node.session.SessionTable;
import io.raftwire.serializer.SerializationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * The replicated key-value store with client sessions, as a MicroRaft {@link StateMachine} whose operations are the
 * catalog's log entries and whose results are the catalog's responses.
 *
 * <p><b>Operations</b> ({@link #runOperation}), by entry type; every logged entry first moves the session clock to its
 * timestamp and closes the sessions that expired (see {@link SessionTable}):
 * <table>
 *   <caption>What runOperation returns</caption>
 *   <tr><th>operation</th><th>how the node runs it</th><th>returns</th></tr>
 *   <tr><td>{@code InitializeEntry}</td><td>new-term operation ({@link #getNewTermOperation})</td>
 *       <td>{@code null}</td></tr>
 *   <tr><td>{@code OpenSessionEntry}</td><td>replicate</td><td>{@code OpenSessionResponse}: session id = the
 *       entry's log index, timeout = its {@code maxTimeout}; ERROR {@code UNKNOWN_SERVICE} if the service type is not
 *       {@value #SERVICE_TYPE}, {@code PROTOCOL_ERROR} if {@code maxTimeout} is 0</td></tr>
 *   <tr><td>{@code KeepAliveEntry}</td><td>replicate</td><td>{@code KeepAliveResponse} listing the entry's sessions
 *       still open; leader {@code null} and members empty, for the node to fill in</td></tr>
 *   <tr><td>{@code CommandEntry}</td><td>replicate</td><td>{@code CommandResponse} with a {@link KvResult} in its
 *       result bytes, exactly once per (session, sequence): see {@link SessionTable#command}; ERROR
 *       {@code COMMAND_FAILURE} for an operation that does not decode or is not a KV operation (KvPut, KvDelete,
 *       KvCompareAndSet, KvWatch, KvUnwatch, or a KvGet, which as a command is a read through the log)</td></tr>
 *   <tr><td>{@code QueryEntry}</td><td>query, never logged</td><td>{@code QueryResponse} with a {@link KvResult};
 *       ERROR {@code QUERY_FAILURE} unless the operation is a {@link KvGet}; {@code UNAVAILABLE} (retriable) for one
 *       written at a feature level this member has not recorded yet; {@code UNKNOWN_SESSION}</td></tr>
 *   <tr><td>{@code CloseSessionEntry}</td><td>replicate</td><td>{@code CloseSessionResponse}; ERROR
 *       {@code UNKNOWN_SESSION}</td></tr>
 *   <tr><td>{@code MetadataEntry}</td><td>replicate or query (it changes nothing)</td><td>{@code MetadataResponse}
 *       listing the open sessions by ascending id</td></tr>
 * </table>
 * Any other operation is refused with an {@link IllegalArgumentException}, before anything changes.
 *
 * <p><b>Operation encodings.</b> The state machine holds one {@link OperationCodec} per serializer and decodes each
 * operation with the codec its id names, answering in the same encoding. Every member must hold codecs for the same
 * serializers: the set is part of the state machine's definition, like its code.
 *
 * <p><b>Events.</b> {@link KvWatch} and {@link KvUnwatch} commands set a session's watches; every put, successful
 * compare-and-set and delete of a present key then publishes one {@link KvEvent} to each watching session, encoded
 * with the codec its watch came with, through {@link SessionTable#publish}. The batches ready to push are collected by
 * {@link #drainDeliveries} after each operation. A session's watches end with it.
 *
 * <p><b>Snapshots</b> are a {@link KvSnapshotHeader}, then {@link SessionSnapshotChunk}s (sessions, then cached
 * results), then {@link KvSnapshotChunk}s (keys ascending), then {@link SessionEventChunk}s (event state of the
 * sessions that had events) and {@link KvWatchChunk}s (watches), each at most {@link #MAX_CHUNK_BYTES} estimated bytes.
 * The header counts sessions, results and keys only: the event and watch chunks are checked by their cross-references
 * to the sessions (a snapshot written before events existed has neither and installs with none).
 * Two state machines that applied the same entries emit equal chunk lists.
 *
 * <p><b>Threading.</b> Not thread-safe: MicroRaft calls every method on the node's Raft thread, and the view methods
 * ({@link #digest}, {@link #entry}, ...) must be called there too (for example through an
 * {@code EVENTUAL_CONSISTENCY} query, or after the node has terminated).
 */
public final class KvStateMachine implements StateMachine, SessionEventSource, LevelAware {

    /** The service type a session must name to be opened. */
    public static final String SERVICE_TYPE = "kv";

    /**
     * Largest snapshot chunk, in estimated bytes: 1 MiB. The estimate is the items' UTF-8 strings and byte arrays plus
     * a fixed allowance of 64 bytes per item (key, session or cached result), the same on every member whatever the
     * serializer. One item never exceeds it (a key is at most {@value KvLimits#MAX_VALUE_BYTES} bytes of value plus
     * its key), and the real encoding of a chunk stays within twice the estimate with every shipped serializer, so the
     * transport's {@code raftwire.transport.max-frame-bytes} must be at least 2 MiB plus the frame overhead for
     * snapshots to travel; the default, 16 MiB, is enough.
     */
    public static final int MAX_CHUNK_BYTES = 1 << 20;

    private static final Logger LOG = LoggerFactory.getLogger(KvStateMachine.class);
    private static final int MAX_MESSAGE_CHARS = 512;

    private final OperationCodecs codecs;
    private final LongSupplier clock;
    private KvStore store = new KvStore();
    private SessionTable sessions = new SessionTable();
    private KvWatches watches = new KvWatches();
    private long lastApplied;

    /**
     * @param codecs one codec per serializer clients may encode operations with; at least one, names unique
     * @param clock  the leader's wall clock, in milliseconds since the epoch; read only by
     *               {@link #getNewTermOperation} (injectable for tests)
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if there is no codec or two share a serializer name
     */
    public KvStateMachine(Collection<OperationCodec> codecs, LongSupplier clock) {
        this.codecs = new OperationCodecs(codecs);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** A state machine with one codec and the system clock. */
    public KvStateMachine(OperationCodec codec) {
        this(List.of(codec), System::currentTimeMillis);
    }

    /**
     * Makes its codecs read the group's feature levels (see {@link OperationCodec}); the group calls it once, before
     * the first operation. The KV types are raftwire's own, equal at every level, so only the level tags of
     * operations, results and events change.
     *
     * @throws IllegalStateException if levels were attached already
     */
    @Override
    public void attachLevels(LevelState levels) {
        codecs.attachLevels(levels);
    }

    /**
     * Applies a committed entry, or runs a query; see the class comment for what each entry returns.
     *
     * @param commitIndex the entry's log index, or for a query the current commit index
     * @param operation   a catalog log entry
     * @return the catalog response; {@code null} for an {@code InitializeEntry}
     * @throws IllegalArgumentException if the operation is not one of the entries listed
     * @throws IllegalStateException    if a logged entry's index is not above the last applied one
     */
    @Override
    public Object runOperation(long commitIndex, Object operation) {
        if (operation instanceof QueryEntry q) {
            return sessions.query(commitIndex, q, op -> run(commitIndex, q.session(), op, true));
        }
        if (operation instanceof MetadataEntry m) {
            return sessions.metadata(m);
        }
        TimestampedEntry logged = SessionTable.requireLoggedEntry(commitIndex, operation, lastApplied);
        lastApplied = commitIndex;
        sessions.advance(logged.timestamp());
        if (operation instanceof OpenSessionEntry o) {
            if (!SERVICE_TYPE.equals(o.serviceType())) {
                return new OpenSessionResponse(Status.ERROR, new RaftError(RaftError.Type.UNKNOWN_SERVICE,
                        "service type " + KvLimits.quote(o.serviceType()) + " (expected: '" + SERVICE_TYPE + "')",
                        null), 0, 0);
            }
            return sessions.open(commitIndex, o);
        }
        Object response = null; // InitializeEntry: its timestamp has moved the clock; nothing else to do
        if (operation instanceof KeepAliveEntry k) {
            response = sessions.keepAlive(k);
        } else if (operation instanceof CommandEntry c) {
            response = sessions.command(commitIndex, c, op -> run(commitIndex, c.session(), op, false));
        } else if (operation instanceof CloseSessionEntry c) {
            response = sessions.close(c);
        }
        watches.retainSessions(sessions::isOpen);
        return response;
    }

    /** {@inheritDoc} The batches of the {@link KvEvent}s that writes to watched keys published. Raft thread only. */
    @Override
    public List<EventDelivery> drainDeliveries() {
        return sessions.drainDeliveries();
    }

    /** {@inheritDoc} Raft thread only. */
    @Override
    public long[] drainClosedSessions() {
        return sessions.drainClosed();
    }

    /**
     * Emits the snapshot chunks described in the class comment.
     *
     * @param commitIndex the index the snapshot is taken at
     * @param consumer    receives the chunks, in order
     */
    @Override
    public void takeSnapshot(long commitIndex, Consumer<Object> consumer) {
        List<SessionRecord> records = sessions.records();
        List<CachedResult> results = sessions.cachedResults();
        List<KvEntry> entries = store.entries();
        consumer.accept(new KvSnapshotHeader(KvSnapshotHeader.FORMAT, commitIndex, sessions.clock(), records.size(),
                results.size(), entries.size()));
        SnapshotChunker.chunk(records, SessionRecord::estimatedSnapshotBytes, MAX_CHUNK_BYTES,
                r -> new SessionSnapshotChunk(r, List.of()), consumer);
        SnapshotChunker.chunk(results, CachedResult::estimatedSnapshotBytes, MAX_CHUNK_BYTES,
                r -> new SessionSnapshotChunk(List.of(), r), consumer);
        SnapshotChunker.chunk(entries, KvStateMachine::estimate, MAX_CHUNK_BYTES, KvSnapshotChunk::new, consumer);
        SnapshotChunker.chunk(sessions.eventRecords(), KvStateMachine::estimate, MAX_CHUNK_BYTES,
                SessionEventChunk::new, consumer);
        SnapshotChunker.chunk(watches.records(), KvStateMachine::estimate, MAX_CHUNK_BYTES, KvWatchChunk::new,
                consumer);
    }

    /**
     * Replaces the whole state with a snapshot's. The chunks are checked completely before anything changes: on a
     * refusal the state is what it was.
     *
     * @param commitIndex the snapshot's index; later entries continue from it
     * @param chunks      the chunks {@link #takeSnapshot} emitted at that index, in order
     * @throws IllegalArgumentException naming the first problem: no header first, another format or index, a chunk
     *                                  of a foreign type, counts that do not add up, an ordering broken
     */
    @Override
    public void installSnapshot(long commitIndex, List<Object> chunks) {
        if (chunks.isEmpty() || !(chunks.get(0) instanceof KvSnapshotHeader header)) {
            throw new IllegalArgumentException("snapshot at index " + commitIndex + " starts with "
                    + (chunks.isEmpty() ? "nothing" : describe(chunks.get(0))) + " (expected: a KvSnapshotHeader)");
        }
        if (header.format() != KvSnapshotHeader.FORMAT || header.index() != commitIndex) {
            throw new IllegalArgumentException("snapshot header has format " + header.format() + " and index "
                    + header.index() + " (expected: format " + KvSnapshotHeader.FORMAT + " and index " + commitIndex
                    + ")");
        }
        List<SessionRecord> records = new ArrayList<>();
        List<CachedResult> results = new ArrayList<>();
        List<KvEntry> entries = new ArrayList<>();
        List<SessionEvents> events = new ArrayList<>();
        List<KvWatchRecord> watchRecords = new ArrayList<>();
        for (int i = 1; i < chunks.size(); i++) {
            Object chunk = chunks.get(i);
            if (chunk instanceof SessionSnapshotChunk s) {
                records.addAll(s.sessions());
                results.addAll(s.results());
            } else if (chunk instanceof KvSnapshotChunk k) {
                entries.addAll(k.entries());
            } else if (chunk instanceof SessionEventChunk e) {
                events.addAll(e.sessions());
            } else if (chunk instanceof KvWatchChunk w) {
                watchRecords.addAll(w.watches());
            } else {
                throw new IllegalArgumentException("snapshot chunk " + i + " is " + describe(chunk)
                        + " (expected: a SessionSnapshotChunk, KvSnapshotChunk, SessionEventChunk or KvWatchChunk)");
            }
        }
        if (records.size() != header.sessionCount() || results.size() != header.resultCount()
                || entries.size() != header.keyCount()) {
            throw new IllegalArgumentException("snapshot at index " + commitIndex + " holds " + records.size()
                    + " sessions, " + results.size() + " results and " + entries.size() + " keys (expected: "
                    + header.sessionCount() + ", " + header.resultCount() + " and " + header.keyCount()
                    + ", as its header says)");
        }
        SessionTable restoredSessions = SessionTable.restore(header.clock(), records, results, events);
        KvStore restoredStore = KvStore.restore(entries);
        KvWatches restoredWatches = KvWatches.restore(watchRecords, restoredSessions::isOpen);
        sessions = restoredSessions;
        store = restoredStore;
        watches = restoredWatches;
        lastApplied = commitIndex;
        LOG.debug("installed snapshot at index {}: {} sessions, {} results, {} keys in {} chunks", commitIndex,
                records.size(), results.size(), entries.size(), chunks.size());
    }

    /**
     * An {@code InitializeEntry} of term 0 (the state machine does not know the term; the entry's own log position
     * carries it) stamped with the injected clock.
     */
    @Override
    public Object getNewTermOperation() {
        return new InitializeEntry(0, Math.max(0, clock.getAsLong()));
    }

    /**
     * A 64-bit digest of the replicated state (session clock, sessions, cached results, keys with values and
     * versions), independent of any serializer: equal on two members iff their states are equal. Raft thread only.
     */
    public long digest() {
        StateDigest d = new StateDigest().number(sessions.clock());
        sessions.records().forEach(d::session);
        sessions.cachedResults().forEach(d::result);
        store.entries().forEach(d::entry);
        sessions.eventRecords().forEach(d::events);
        watches.records().forEach(d::watch);
        return d.value();
    }

    /** The entry of a key (value and version), or {@code null} if absent. Raft thread only. */
    public KvEntry entry(String key) {
        return store.entry(key);
    }

    /**
     * The event state of every session that has had events (event index, acknowledged index, unacknowledged
     * batches), in ascending session order: equal on every member that applied the same entries. Raft thread only.
     */
    public List<SessionEvents> eventState() {
        return sessions.eventRecords();
    }

    /** Every session's watches, in ascending (session, key, prefix) order. Raft thread only. */
    public List<KvWatchRecord> watches() {
        return watches.records();
    }

    /** The number of keys. Raft thread only. */
    public int keyCount() {
        return store.size();
    }

    /** The number of open sessions. Raft thread only. */
    public int sessionCount() {
        return sessions.size();
    }

    /** Whether a session is open. Raft thread only. */
    public boolean isSessionOpen(long session) {
        return sessions.isOpen(session);
    }

    /** The session clock: the newest leader timestamp applied, in milliseconds since the epoch. Raft thread only. */
    public long clock() {
        return sessions.clock();
    }

    /** The index of the last logged entry applied or snapshot installed; 0 at first. Raft thread only. */
    public long lastAppliedIndex() {
        return lastApplied;
    }

    private OperationOutcome run(long index, long session, PrimitiveOperation operation, boolean query) {
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
        KvResult result;
        if (op instanceof KvGet g) {
            result = store.get(g.key());
        } else if (query) {
            return OperationOutcome.failure(failure, op.getClass().getSimpleName()
                    + " changes state (expected: a query, KvGet; send it as a command)");
        } else if (op instanceof KvPut p) {
            result = store.put(p.key(), p.value(), index);
            publish(index, new KvEvent(p.key(), p.value(), index, false));
        } else if (op instanceof KvDelete d) {
            result = store.delete(d.key());
            if (result.success()) {
                publish(index, new KvEvent(d.key(), new byte[0], index, true));
            }
        } else if (op instanceof KvCompareAndSet c) {
            result = store.compareAndSet(c.key(), c.expectedVersion(), c.value(), index);
            if (result.success()) {
                publish(index, new KvEvent(c.key(), c.value(), index, false));
            }
        } else if (op instanceof KvWatch w) {
            try {
                result = new KvResult(watches.add(session, w, codec.serializerName()), null, 0);
            } catch (IllegalStateException full) {
                return OperationOutcome.failure(failure, full.getMessage());
            }
        } else if (op instanceof KvUnwatch u) {
            result = new KvResult(watches.remove(session, u), null, 0);
        } else {
            return OperationOutcome.failure(failure, op.getClass().getSimpleName() + " is not a KV operation"
                    + " (expected: KvPut, KvGet, KvDelete, KvCompareAndSet, KvWatch or KvUnwatch)");
        }
        return OperationOutcome.success(codec.encodeResult(result, operation));
    }

    /** Publishes {@code event} to every session watching its key, encoded as each watch asked. */
    private void publish(long index, KvEvent event) {
        for (Map.Entry<Long, String> w : watches.watchers(event.key()).entrySet()) {
            sessions.publish(index, w.getKey(), codecs.forSerializer(w.getValue()).event(event));
        }
    }

    private static String shorten(String message) {
        String m = String.valueOf(message);
        return m.length() <= MAX_MESSAGE_CHARS ? m : m.substring(0, MAX_MESSAGE_CHARS) + "...";
    }

    private static String describe(Object chunk) {
        return chunk == null ? "null" : chunk.getClass().getName();
    }

    private static int estimate(SessionEvents e) {
        int bytes = 64;
        for (PublishRequest p : e.pending()) {
            bytes += 64;
            for (var event : p.events()) {
                bytes += 64 + event.value().length + KvLimits.utf8Length(event.type().id());
            }
        }
        return bytes;
    }

    private static int estimate(KvWatchRecord w) {
        return 64 + KvLimits.utf8Length(w.key()) + KvLimits.utf8Length(w.serializer());
    }

    private static int estimate(KvEntry e) {
        return 64 + KvLimits.utf8Length(e.key()) + e.valueNoCopy().length;
    }
}
