package io.raftwire.node.kv;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.OperationResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.node.session.SessionTable;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static io.raftwire.node.kv.KvFixtures.TERM;
import static io.raftwire.node.kv.KvFixtures.bytes;
import static io.raftwire.node.kv.KvFixtures.close;
import static io.raftwire.node.kv.KvFixtures.command;
import static io.raftwire.node.kv.KvFixtures.keepAlive;
import static io.raftwire.node.kv.KvFixtures.open;
import static io.raftwire.node.kv.KvFixtures.query;
import static io.raftwire.node.kv.KvFixtures.result;
import static io.raftwire.node.kv.KvFixtures.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class KvStateMachineTest {

    private static final long TIMEOUT = 5_000;

    private final OperationCodec codec = KvFixtures.codec("kryo");
    private final KvStateMachine sm = new KvStateMachine(List.of(codec), () -> 1_000);

    private long openSession(KvStateMachine machine, long index, long timestamp) {
        OpenSessionResponse r = (OpenSessionResponse) machine.runOperation(index, open(timestamp, TIMEOUT));
        assertEquals(Status.OK, r.status());
        assertEquals(index, r.session(), "the session id is the entry's index");
        assertEquals(TIMEOUT, r.timeout());
        return r.session();
    }

    @Test
    void aRetriedSequenceGetsTheCachedResponseWithoutBeingAppliedAgain() {
        long s = openSession(sm, 1, 1_000);
        CommandResponse first = run(sm, 2, command(codec, 1_001, s, 1, new KvPut("k", bytes("one"))));
        CommandResponse second = run(sm, 3, command(codec, 1_002, s, 2, new KvPut("k", bytes("two"))));
        assertEquals(new KvResult(true, null, 2), result(codec, first));
        assertEquals(new KvResult(true, null, 3), result(codec, second));

        // the response of sequence 1 was lost; the client retries it through a new leader at index 4
        CommandResponse retried = run(sm, 4, command(codec, 1_003, s, 1, new KvPut("k", bytes("one"))));
        assertEquals(first, retried, "the retry gets the first response, applied at index 2");
        assertEquals(2, retried.index());
        assertArrayEquals(bytes("two"), sm.entry("k").value(), "the retry did not overwrite the later write");
        assertEquals(3, sm.entry("k").version());
        assertEquals(1, retried.lastSequence(), "the cached response is returned as it was first sent");

        // sequences may arrive out of order: 4 before 3, each applied once
        assertEquals(new KvResult(false, null, 0),
                result(codec, run(sm, 5, command(codec, 1_004, s, 4, new KvDelete("other")))));
        CommandResponse three = run(sm, 6, command(codec, 1_005, s, 3, new KvCompareAndSet("k", 3, bytes("3"))));
        assertEquals(new KvResult(true, null, 6), result(codec, three));
        assertEquals(4, three.lastSequence(), "the highest sequence applied");
    }

    @Test
    void aKeepAliveAcknowledgementDropsCachedResultsSoAnOldSequenceIsRefused() {
        long s = openSession(sm, 1, 1_000);
        run(sm, 2, command(codec, 1_001, s, 1, new KvPut("k", bytes("v"))));
        run(sm, 3, command(codec, 1_001, s, 2, new KvPut("k", bytes("w"))));
        KeepAliveResponse alive = (KeepAliveResponse) sm.runOperation(4, keepAlive(1_002, s, 1));
        assertEquals(Status.OK, alive.status());
        assertArrayEquals(new long[] {s}, alive.sessionIds());
        assertNull(alive.leader(), "the state machine knows no leader; the node fills it in");

        CommandResponse again = run(sm, 5, command(codec, 1_003, s, 1, new KvPut("k", bytes("v"))));
        assertError(RaftError.Type.COMMAND_FAILURE, "command sequence 1 of session 1 was applied and its result"
                + " acknowledged (expected: a sequence > 1)", again);
        assertArrayEquals(bytes("w"), sm.entry("k").value(), "the refused retry changed nothing");
        assertEquals(2, again.lastSequence());
        // sequence 2 was not acknowledged: still answered from the cache
        assertEquals(new KvResult(true, null, 3),
                result(codec, run(sm, 6, command(codec, 1_003, s, 2, new KvPut("k", bytes("w"))))));
        // an acknowledgement beyond the highest applied sequence is clamped to it
        sm.runOperation(7, keepAlive(1_004, s, 99));
        assertEquals(new KvResult(true, null, 8),
                result(codec, run(sm, 8, command(codec, 1_005, s, 3, new KvPut("k", bytes("x"))))));
    }

    @Test
    void everyKvOperationAnswersAsDocumented() {
        long s = openSession(sm, 1, 1_000);
        assertEquals(new KvResult(false, null, 0), result(codec, run(sm, 2, command(codec, 1, s, 1, new KvGet("k")))),
                "get of a missing key: not found, version 0");
        assertEquals(new KvResult(false, null, 0),
                result(codec, run(sm, 3, command(codec, 1, s, 2, new KvDelete("k")))), "delete of a missing key");
        CommandResponse mismatch = run(sm, 4, command(codec, 1, s, 3, new KvCompareAndSet("k", 7, bytes("v"))));
        assertEquals(Status.OK, mismatch.status(), "a CAS mismatch is an answer, not an error");
        assertNull(mismatch.error());
        assertEquals(new KvResult(false, null, 0), result(codec, mismatch), "absent: current version 0");
        assertNull(sm.entry("k"));
        assertEquals(new KvResult(true, null, 5),
                result(codec, run(sm, 5, command(codec, 1, s, 4, new KvCompareAndSet("k", 0, bytes("v"))))),
                "expected version 0 = absent");
        assertEquals(new KvResult(false, null, 5),
                result(codec, run(sm, 6, command(codec, 1, s, 5, new KvCompareAndSet("k", 0, bytes("w"))))),
                "mismatch reports the current version");
        assertEquals(new KvResult(true, null, 7),
                result(codec, run(sm, 7, command(codec, 1, s, 6, new KvCompareAndSet("k", 5, bytes("w"))))));
        assertEquals(new KvResult(true, bytes("w"), 7), result(codec, run(sm, 8, command(codec, 1, s, 7,
                new KvGet("k")))));
        assertEquals(new KvResult(true, null, 7), result(codec, run(sm, 9, command(codec, 1, s, 8,
                new KvDelete("k")))), "delete reports the removed version");
        assertEquals(new KvResult(true, null, 10), result(codec, run(sm, 10, command(codec, 1, s, 9,
                new KvPut("k", bytes("again"))))), "a key written again never gets an old version back");

        QueryResponse q = (QueryResponse) sm.runOperation(10, query(codec, s, new KvGet("k")));
        assertEquals(Status.OK, q.status());
        assertEquals(10, q.index());
        assertEquals(9, q.lastSequence());
        assertEquals(new KvResult(true, bytes("again"), 10), result(codec, q));
    }

    @Test
    void badInputGetsAnErrorResponseNamingWhatWasWrong() {
        long s = openSession(sm, 1, 1_000);
        assertError(RaftError.Type.UNKNOWN_SESSION, "session 42 is not open (expected: a session opened by"
                + " OpenSessionEntry, kept alive and not closed)",
                run(sm, 2, command(codec, 1, 42, 1, new KvPut("k", bytes("v")))));
        assertError(RaftError.Type.UNKNOWN_SESSION, "session 42 is not open",
                (QueryResponse) sm.runOperation(2, query(codec, 42, new KvGet("k"))));
        CloseSessionResponse closeUnknown = (CloseSessionResponse) sm.runOperation(3, close(1, 42));
        assertEquals(Status.ERROR, closeUnknown.status());
        assertEquals(RaftError.Type.UNKNOWN_SESSION, closeUnknown.error().type());
        MetadataResponse metaUnknown = (MetadataResponse) sm.runOperation(3, new MetadataEntry(TERM, 1, 42));
        assertEquals(RaftError.Type.UNKNOWN_SESSION, metaUnknown.error().type());

        assertError(RaftError.Type.PROTOCOL_ERROR, "command sequence 0 in session 1 (expected: >= 1)",
                run(sm, 4, command(codec, 1, s, 0, new KvPut("k", bytes("v")))));
        assertError(RaftError.Type.COMMAND_FAILURE, "MemberId is not a KV operation (expected: KvPut, KvGet,"
                + " KvDelete, KvCompareAndSet, KvWatch or KvUnwatch)",
                run(sm, 5, command(codec, 1, s, 1, MemberId.from("m"))));
        assertError(RaftError.Type.COMMAND_FAILURE, "operation id '1100@xml' names no serializer of this state"
                + " machine (expected: <type id>@<one of [kryo]>)", run(sm, 6, new CommandEntry(TERM, 1, s, 2, op("1100@xml", new byte[] {1}))));
        CommandResponse garbage = run(sm, 7, new CommandEntry(TERM, 1, s, 3,
                op("1100@kryo", new byte[] {1})));
        assertError(RaftError.Type.COMMAND_FAILURE, "cannot decode operation KvPut from 1 bytes with kryo: ", garbage);
        assertEquals(garbage, run(sm, 8, new CommandEntry(TERM, 1, s, 3,
                op("1100@kryo", new byte[] {1}))), "a failed command is cached like any other: applied once");
        assertError(RaftError.Type.QUERY_FAILURE, "KvPut changes state (expected: a query, KvGet; send it as a"
                + " command)", (QueryResponse) sm.runOperation(8, query(codec, s, new KvPut("k", bytes("v")))));
        assertNull(sm.entry("k"), "nothing above wrote a key");

        OpenSessionResponse wrongService = (OpenSessionResponse) sm.runOperation(9, new OpenSessionEntry(TERM, 1,
                MemberId.from("c"), "store", "queue", new byte[0], ReadConsistency.SEQUENTIAL, 0, TIMEOUT));
        assertEquals(Status.ERROR, wrongService.status());
        assertEquals(new RaftError(RaftError.Type.UNKNOWN_SERVICE, "service type 'queue' (expected: 'kv')", null),
                wrongService.error());
        OpenSessionResponse deadOnArrival = (OpenSessionResponse) sm.runOperation(10, open(1, 0));
        assertEquals(new RaftError(RaftError.Type.PROTOCOL_ERROR, "maxTimeout = 0 ms (expected: >= 1)", null),
                deadOnArrival.error());
        assertEquals(1, sm.sessionCount(), "neither refused open created a session");
    }

    @Test
    void tooManyUnacknowledgedResultsAreRefusedUntilAcknowledged() {
        long s = openSession(sm, 1, 1_000);
        long index = 2;
        for (long seq = 1; seq <= SessionTable.MAX_UNACKNOWLEDGED_RESULTS; seq++) {
            assertEquals(Status.OK, run(sm, index++, command(codec, 1_000, s, seq, new KvPut("k", bytes("v"))))
                    .status());
        }
        long next = SessionTable.MAX_UNACKNOWLEDGED_RESULTS + 1;
        CommandResponse refused = run(sm, index++, command(codec, 1_000, s, next, new KvPut("k", bytes("late"))));
        assertError(RaftError.Type.UNAVAILABLE, "session 1 holds 1024 unacknowledged results (expected: < 1024;"
                + " acknowledge results with a keep-alive, then retry)", refused);
        assertTrue(refused.error().type().retriable());
        assertArrayEquals(bytes("v"), sm.entry("k").value());
        sm.runOperation(index++, keepAlive(1_000, s, 10));
        CommandResponse retried = run(sm, index, command(codec, 1_000, s, next, new KvPut("k", bytes("late"))));
        assertEquals(Status.OK, retried.status(), "the refusal was not cached: the retry applies");
        assertArrayEquals(bytes("late"), sm.entry("k").value());
    }

    @Test
    void sessionsCloseAndMetadataListsThoseOpen() {
        long a = openSession(sm, 1, 1_000);
        long b = openSession(sm, 2, 1_000);
        MetadataResponse meta = (MetadataResponse) sm.runOperation(3, new MetadataEntry(TERM, 1_000, 0));
        assertEquals(List.of(new SessionMetadata(a, "store", "kv"), new SessionMetadata(b, "store", "kv")),
                List.copyOf(meta.sessions()));
        assertEquals(Status.OK, ((CloseSessionResponse) sm.runOperation(3, close(1_000, a))).status());
        assertFalse(sm.isSessionOpen(a));
        assertError(RaftError.Type.UNKNOWN_SESSION, "session 1 is not open",
                run(sm, 4, command(codec, 1_000, a, 1, new KvPut("k", bytes("v")))));
        assertEquals(List.of(new SessionMetadata(b, "store", "kv")),
                List.copyOf(((MetadataResponse) sm.runOperation(5, new MetadataEntry(TERM, 1_000, b))).sessions()));
    }

    @Test
    void expiryFollowsEntryTimestampsNotLocalClocksAndIsIdenticalOnEveryMember() {
        KvStateMachine fast = new KvStateMachine(List.of(codec), () -> 9_999_999);
        KvStateMachine slow = new KvStateMachine(List.of(codec), () -> 0);
        for (KvStateMachine m : List.of(fast, slow)) {
            long s1 = openSession(m, 1, 10_000);
            long s2 = openSession(m, 2, 12_000);
            m.runOperation(3, keepAlive(14_000, s1, 0));
            // 19_000: s1 (last active 14_000) is alive, s2 (12_000 + 5_000 < 19_000) expires as this entry applies
            CommandResponse r = run(m, 4, command(codec, 19_000, s2, 1, new KvPut("k", bytes("v"))));
            assertError(RaftError.Type.UNKNOWN_SESSION, "session 2 is not open", r);
            assertTrue(m.isSessionOpen(s1));
            // a new leader whose clock is behind: the session clock does not go back, and nothing is revived
            m.runOperation(5, new InitializeEntry(2, 3_000));
            assertEquals(19_000, m.clock());
            KeepAliveResponse late = (KeepAliveResponse) m.runOperation(6, new KeepAliveEntry(TERM, 4_000,
                    new long[] {s1, s2}, new long[] {0, 0}, new long[] {0, 0}));
            assertArrayEquals(new long[] {s1}, late.sessionIds(), "s2 stays closed");
            // s1 was kept alive at the session clock (19_000), not at the entry's stale 4_000
            assertTrue(m.isSessionOpen(s1));
            m.runOperation(7, new InitializeEntry(2, 24_000));
            assertTrue(m.isSessionOpen(s1), "19_000 + 5_000 is not before 24_000");
            m.runOperation(8, new InitializeEntry(2, 24_001));
            assertFalse(m.isSessionOpen(s1));
        }
        assertEquals(fast.digest(), slow.digest());
        long forever = ((OpenSessionResponse) fast.runOperation(9, open(30_000, Long.MAX_VALUE))).session();
        fast.runOperation(10, new InitializeEntry(3, Long.MAX_VALUE));
        assertTrue(fast.isSessionOpen(forever), "the largest timeout does not overflow into an early expiry");
        assertEquals(new InitializeEntry(0, 9_999_999), fast.getNewTermOperation());
        assertEquals(new InitializeEntry(0, 0), slow.getNewTermOperation());
    }

    @Test
    void queriesAndMetadataChangeNothing() {
        long s = openSession(sm, 1, 1_000);
        long before = sm.digest();
        sm.runOperation(1, query(codec, s, new KvGet("k")));
        sm.runOperation(1, new MetadataEntry(TERM, 50_000, s));
        assertEquals(before, sm.digest(), "neither moved the clock, refreshed a session nor wrote");
        assertEquals(1_000, sm.clock());
        assertEquals(1, sm.lastAppliedIndex());
    }

    @Test
    void refusesForeignOperationsAndReappliedIndicesBeforeChangingAnything() {
        openSession(sm, 1, 1_000);
        long before = sm.digest();
        IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
                () -> sm.runOperation(2, "put k v"));
        assertEquals("unsupported operation java.lang.String (expected: InitializeEntry, OpenSessionEntry,"
                + " KeepAliveEntry, CommandEntry, QueryEntry, CloseSessionEntry or MetadataEntry)",
                foreign.getMessage());
        IllegalStateException replay = assertThrows(IllegalStateException.class,
                () -> sm.runOperation(1, new InitializeEntry(1, 99_000)));
        assertEquals("entry at index 1 (expected: > 1, the last index applied)", replay.getMessage());
        assertEquals(before, sm.digest());
        assertEquals(1_000, sm.clock(), "the refused entry's timestamp was not applied");
    }

    @Test
    void digestDiffersWhenStateDiffers() {
        KvStateMachine other = new KvStateMachine(List.of(codec), () -> 1_000);
        long s = openSession(sm, 1, 1_000);
        openSession(other, 1, 1_000);
        assertEquals(sm.digest(), other.digest());
        run(sm, 2, command(codec, 1_000, s, 1, new KvPut("k", bytes("a"))));
        run(other, 2, command(codec, 1_000, s, 1, new KvPut("k", bytes("b"))));
        assertNotEquals(sm.digest(), other.digest());
    }

    @Test
    void aStateMachineAnswersEachClientInItsOwnEncoding() {
        OperationCodec jdk = KvFixtures.codec("jdk");
        KvStateMachine both = new KvStateMachine(List.of(codec, jdk), () -> 0);
        long s = openSession(both, 1, 1_000);
        run(both, 2, command(codec, 1_000, s, 1, new KvPut("k", bytes("v"))));
        CommandResponse viaJdk = run(both, 3, command(jdk, 1_000, s, 2, new KvGet("k")));
        assertEquals(new KvResult(true, bytes("v"), 2), jdk.decodeResult(viaJdk.result(), KvResult.class));
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class,
                () -> new KvStateMachine(List.of(codec, KvFixtures.codec("kryo")), () -> 0));
        assertEquals("two codecs for serializer 'kryo' (expected: one codec per serializer)", dup.getMessage());
    }

    private static PrimitiveOperation op(String id, byte[] value) {
        return new PrimitiveOperation(DefaultOperationId.command(id), value);
    }

    private static void assertError(RaftError.Type type, String messageStart, OperationResponse r) {
        assertEquals(Status.ERROR, r.status(), () -> r.toString());
        assertEquals(type, r.error().type(), () -> r.toString());
        assertTrue(r.error().message().startsWith(messageStart),
                () -> "'" + r.error().message() + "' (expected to start with: '" + messageStart + "')");
        assertEquals(0, r.result().length, "an error carries no result");
    }
}
