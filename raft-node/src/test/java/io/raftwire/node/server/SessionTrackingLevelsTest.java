package io.raftwire.node.server;

import io.microraft.statemachine.StateMachine;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.KvNodes;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.level.LevelOperations;
import io.raftwire.node.level.LevelRecorder;
import io.raftwire.node.level.LevelState;
import io.raftwire.node.session.SessionRecord;
import io.raftwire.node.session.SessionSnapshotChunk;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The group's wrapper applies the feature level operations before the application's state machine sees anything,
 * and carries the history through snapshots both ways.
 */
@Timeout(30)
class SessionTrackingLevelsTest {

    static final FeatureLevels L1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, KvNodes.registry().schema()));

    /** The application's state machine: notes what reaches it. */
    static final class Recording implements StateMachine {
        final List<Object> applied = new ArrayList<>();
        List<Object> installed;

        @Override
        public Object runOperation(long commitIndex, Object operation) {
            applied.add(operation);
            return "applied " + operation;
        }

        @Override
        public void takeSnapshot(long commitIndex, Consumer<Object> chunks) {
            chunks.accept("app-chunk");
            chunks.accept(new SessionSnapshotChunk(List.of(new SessionRecord(7, new MemberId("client-1"), "kv", "kv",
                    ReadConsistency.SEQUENTIAL, 1000, 1000, 0, 0)), List.of()));
        }

        @Override
        public void installSnapshot(long commitIndex, List<Object> chunks) {
            installed = chunks;
        }

        @Override
        public Object getNewTermOperation() {
            return null;
        }
    }

    private final Recording app = new Recording();
    private final LevelState levels = new LevelState(FeatureLevels.NONE);
    private final List<FeatureLevels> kept = new ArrayList<>();
    private final SessionConsistency sessions = new SessionConsistency();
    private final SessionTrackingStateMachine sm = new SessionTrackingStateMachine(app, sessions, null,
            new AppliedProgress(Clock.systemUTC()), new LevelRecorder(levels, kept::add, "group g-0"));

    @Test
    void aRecordEntryAndAReadQueryNeverReachTheApplication() {
        assertEquals(L1, sm.runOperation(3, LevelOperations.record(L1)));
        assertEquals(L1, levels.get());
        assertEquals(List.of(L1), kept);
        QueryResponse r = (QueryResponse) sm.runOperation(3, new QueryEntry(1, 1, 7, 0, LevelOperations.read()));
        assertEquals(Status.OK, r.status());
        assertEquals(L1, FeatureLevels.fromBytes(r.result()));
        assertEquals(List.of(), app.applied);
    }

    /** The other reserved operations, and every other operation, still reach the application as before. */
    @Test
    void otherOperationsReachTheApplication() {
        PrimitiveOperation raise = LevelOperations.raise();
        QueryEntry query = new QueryEntry(1, 1, 7, 0, new PrimitiveOperation(DefaultOperationId.query("1024@kryo"),
                new byte[0]));
        sm.runOperation(4, raise);
        sm.runOperation(4, query);
        assertEquals(List.of(raise, query), app.applied);
        assertEquals(FeatureLevels.NONE, levels.get());
    }

    @Test
    void aSnapshotCarriesTheHistoryAfterTheApplicationsChunksAndInstallingItRestoresBoth() {
        List<Object> none = new ArrayList<>();
        sm.takeSnapshot(2, none::add);
        assertEquals(2, none.size(), "at no level a snapshot is the application's alone, as in 0.1.0");

        sm.runOperation(3, LevelOperations.record(L1));
        List<Object> chunks = new ArrayList<>();
        sm.takeSnapshot(3, chunks::add);
        assertEquals(3, chunks.size());
        assertEquals("app-chunk", chunks.get(0));
        assertTrue(LevelOperations.isRecord(chunks.get(2)), "the history's chunk comes last");

        Recording other = new Recording();
        LevelState otherLevels = new LevelState(FeatureLevels.NONE);
        List<FeatureLevels> otherKept = new ArrayList<>();
        SessionConsistency otherSessions = new SessionConsistency();
        new SessionTrackingStateMachine(other, otherSessions, null, null,
                new LevelRecorder(otherLevels, otherKept::add, "group g-0")).installSnapshot(3, chunks);
        assertEquals(chunks.subList(0, 2), other.installed, "the application gets its own chunks only");
        assertEquals(L1, otherLevels.get());
        assertEquals(List.of(L1), otherKept);
        assertEquals(1, otherSessions.size(), "the sessions of the snapshot are noted as before");
    }

    @Test
    void aSnapshotWithoutTheHistoryInstallsAsBefore() {
        List<Object> chunks = List.of("app-chunk");
        sm.installSnapshot(5, chunks);
        assertEquals(chunks, app.installed);
        assertEquals(FeatureLevels.NONE, levels.get());
        assertEquals(List.of(), kept);
    }

    @Test
    void withoutARecorderLevelOperationsReachTheApplicationAsBefore() {
        SessionTrackingStateMachine plain = new SessionTrackingStateMachine(app, sessions, null, null, null);
        PrimitiveOperation record = LevelOperations.record(L1);
        plain.runOperation(3, record);
        assertEquals(List.of(record), app.applied);
        assertEquals(List.of(), kept);
    }
}
