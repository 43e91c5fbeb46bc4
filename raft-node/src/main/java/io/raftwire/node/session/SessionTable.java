package io.raftwire.node.session;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.log.TimestampedEntry;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The replicated table of client sessions: opening, keeping alive, expiring and closing them, and applying each
 * session's commands exactly once.
 *
 * <p><b>Time.</b> The table never reads a local clock. Its clock is the newest leader timestamp of the logged entries
 * applied so far ({@link #advance}); it never goes back, so a new leader whose wall clock is behind cannot revive a
 * session. A session expires when its last activity plus its timeout is before that clock, and it is closed in the
 * {@link #advance} call that moves the clock past its deadline. Every member applies the same entries, so every
 * member closes the same sessions at the same log index.
 *
 * <p><b>Exactly once.</b> A command is applied at most once per (session, sequence): its response is cached until a
 * keep-alive acknowledges the sequence, and a retry gets the cached response. Sequences start at 1 and may arrive out
 * of order; an acknowledged sequence that arrives again is refused, since its result can no longer be given.
 *
 * <p><b>Events.</b> While applying an entry, the state machine may {@link #publish} events to sessions. The events one
 * entry publishes to one session form a batch whose <em>event index</em> is the entry's log index and whose previous
 * index is the session's previous batch's, so a client detects a missed batch, and every member numbers the same
 * batches alike. A batch is kept until a keep-alive acknowledges its event index; each applied keep-alive makes the
 * session's unacknowledged batches ready to push again ({@link #drainDeliveries}), which is how they reach a client
 * after a leader change or a lost push. A session that lets more than {@value #MAX_UNACKNOWLEDGED_EVENT_BATCHES}
 * batches or {@value #MAX_UNACKNOWLEDGED_EVENT_BYTES} estimated bytes go unacknowledged is closed, so that a client
 * that never acknowledges cannot make every member's memory grow without bound.
 *
 * <p><b>Queries</b> ({@link #query}) and metadata ({@link #metadata}) read the table and change nothing, so they may
 * run on any member outside the log.
 *
 * <p>Not thread-safe: use it from the Raft thread only.
 */
public final class SessionTable {

    /**
     * Most cached results one session may hold. A command beyond it is refused with {@link RaftError.Type#UNAVAILABLE}
     * (retriable, and not cached) until a keep-alive acknowledges earlier results.
     */
    public static final int MAX_UNACKNOWLEDGED_RESULTS = 1024;

    /**
     * Most unacknowledged event batches one session may hold; publishing one more closes the session (see the class
     * comment).
     */
    public static final int MAX_UNACKNOWLEDGED_EVENT_BATCHES = 1024;
    /**
     * Most estimated bytes of unacknowledged events one session may hold: 512 KiB, counting each event as its value's
     * length plus {@value #EVENT_BYTES} and each batch as {@value #BATCH_BYTES}; publishing beyond it closes the
     * session. It keeps one session's event state within one snapshot chunk.
     */
    public static final int MAX_UNACKNOWLEDGED_EVENT_BYTES = 512 * 1024;
    /** The estimated bytes of one batch, beside its events. */
    static final int BATCH_BYTES = 64;
    /** The estimated bytes of one event, beside its value. */
    static final int EVENT_BYTES = 64;

    private static final Logger LOG = LoggerFactory.getLogger(SessionTable.class);
    private static final byte[] NO_RESULT = new byte[0];
    private static final long[] NO_SESSIONS = new long[0];

    private final TreeMap<Long, ClientSession> sessions = new TreeMap<>();
    /** Sessions whose batches above the given event index are ready to push; local, never replicated. */
    private final TreeMap<Long, Long> outbox = new TreeMap<>();
    /** Sessions closed since the last {@link #drainClosed}; local, never replicated. */
    private final List<Long> closed = new ArrayList<>();
    private long clock;

    /** An empty table with its clock at 0. */
    /**
     * The one check of what a session state machine is given to apply from the log: a catalog session entry
     * ({@code InitializeEntry}, {@code OpenSessionEntry}, {@code KeepAliveEntry}, {@code CommandEntry} or
     * {@code CloseSessionEntry}; queries and metadata are not logged) at an index above the last one applied.
     *
     * @param commitIndex the entry's log index
     * @param operation   what the engine handed over
     * @param lastApplied the index of the last entry the state machine applied
     * @return the entry, whose timestamp moves the session clock
     * @throws IllegalArgumentException if {@code operation} is none of those entries
     * @throws IllegalStateException    if {@code commitIndex} is not above {@code lastApplied}
     */
    public static TimestampedEntry requireLoggedEntry(long commitIndex, Object operation, long lastApplied) {
        if (!(operation instanceof InitializeEntry || operation instanceof OpenSessionEntry
                || operation instanceof KeepAliveEntry || operation instanceof CommandEntry
                || operation instanceof CloseSessionEntry)) {
            throw new IllegalArgumentException("unsupported operation "
                    + (operation == null ? "null" : operation.getClass().getName()) + " (expected: InitializeEntry, "
                    + "OpenSessionEntry, KeepAliveEntry, CommandEntry, QueryEntry, CloseSessionEntry or "
                    + "MetadataEntry)");
        }
        if (commitIndex <= lastApplied) {
            throw new IllegalStateException("entry at index " + commitIndex + " (expected: > " + lastApplied
                    + ", the last index applied)");
        }
        return (TimestampedEntry) operation;
    }

    public SessionTable() {
    }

    /**
     * Rebuilds a table without event state from its snapshot form.
     *
     * @see #restore(long, List, List, List)
     */
    public static SessionTable restore(long clock, List<SessionRecord> records, List<CachedResult> results) {
        return restore(clock, records, results, List.of());
    }

    /**
     * Rebuilds a table from its snapshot form ({@link #records()}, {@link #cachedResults()}, {@link #clock()},
     * {@link #eventRecords()}).
     *
     * @param clock   the session clock, in milliseconds since the epoch; {@code >= 0}
     * @param records the sessions, in ascending id order
     * @param results the cached results, in ascending (session, sequence) order, each of an existing session with
     *                {@code acknowledgedSequence < sequence <= lastSequence}
     * @param events  the event state of sessions that have had events, in ascending session order, each of an existing
     *                session
     * @return the table
     * @throws IllegalArgumentException naming the first record that breaks an ordering or a cross-reference
     */
    public static SessionTable restore(long clock, List<SessionRecord> records, List<CachedResult> results,
            List<SessionEvents> events) {
        SessionTable table = new SessionTable();
        table.clock = SessionChecks.atLeast(clock, "clock", 0);
        long previousId = 0;
        for (SessionRecord r : records) {
            if (r.id() <= previousId) {
                throw new IllegalArgumentException("session " + r.id() + " follows session " + previousId
                        + " (expected: ascending, unique session ids)");
            }
            previousId = r.id();
            table.sessions.put(r.id(), new ClientSession(r));
        }
        for (CachedResult c : results) {
            ClientSession s = table.sessions.get(c.session());
            if (s == null) {
                throw new IllegalArgumentException("cached result of session " + c.session()
                        + " (expected: a result of one of the " + records.size() + " sessions of the snapshot)");
            }
            if (c.sequence() <= s.acknowledgedSequence || c.sequence() > s.lastSequence) {
                throw new IllegalArgumentException("cached result of session " + c.session() + " has sequence "
                        + c.sequence() + " (expected: " + (s.acknowledgedSequence + 1) + ".." + s.lastSequence + ")");
            }
            if (!s.results.isEmpty() && s.results.lastKey() >= c.sequence()) {
                throw new IllegalArgumentException("cached result of session " + c.session() + " with sequence "
                        + c.sequence() + " follows sequence " + s.results.lastKey() + " (expected: ascending)");
            }
            s.results.put(c.sequence(), c.response());
        }
        long previousSession = 0;
        for (SessionEvents e : events) {
            ClientSession s = table.sessions.get(e.session());
            if (s == null) {
                throw new IllegalArgumentException("event state of session " + e.session()
                        + " (expected: the event state of one of the " + records.size() + " sessions of the snapshot)");
            }
            if (e.session() <= previousSession) {
                throw new IllegalArgumentException("event state of session " + e.session() + " follows session "
                        + previousSession + " (expected: ascending, unique session ids)");
            }
            previousSession = e.session();
            s.restoreEvents(e);
        }
        return table;
    }

    /** The session clock: the newest leader timestamp applied, in milliseconds since the epoch. */
    public long clock() {
        return clock;
    }

    /** The number of open sessions. */
    public int size() {
        return sessions.size();
    }

    /** Whether a session with this id is open. */
    public boolean isOpen(long session) {
        return sessions.containsKey(session);
    }

    /**
     * Moves the clock to {@code timestamp} if that is newer, then closes every session that expired. Call it with the
     * timestamp of every logged entry, before applying the entry; never for a query.
     *
     * @param timestamp the entry's leader timestamp, in milliseconds since the epoch
     * @return the ids of the sessions closed, ascending; empty if none
     */
    public long[] advance(long timestamp) {
        if (timestamp > clock) {
            clock = timestamp;
        }
        List<Long> expired = new ArrayList<>();
        for (Iterator<ClientSession> it = sessions.values().iterator(); it.hasNext();) {
            ClientSession s = it.next();
            if (s.expiredAt(clock)) {
                it.remove();
                expired.add(s.id());
            }
        }
        if (!expired.isEmpty()) {
            closed.addAll(expired);
            LOG.debug("closed {} expired session(s) at clock {}: {}", expired.size(), clock, expired);
        }
        return expired.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Opens a session whose id is the entry's log index and whose timeout is the entry's {@code maxTimeout}.
     *
     * @param index the entry's log index; the new session's id
     * @param entry the entry
     * @return OK with the session id and timeout; ERROR {@link RaftError.Type#PROTOCOL_ERROR} if {@code maxTimeout}
     *         is 0 (such a session would be dead on arrival)
     */
    public OpenSessionResponse open(long index, OpenSessionEntry entry) {
        if (entry.maxTimeout() < 1) {
            return new OpenSessionResponse(Status.ERROR, new RaftError(RaftError.Type.PROTOCOL_ERROR,
                    "maxTimeout = " + entry.maxTimeout() + " ms (expected: >= 1)", null), 0, 0);
        }
        SessionRecord record = new SessionRecord(index, entry.memberId(), entry.serviceName(), entry.serviceType(),
                entry.readConsistency(), entry.maxTimeout(), clock, 0, 0);
        sessions.put(index, new ClientSession(record));
        return new OpenSessionResponse(Status.OK, null, index, entry.maxTimeout());
    }

    /**
     * Keeps the entry's sessions alive, drops the cached results and event batches they acknowledge, and makes their
     * other event batches ready to push again.
     *
     * @return OK listing the entry's sessions that are open (in the entry's order, without repeats); its leader is
     *         {@code null} and its member list empty: the state machine knows neither, the node fills them in
     */
    public KeepAliveResponse keepAlive(KeepAliveEntry entry) {
        long[] ids = entry.sessionIds();
        long[] acknowledged = entry.commandSequences();
        long[] eventsReceived = entry.eventIndexes();
        Set<Long> alive = new LinkedHashSet<>();
        for (int i = 0; i < ids.length; i++) {
            ClientSession s = sessions.get(ids[i]);
            if (s != null) {
                s.lastActive = clock;
                s.acknowledge(acknowledged[i]);
                s.acknowledgeEvents(eventsReceived[i]);
                if (!s.pending.isEmpty()) {
                    outbox.merge(s.id(), s.eventsAcknowledged, Math::min);
                }
                alive.add(ids[i]);
            }
        }
        return new KeepAliveResponse(Status.OK, null, null, List.of(),
                alive.stream().mapToLong(Long::longValue).toArray());
    }

    /**
     * Closes a session.
     *
     * @return OK; ERROR {@link RaftError.Type#UNKNOWN_SESSION} if it was not open
     */
    public CloseSessionResponse close(CloseSessionEntry entry) {
        if (sessions.remove(entry.session()) == null) {
            return new CloseSessionResponse(Status.ERROR, unknownSession(entry.session()));
        }
        closed.add(entry.session());
        return new CloseSessionResponse(Status.OK, null);
    }

    /**
     * Lists the open sessions. Changes nothing. Session 0 (which is never a session id) asks without a session.
     *
     * @return OK with every open session in ascending id order; ERROR {@link RaftError.Type#UNKNOWN_SESSION} if the
     *         asking session is neither 0 nor open
     */
    public MetadataResponse metadata(MetadataEntry entry) {
        if (entry.session() != 0 && !sessions.containsKey(entry.session())) {
            return new MetadataResponse(Status.ERROR, unknownSession(entry.session()), Set.of());
        }
        Set<SessionMetadata> open = new LinkedHashSet<>();
        for (ClientSession s : sessions.values()) {
            SessionRecord r = s.toRecord();
            open.add(new SessionMetadata(r.id(), r.serviceName(), r.serviceType()));
        }
        return new MetadataResponse(Status.OK, null, open);
    }

    /**
     * Applies a command exactly once and counts as the session's activity.
     *
     * @param index   the entry's log index
     * @param entry   the entry
     * @param handler applies the operation
     * @return the cached response if this sequence was applied before (same index, same result); otherwise a new
     *         response at {@code index}, OK with the handler's result or ERROR with its error, which is cached. Not
     *         applied and not cached: ERROR {@link RaftError.Type#UNKNOWN_SESSION} (session not open),
     *         {@link RaftError.Type#PROTOCOL_ERROR} (sequence 0), {@link RaftError.Type#COMMAND_FAILURE} (sequence
     *         already acknowledged), {@link RaftError.Type#UNAVAILABLE} (too many unacknowledged results)
     */
    public CommandResponse command(long index, CommandEntry entry, OperationHandler handler) {
        ClientSession s = sessions.get(entry.session());
        if (s == null) {
            return commandError(index, unknownSession(entry.session()), 0);
        }
        s.lastActive = clock;
        long sequence = entry.sequence();
        if (sequence < 1) {
            return commandError(index, new RaftError(RaftError.Type.PROTOCOL_ERROR,
                    "command sequence 0 in session " + s.id() + " (expected: >= 1)", null), s.lastSequence);
        }
        CommandResponse cached = s.results.get(sequence);
        if (cached != null) {
            return cached;
        }
        if (sequence <= s.acknowledgedSequence) {
            return commandError(index, new RaftError(RaftError.Type.COMMAND_FAILURE, "command sequence " + sequence
                    + " of session " + s.id() + " was applied and its result acknowledged (expected: a sequence > "
                    + s.acknowledgedSequence + ")", null), s.lastSequence);
        }
        if (s.results.size() >= MAX_UNACKNOWLEDGED_RESULTS) {
            return commandError(index, new RaftError(RaftError.Type.UNAVAILABLE, "session " + s.id() + " holds "
                    + s.results.size() + " unacknowledged results (expected: < " + MAX_UNACKNOWLEDGED_RESULTS
                    + "; acknowledge results with a keep-alive, then retry)", null), s.lastSequence);
        }
        OperationOutcome outcome = handler.apply(entry.operation());
        s.lastSequence = Math.max(s.lastSequence, sequence);
        CommandResponse response = new CommandResponse(outcome.error() == null ? Status.OK : Status.ERROR,
                outcome.error(), index, 0, outcome.result(), s.lastSequence);
        s.results.put(sequence, response);
        return response;
    }

    /**
     * Evaluates a query against the session's state. Changes nothing: not even the session's activity.
     *
     * @param index   the commit index the query runs at
     * @param entry   the query
     * @param handler evaluates the operation
     * @return OK with the handler's result, or ERROR with its error; ERROR {@link RaftError.Type#UNKNOWN_SESSION} if
     *         the session is not open or has expired by the current clock
     */
    public QueryResponse query(long index, QueryEntry entry, OperationHandler handler) {
        ClientSession s = sessions.get(entry.session());
        if (s == null || s.expiredAt(clock)) {
            return new QueryResponse(Status.ERROR, unknownSession(entry.session()), index, 0, NO_RESULT, 0);
        }
        OperationOutcome outcome = handler.apply(entry.operation());
        return new QueryResponse(outcome.error() == null ? Status.OK : Status.ERROR, outcome.error(), index, 0,
                outcome.result(), s.lastSequence);
    }

    /**
     * Publishes an event to a session, in the batch of event index {@code index}. Call it only while applying the
     * logged entry at {@code index}, in the same order on every member.
     *
     * @param index   the log index of the entry being applied; the batch's event index
     * @param session the receiving session
     * @param event   the event
     * @return whether the event was published: {@code false} if the session is not open, or if it held too many
     *         unacknowledged events, in which case it is now closed (and logged with the reason)
     */
    public boolean publish(long index, long session, PrimitiveEvent event) {
        ClientSession s = sessions.get(session);
        if (s == null) {
            return false;
        }
        boolean newBatch = s.pending.isEmpty() || s.pending.lastKey() != index;
        long bytes = s.pendingBytes + estimate(event) + (newBatch ? BATCH_BYTES : 0);
        if (newBatch && s.pending.size() >= MAX_UNACKNOWLEDGED_EVENT_BATCHES || bytes > MAX_UNACKNOWLEDGED_EVENT_BYTES) {
            sessions.remove(session);
            outbox.remove(session);
            closed.add(session);
            LOG.warn("closed session {} of client {} at index {}: it holds {} unacknowledged event batches of {}"
                    + " estimated bytes (expected: at most {} batches and {} bytes; a client acknowledges events"
                    + " with its keep-alives)", session, PeerText.escape(s.member().id()), index, s.pending.size(),
                    s.pendingBytes, MAX_UNACKNOWLEDGED_EVENT_BATCHES, MAX_UNACKNOWLEDGED_EVENT_BYTES);
            return false;
        }
        s.publish(index, event);
        outbox.merge(session, index - 1, Math::min);
        return true;
    }

    /**
     * The batches made ready to push since the last call (by {@link #publish} and {@link #keepAlive}), by ascending
     * session and event index, each with the client that opened its session; clears them. Local state: it is neither
     * replicated nor part of a snapshot.
     */
    public List<EventDelivery> drainDeliveries() {
        if (outbox.isEmpty()) {
            return List.of();
        }
        List<EventDelivery> out = new ArrayList<>();
        for (Map.Entry<Long, Long> e : outbox.entrySet()) {
            ClientSession s = sessions.get(e.getKey());
            if (s != null) {
                for (PublishRequest p : s.pending.tailMap(e.getValue(), false).values()) {
                    out.add(new EventDelivery(s.member(), p));
                }
            }
        }
        outbox.clear();
        return out;
    }

    /**
     * The ids of the sessions closed since the last call (expired, closed by their client, or closed for too many
     * unacknowledged events), in the order they were closed; clears them. Local state, like {@link #drainDeliveries}.
     */
    public long[] drainClosed() {
        if (closed.isEmpty()) {
            return NO_SESSIONS;
        }
        long[] out = closed.stream().mapToLong(Long::longValue).toArray();
        closed.clear();
        return out;
    }

    /** The unacknowledged event batches of a session, by ascending event index; empty if none or not open. */
    public List<PublishRequest> pendingEvents(long session) {
        ClientSession s = sessions.get(session);
        return s == null ? List.of() : new ArrayList<>(s.pending.values());
    }

    /** The event state of every open session that has had events, in ascending session order. */
    public List<SessionEvents> eventRecords() {
        List<SessionEvents> out = new ArrayList<>();
        for (ClientSession s : sessions.values()) {
            if (s.hasEvents()) {
                out.add(s.toEvents());
            }
        }
        return out;
    }

    /** The estimated bytes of one event, as the bound on unacknowledged events counts it. */
    static long estimate(PrimitiveEvent event) {
        return EVENT_BYTES + event.value().length;
    }

    /** Every open session, in ascending id order. */
    public List<SessionRecord> records() {
        List<SessionRecord> out = new ArrayList<>(sessions.size());
        for (ClientSession s : sessions.values()) {
            out.add(s.toRecord());
        }
        return out;
    }

    /** Every cached result, in ascending (session, sequence) order. */
    public List<CachedResult> cachedResults() {
        List<CachedResult> out = new ArrayList<>();
        for (ClientSession s : sessions.values()) {
            for (Map.Entry<Long, CommandResponse> e : s.results.entrySet()) {
                out.add(new CachedResult(s.id(), e.getKey(), e.getValue()));
            }
        }
        return out;
    }

    private static CommandResponse commandError(long index, RaftError error, long lastSequence) {
        return new CommandResponse(Status.ERROR, error, index, 0, NO_RESULT, lastSequence);
    }

    private static RaftError unknownSession(long session) {
        return new RaftError(RaftError.Type.UNKNOWN_SESSION, "session " + session
                + " is not open (expected: a session opened by OpenSessionEntry, kept alive and not closed)", null);
    }
}
