package io.raftwire.node.session;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.function.Executable;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

@Timeout(10)
class SessionTableTest {

    private static SessionRecord session(long id, long lastSequence, long acknowledged) {
        return new SessionRecord(id, MemberId.from("c"), "store", "kv", ReadConsistency.SEQUENTIAL, 1_000, 5,
                lastSequence, acknowledged);
    }

    private static CachedResult cached(long session, long sequence) {
        return new CachedResult(session, sequence, new CommandResponse(Status.OK, null, 9, 0, new byte[] {1},
                sequence));
    }

    @Test
    void restoreRoundTripsRecordsResultsAndClock() {
        List<SessionRecord> records = List.of(session(1, 3, 1), session(4, 0, 0));
        List<CachedResult> results = List.of(cached(1, 2), cached(1, 3));
        SessionTable table = SessionTable.restore(77, records, results);
        assertEquals(records, table.records());
        assertEquals(results, table.cachedResults());
        assertEquals(77, table.clock());
    }

    @Test
    void restoreRefusesBrokenOrderAndDanglingResultsNamingThem() {
        assertRefused("session 1 follows session 4 (expected: ascending, unique session ids)",
                () -> SessionTable.restore(0, List.of(session(4, 0, 0), session(1, 0, 0)), List.of()));
        assertRefused("cached result of session 2 (expected: a result of one of the 1 sessions of the snapshot)",
                () -> SessionTable.restore(0, List.of(session(1, 3, 0)), List.of(cached(2, 1))));
        assertRefused("cached result of session 1 has sequence 1 (expected: 2..3)",
                () -> SessionTable.restore(0, List.of(session(1, 3, 1)), List.of(cached(1, 1))));
        assertRefused("cached result of session 1 with sequence 2 follows sequence 3 (expected: ascending)",
                () -> SessionTable.restore(0, List.of(session(1, 3, 0)), List.of(cached(1, 3), cached(1, 2))));
    }

    @Test
    void recordsValidateTheirInvariants() {
        assertRefused("acknowledgedSequence = 4 (expected: <= lastSequence = 3)", () -> session(1, 3, 4));
        assertRefused("id = 0 (expected: >= 1)", () -> session(0, 0, 0));
        assertRefused("sequence = 0 (expected: >= 1)", () -> cached(1, 0));
        assertRefused("serviceType is empty (expected: at least one character)",
                () -> new SessionRecord(1, MemberId.from("c"), "s", "", ReadConsistency.SEQUENTIAL, 1, 0, 0, 0));
    }

    private static void assertRefused(String message, Executable call) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, call).getMessage());
    }
}
