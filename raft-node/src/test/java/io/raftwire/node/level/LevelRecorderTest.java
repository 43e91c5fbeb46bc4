package io.raftwire.node.level;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.node.KvNodes;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A group's record entries, read queries and snapshot chunk, applied as its Raft thread would, one by one. */
@Timeout(30)
class LevelRecorderTest {

    /** A user type that only the second schema has. */
    record Added(String name) {
    }

    /** A user type that only the third schema has. */
    record Other(long id) {
    }

    static final Schema ONE = KvNodes.registry().schema();
    static final Schema TWO = KvNodes.registry(b -> b.register(1024, Added.class)).schema();
    static final Schema THREE = KvNodes.registry(b -> b.register(1024, Other.class)).schema();
    static final FeatureLevels L1 = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, ONE));
    static final FeatureLevels L2 = L1.raisedTo(new FeatureLevel(2, TWO));
    static final FeatureLevels L3 = L2.raisedTo(new FeatureLevel(3, THREE));

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.level.LevelRecorder");
    @RegisterExtension
    final LogCapture errors = LogCapture.of("ERROR", "io.raftwire.node.level.LevelRecorder");

    private final List<FeatureLevels> kept = new ArrayList<>();
    private final LevelState state = new LevelState(FeatureLevels.NONE);
    private final LevelRecorder recorder = new LevelRecorder(state, kept::add, "group g-0");

    @Test
    void eachRecordAdvancesTheStateAndIsKeptBeforeTheApplyReturns() {
        List<FeatureLevels> seen = new ArrayList<>();
        state.onAdvance(levels -> seen.add(List.copyOf(kept).get(kept.size() - 1)));
        assertEquals(L1, recorder.apply(5, LevelOperations.record(L1)));
        assertEquals(L2, recorder.apply(9, LevelOperations.record(L2)));
        assertEquals(L2, state.get());
        assertEquals(List.of(L1, L2), kept);
        assertEquals(List.of(L1, L2), seen, "each history was kept before the listeners heard of it");
    }

    /** A log replayed at start-up applies records the member kept already: nothing changes, nothing is written. */
    @Test
    void aRecordAppliedAlreadyChangesNothing() {
        LevelRecorder restarted = new LevelRecorder(new LevelState(L2), kept::add, "group g-0");
        assertEquals(L2, restarted.apply(5, LevelOperations.record(L1)));
        assertEquals(L2, restarted.apply(9, LevelOperations.record(L2)));
        assertEquals(List.of(), kept);
    }

    @Test
    void aRecordThatSkipsALevelIsRefusedWithoutAChange() {
        recorder.apply(5, LevelOperations.record(L1));
        IllegalArgumentException e = assertInstanceOf(IllegalArgumentException.class,
                recorder.apply(6, LevelOperations.record(L3)));
        assertEquals("feature level record at index 6 goes from level 1 to level 3 (expected: at most one level more"
                + " than this member's 1)", e.getMessage());
        assertEquals(L1, state.get());
        assertEquals(List.of(L1), kept);
        logs.await("group g-0 refused the feature level record at log index 6: " + e.getMessage());
    }

    @Test
    void aRecordThatDisagreesWithTheHistoryIsRefusedWithoutAChange() {
        recorder.apply(5, LevelOperations.record(L1));
        FeatureLevels other = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, TWO)).raisedTo(new FeatureLevel(2, ONE));
        IllegalArgumentException e = assertInstanceOf(IllegalArgumentException.class,
                recorder.apply(6, LevelOperations.record(other)));
        assertEquals("feature levels " + other + " disagree with " + L1 + " (expected: this member's history followed"
                + " by later levels)", e.getMessage());
        FeatureLevels otherFirst = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, TWO));
        IllegalArgumentException prefix = assertInstanceOf(IllegalArgumentException.class,
                recorder.apply(7, LevelOperations.record(otherFirst)));
        assertEquals("feature levels " + otherFirst + " disagree with " + L1 + " (expected: a prefix of this member's"
                + " history)", prefix.getMessage());
        assertEquals(L1, state.get());
        assertEquals(List.of(L1), kept);
        logs.await("at log index 6");
        logs.await("at log index 7");
    }

    @Test
    void aRecordThatDoesNotParseIsRefusedWithoutAChange() {
        PrimitiveOperation bad = new PrimitiveOperation(DefaultOperationId.command(LevelOperations.RECORD),
                new byte[] {1, 0});
        IllegalArgumentException e = assertInstanceOf(IllegalArgumentException.class, recorder.apply(3, bad));
        assertEquals("feature levels end at offset 2 (expected: more bytes)", e.getMessage());
        assertEquals(FeatureLevels.NONE, state.get());
        assertEquals(List.of(), kept);
        logs.await("at log index 3: feature levels end at offset 2");
    }

    /** The log entry is the truth: a history that could not be kept is held in memory, and the failure answered. */
    @Test
    void aHistoryThatCannotBeKeptIsHeldInMemoryAndTheFailureAnswered() {
        LevelRecorder failing = new LevelRecorder(state, levels -> {
            throw new IOException("disk full");
        }, "group g-0");
        UncheckedIOException e = assertInstanceOf(UncheckedIOException.class,
                failing.apply(4, LevelOperations.record(L1)));
        assertEquals("feature levels of group g-0 not kept: disk full", e.getMessage());
        assertEquals(L1, state.get());
        errors.await("group g-0 could not keep " + L1 + " (from log index 4): java.io.IOException: disk full");
    }

    @Test
    void aReadQueryIsAnsweredWithTheHistorysBytes() {
        recorder.apply(5, LevelOperations.record(L1));
        assertTrue(LevelRecorder.isRead(new QueryEntry(1, 1, 7, 0, LevelOperations.read())));
        assertFalse(LevelRecorder.isRead(LevelOperations.read()), "a bare operation is no query");
        QueryResponse r = recorder.read(12);
        assertEquals(RaftResponse.Status.OK, r.status());
        assertEquals(12, r.index());
        assertEquals(L1, FeatureLevels.fromBytes(r.result()));
    }

    @Test
    void aSnapshotCarriesTheHistoryInOneChunkAndInstallingItAdvances() {
        assertEquals(Optional.empty(), recorder.snapshotChunk(), "no chunk at no level: as 0.1.0");
        recorder.apply(5, LevelOperations.record(L1));
        recorder.apply(6, LevelOperations.record(L2));
        Object chunk = recorder.snapshotChunk().orElseThrow();
        assertTrue(LevelOperations.isRecord(chunk));

        List<FeatureLevels> other = new ArrayList<>();
        LevelState fresh = new LevelState(FeatureLevels.NONE);
        LevelRecorder installer = new LevelRecorder(fresh, other::add, "group g-0");
        String app = "the application's chunk";
        assertEquals(List.of(app), installer.install(6, List.of(app, chunk)), "the history's chunk is taken out");
        assertEquals(L2, fresh.get());
        assertEquals(List.of(L2), other, "kept");
    }

    @Test
    void aSnapshotWithoutTheChunkInstallsAsBefore() {
        recorder.apply(5, LevelOperations.record(L1));
        List<Object> chunks = List.of("a", "b");
        assertEquals(chunks, recorder.install(9, chunks));
        assertEquals(L1, state.get());
        assertEquals(List.of(L1), kept);
    }

    @Test
    void aSnapshotWhoseHistoryDisagreesIsRefused() {
        recorder.apply(5, LevelOperations.record(L1));
        recorder.apply(6, LevelOperations.record(L2));
        Object chunk = LevelOperations.record(FeatureLevels.NONE.raisedTo(new FeatureLevel(1, THREE)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> recorder.install(9, List.of(chunk)));
        assertTrue(e.getMessage().startsWith("feature levels feature level 1"), e.getMessage());
        assertEquals(L2, state.get());
    }
}
