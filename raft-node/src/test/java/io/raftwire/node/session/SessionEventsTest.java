package io.raftwire.node.session;

import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.value.DefaultEventType;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.function.Executable;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Events published to sessions: batches by log index, acknowledgement, re-sending, the bound and snapshots. */
@Timeout(10)
class SessionEventsTest {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", SessionTable.class.getName());

    private static final MemberId CLIENT = MemberId.from("client-1");

    private static PrimitiveEvent event(int n) {
        return new PrimitiveEvent(new DefaultEventType("e"), new byte[] {(byte) n});
    }

    private static long open(SessionTable table, long index) {
        return table.open(index, new OpenSessionEntry(1, 0, CLIENT, "s", "kv", new byte[0],
                ReadConsistency.LINEARIZABLE, 0, 60_000)).session();
    }

    private static KeepAliveEntry keepAlive(long session, long eventIndex) {
        return new KeepAliveEntry(1, 0, new long[] {session}, new long[] {0}, new long[] {eventIndex});
    }

    @Test
    void eventsOfOneEntryFormOneBatchChainedToThePreviousOne() {
        SessionTable table = new SessionTable();
        long s = open(table, 1);
        assertTrue(table.publish(5, s, event(1)));
        assertTrue(table.publish(5, s, event(2)));
        assertTrue(table.publish(9, s, event(3)));
        List<PublishRequest> expected = List.of(new PublishRequest(s, 5, 0, List.of(event(1), event(2))),
                new PublishRequest(s, 9, 5, List.of(event(3))));
        assertEquals(expected, table.pendingEvents(s));
        assertEquals(List.of(new EventDelivery(CLIENT, expected.get(0)), new EventDelivery(CLIENT, expected.get(1))),
                table.drainDeliveries(), "new batches are ready to push, each once, in order");
        assertEquals(List.of(), table.drainDeliveries(), "draining clears");
        assertFalse(table.publish(10, 99, event(4)), "no session 99");
    }

    @Test
    void aKeepAliveDropsAcknowledgedBatchesAndMakesTheRestReadyAgain() {
        SessionTable table = new SessionTable();
        long s = open(table, 1);
        table.publish(5, s, event(1));
        table.publish(9, s, event(2));
        table.publish(12, s, event(3));
        table.drainDeliveries();
        table.keepAlive(keepAlive(s, 5));
        List<PublishRequest> rest = List.of(new PublishRequest(s, 9, 5, List.of(event(2))),
                new PublishRequest(s, 12, 9, List.of(event(3))));
        assertEquals(rest, table.pendingEvents(s));
        assertEquals(rest, table.drainDeliveries().stream().map(EventDelivery::batch).toList(),
                "after a leader change the client's keep-alive gets it the rest again");
        table.keepAlive(keepAlive(s, 1_000));
        assertEquals(List.of(), table.pendingEvents(s));
        assertEquals(List.of(new SessionEvents(s, 12, 12, List.of())), table.eventRecords(),
                "an acknowledgement beyond the last batch counts up to it");
        assertEquals(List.of(), table.drainDeliveries());
    }

    @Test
    void aSessionThatNeverAcknowledgesIsClosedAtTheBound() {
        SessionTable table = new SessionTable();
        long s = open(table, 1);
        for (int i = 0; i < SessionTable.MAX_UNACKNOWLEDGED_EVENT_BATCHES; i++) {
            assertTrue(table.publish(10 + i, s, event(i)));
        }
        assertFalse(table.publish(5_000, s, event(0)), "one batch more than the bound");
        assertFalse(table.isOpen(s), "the session is closed");
        assertEquals(List.of(), table.drainDeliveries(), "a closed session's batches are not pushed");
        long big = open(table, 6_000);
        byte[] half = new byte[SessionTable.MAX_UNACKNOWLEDGED_EVENT_BYTES / 2];
        assertTrue(table.publish(6_001, big, new PrimitiveEvent(new DefaultEventType("e"), half)));
        assertFalse(table.publish(6_002, big, new PrimitiveEvent(new DefaultEventType("e"), half)),
                "the byte bound");
        assertFalse(table.isOpen(big));
        logs.await("closed session " + s + " of client client-1 at index 5000: it holds 1024 unacknowledged event"
                + " batches");
        logs.await("closed session " + big + " of client client-1 at index 6002: it holds 1 unacknowledged event"
                + " batches");
    }

    @Test
    void eventStateRestoresFromItsSnapshotForm() {
        SessionTable table = new SessionTable();
        long s = open(table, 1);
        long quiet = open(table, 2);
        table.publish(5, s, event(1));
        table.publish(9, s, event(2));
        table.keepAlive(keepAlive(s, 5));
        SessionTable restored = SessionTable.restore(table.clock(), table.records(), table.cachedResults(),
                table.eventRecords());
        assertEquals(table.eventRecords(), restored.eventRecords());
        assertEquals(List.of(), restored.drainDeliveries(), "pushing is local: nothing is ready after a restore");
        restored.publish(11, s, event(3));
        assertEquals(new PublishRequest(s, 11, 9, List.of(event(3))), restored.drainDeliveries().get(0).batch(),
                "the chain continues from the restored index");
        assertEquals(List.of(), restored.pendingEvents(quiet));
    }

    @Test
    void restoreAndRecordsRefuseBrokenEventStateNamingIt() {
        SessionRecord r = new SessionRecord(3, CLIENT, "s", "kv", ReadConsistency.LINEARIZABLE, 1_000, 0, 0, 0);
        assertRefused("event state of session 4 (expected: the event state of one of the 1 sessions of the"
                + " snapshot)", () -> SessionTable.restore(0, List.of(r), List.of(),
                        List.of(new SessionEvents(4, 0, 0, List.of()))));
        assertRefused("acknowledgedIndex = 5 (expected: <= eventIndex = 4)",
                () -> new SessionEvents(3, 4, 5, List.of()));
        assertRefused("eventIndex = 7 (expected: acknowledgedIndex = 5 when no batch is pending)",
                () -> new SessionEvents(3, 7, 5, List.of()));
        assertRefused("pending batch 9 follows 6 (expected: 8, the event index of the batch before it)",
                () -> new SessionEvents(3, 9, 0, List.of(new PublishRequest(3, 8, 0, List.of()),
                        new PublishRequest(3, 9, 6, List.of()))));
        assertRefused("pending batch 4 follows 0 (expected: a first batch above acknowledgedIndex = 4 that follows an"
                + " index at most that)", () -> new SessionEvents(3, 4, 4, List.of(new PublishRequest(3, 4, 0,
                        List.of()))));
        assertRefused("pending batch 8 is addressed to session 2 (expected: session 3)",
                () -> new SessionEvents(3, 8, 0, List.of(new PublishRequest(2, 8, 0, List.of()))));
        assertRefused("eventIndex = 9 (expected: 8, the last pending batch's)",
                () -> new SessionEvents(3, 9, 0, List.of(new PublishRequest(3, 8, 0, List.of()))));
    }

    private static void assertRefused(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
