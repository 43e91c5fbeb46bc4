package io.raftwire.node.server;

import io.microraft.statemachine.StateMachine;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelRecorder;
import io.raftwire.node.session.EventDelivery;
import io.raftwire.node.session.SessionEventSource;
import io.raftwire.node.session.SessionRecord;
import io.raftwire.node.session.SessionSnapshotChunk;

import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Passes every call to the node's state machine and notes, as sessions open and close, the read consistency each
 * asked for, so that {@link ClientService} can pick the query policy without a round trip to the Raft thread; and
 * answers {@link LocalRead}s; hands the event batches a {@link SessionEventSource} made ready to the
 * {@link EventPusher}; and, given a {@link LevelRecorder}, applies the feature level operations before the node's
 * state machine sees anything: a {@link LevelOperations#record record} log entry, a {@link LevelOperations#read read}
 * query, and the history's chunk of a snapshot (taken and installed).
 * Called on the Raft thread only, like any state machine.
 */
public final class SessionTrackingStateMachine implements StateMachine {

    private final StateMachine delegate;
    private final SessionConsistency sessions;
    private final EventPusher events;
    private final AppliedProgress progress;
    private final LevelRecorder levels; // null: level operations reach the delegate
    private final LongAdder closedByStateMachine = new LongAdder();

    /**
     * @param delegate the state machine that answers the catalog's log entries with the catalog's responses
     * @param sessions where opened and closed sessions are noted
     */
    public SessionTrackingStateMachine(StateMachine delegate, SessionConsistency sessions) {
        this(delegate, sessions, null);
    }

    /**
     * @param delegate the state machine; if it is a {@link SessionEventSource}, its event batches go to {@code events}
     *                 after every operation
     * @param sessions where opened and closed sessions are noted
     * @param events   pushes event batches to clients; {@code null} drops them
     */
    public SessionTrackingStateMachine(StateMachine delegate, SessionConsistency sessions, EventPusher events) {
        this(delegate, sessions, events, null);
    }

    /**
     * As above, also noting in {@code progress} the indexes and snapshots the state machine is given ({@code null}:
     * not noted).
     */
    public SessionTrackingStateMachine(StateMachine delegate, SessionConsistency sessions, EventPusher events,
            AppliedProgress progress) {
        this(delegate, sessions, events, progress, null);
    }

    /**
     * As above, also applying the feature level operations through {@code levels} ({@code null}: they reach the
     * delegate, as before levels existed).
     */
    public SessionTrackingStateMachine(StateMachine delegate, SessionConsistency sessions, EventPusher events,
            AppliedProgress progress, LevelRecorder levels) {
        this.delegate = delegate;
        this.sessions = sessions;
        this.events = events;
        this.progress = progress;
        this.levels = levels;
    }

    @Override
    public Object runOperation(long commitIndex, Object operation) {
        if (progress != null) {
            progress.applied(commitIndex);
        }
        if (operation instanceof LocalRead read) {
            return read.reader().apply(delegate);
        }
        if (levels != null) {
            if (LevelOperations.isRecord(operation)) {
                return levels.apply(commitIndex, (PrimitiveOperation) operation);
            }
            if (LevelRecorder.isRead(operation)) {
                return levels.read(commitIndex);
            }
        }
        Object result = delegate.runOperation(commitIndex, operation);
        if (delegate instanceof SessionEventSource source) {
            List<EventDelivery> ready = source.drainDeliveries();
            if (events != null) {
                events.push(ready);
            }
            for (long closed : source.drainClosedSessions()) {
                sessions.closed(closed);
                if (!(operation instanceof CloseSessionEntry close && close.session() == closed)) {
                    closedByStateMachine.increment();
                }
            }
        }
        if (operation instanceof OpenSessionEntry open && result instanceof OpenSessionResponse r
                && r.status() == RaftResponse.Status.OK) {
            sessions.opened(r.session(), open.readConsistency(), open.memberId().id(), open);
        } else if (operation instanceof CloseSessionEntry close) {
            sessions.closed(close.session());
        }
        return result;
    }

    @Override
    public void takeSnapshot(long commitIndex, Consumer<Object> snapshotChunkConsumer) {
        if (progress == null && levels == null) {
            delegate.takeSnapshot(commitIndex, snapshotChunkConsumer);
            return;
        }
        long[] chunks = {0};
        Consumer<Object> counted = chunk -> {
            chunks[0]++;
            snapshotChunkConsumer.accept(chunk);
        };
        delegate.takeSnapshot(commitIndex, counted);
        if (levels != null) {
            levels.snapshotChunk().ifPresent(counted);
        }
        if (progress != null) {
            progress.snapshot(commitIndex, chunks[0]);
        }
    }

    @Override
    public void installSnapshot(long commitIndex, List<Object> snapshotChunks) {
        List<Object> own = levels == null ? snapshotChunks : levels.install(commitIndex, snapshotChunks);
        delegate.installSnapshot(commitIndex, own);
        if (progress != null) {
            progress.snapshot(commitIndex, snapshotChunks.size());
        }
        sessions.clear();
        for (Object chunk : own) {
            if (chunk instanceof SessionSnapshotChunk c) {
                for (SessionRecord r : c.sessions()) {
                    sessions.opened(r.id(), r.readConsistency(), r.member().id());
                }
            }
        }
    }

    @Override
    public Object getNewTermOperation() {
        return delegate.getNewTermOperation();
    }

    /**
     * Sessions the state machine closed without a close request from their client (expired, or closed for too many
     * unacknowledged events), since this object was created. Read from any thread.
     */
    public long closedByStateMachine() {
        return closedByStateMachine.sum();
    }

    /** The wrapped state machine. */
    public StateMachine delegate() {
        return delegate;
    }
}
