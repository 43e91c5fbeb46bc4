package io.raftwire.node.app;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.KeepAliveEntry;
import io.raftwire.message.log.MetadataEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.log.QueryEntry;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.KeepAliveResponse;
import io.raftwire.message.response.MetadataResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.response.QueryResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.message.value.SessionMetadata;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The base class as an application sees it, with a counter as the application: every session entry handled as the KV
 * store handles it, commands exactly once, snapshots of sessions and the application's state, and refusals that reach
 * the client as errors instead of exceptions on the Raft thread.
 */
@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class ReplicatedStateMachineTest {

    /** The counter's command: adds {@code amount}, refused if negative. */
    record Add(long amount) {
    }

    /** The counter's result and its snapshot. */
    record Total(long sum) {
    }

    private static final TypeRegistry REGISTRY =
            KvNodes.registry(b -> b.register(1024, Add.class).register(1025, Total.class));
    private static final long TERM = 1;
    private static final long TIMEOUT = 5_000;
    private static final MemberId CLIENT = MemberId.from("client-1");

    /** A counter that counts how often {@link #apply} ran, to tell an applied command from a cached answer. */
    static final class Counter extends ReplicatedStateMachine<Add, Total> {
        long sum;
        int applied;
        private final boolean queries;

        Counter(List<OperationCodec> codecs, String serviceType, boolean queries) {
            super(Add.class, serviceType, codecs, () -> 42_000);
            this.queries = queries;
        }

        @Override
        protected Total apply(Add add) {
            applied++;
            if (add.amount() < 0) {
                throw new IllegalArgumentException("negative amount " + add.amount());
            }
            sum += add.amount();
            return new Total(sum);
        }

        @Override
        protected Total query(Add query) {
            return queries ? new Total(sum + query.amount()) : super.query(query);
        }

        @Override
        protected Object snapshot() {
            return new Total(sum);
        }

        @Override
        protected void restore(Object snapshot) {
            sum = ((Total) snapshot).sum();
        }
    }

    private final Serializer kryo = Serializers.create("kryo", REGISTRY, SerializerOptions.defaults());
    private final OperationCodec codec = new OperationCodec(kryo);
    private final Counter counter = new Counter(List.of(codec), null, true);

    private static OpenSessionEntry open(long timestamp, String serviceType) {
        return new OpenSessionEntry(TERM, timestamp, CLIENT, "counter", serviceType, new byte[0],
                ReadConsistency.LINEARIZABLE, 0, TIMEOUT);
    }

    private long openSession(Counter sm, long index, long timestamp) {
        OpenSessionResponse r = (OpenSessionResponse) sm.runOperation(index, open(timestamp, "counter"));
        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        assertEquals(index, r.session(), "the session id is the entry's index");
        return r.session();
    }

    private CommandResponse command(Counter sm, long index, long timestamp, long session, long sequence,
            Object command) {
        return (CommandResponse) sm.runOperation(index,
                new CommandEntry(TERM, timestamp, session, sequence, codec.command(command)));
    }

    private Total total(CommandResponse r) {
        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        return codec.decodeResult(r.result(), Total.class);
    }

    private static void assertError(RaftError.Type type, String message, RaftError error) {
        assertEquals(type, error.type(), error.toString());
        assertEquals(message, error.message());
    }

    @Test
    void opensKeepsAliveListsAndClosesSessions() {
        long s = openSession(counter, 1, 1_000);

        KeepAliveResponse alive = (KeepAliveResponse) counter.runOperation(2,
                new KeepAliveEntry(TERM, 2_000, new long[] {s, 99}, new long[] {0, 0}, new long[] {0, 0}));
        MetadataResponse listed = (MetadataResponse) counter.runOperation(2, new MetadataEntry(TERM, 0, 0));
        CloseSessionResponse closed = (CloseSessionResponse) counter.runOperation(3,
                new CloseSessionEntry(TERM, 3_000, s, false, false));
        CloseSessionResponse again = (CloseSessionResponse) counter.runOperation(4,
                new CloseSessionEntry(TERM, 4_000, s, false, false));

        assertArrayEquals(new long[] {s}, alive.sessionIds(), "only the open session is alive");
        assertEquals(List.of(new SessionMetadata(s, "counter", "counter")), List.copyOf(listed.sessions()));
        assertEquals(Status.OK, closed.status());
        assertArrayEquals(new long[] {s}, counter.drainClosedSessions(), "the node hears the session closed");
        assertError(RaftError.Type.UNKNOWN_SESSION, "session 1 is not open (expected: a session opened by "
                + "OpenSessionEntry, kept alive and not closed)", again.error());
        assertEquals(0, counter.sessionCount());
    }

    @Test
    void sessionsExpireByTheLeaderTimestampsOfTheEntriesAndAKeepAliveDefersIt() {
        long kept = openSession(counter, 1, 1_000);
        long idle = openSession(counter, 2, 1_000);
        counter.runOperation(3, new KeepAliveEntry(TERM, 5_000, new long[] {kept}, new long[] {0}, new long[] {0}));

        assertNull(counter.runOperation(4, new InitializeEntry(TERM, 6_001)), "a new term's entry answers nothing");

        assertEquals(6_001, counter.clock());
        assertFalse(counter.isSessionOpen(idle), "idle since 1,000 with a 5,000 ms timeout: expired at 6,001");
        assertTrue(counter.isSessionOpen(kept), "kept alive at 5,000");
        assertArrayEquals(new long[] {idle}, counter.drainClosedSessions());
        CommandResponse late = command(counter, 5, 6_002, idle, 1, new Add(1));
        assertError(RaftError.Type.UNKNOWN_SESSION, "session 2 is not open (expected: a session opened by "
                + "OpenSessionEntry, kept alive and not closed)", late.error());
        assertEquals(0, counter.applied, "a command of an expired session is not applied");
    }

    @Test
    void aRetriedSequenceGetsTheCachedResultWithoutBeingAppliedTwice() {
        long s = openSession(counter, 1, 1_000);
        CommandResponse first = command(counter, 2, 1_001, s, 1, new Add(5));
        CommandResponse second = command(counter, 3, 1_002, s, 2, new Add(2));

        CommandResponse retried = command(counter, 4, 1_003, s, 1, new Add(5));

        assertEquals(new Total(5), total(first));
        assertEquals(new Total(7), total(second));
        assertEquals(first, retried, "the retry gets the response of index 2");
        assertEquals(2, retried.index());
        assertEquals(2, counter.applied, "applied once per sequence");
        assertEquals(7, counter.sum);
    }

    @Test
    void aQueryReadsWithoutChangingAnythingAndIsRefusedByDefault() {
        long s = openSession(counter, 1, 1_000);
        command(counter, 2, 1_001, s, 1, new Add(5));
        Counter noQueries = new Counter(List.of(codec), null, false);
        openSession(noQueries, 1, 1_000);

        QueryResponse read = (QueryResponse) counter.runOperation(2, new QueryEntry(TERM, 0, s, 0,
                codec.query(new Add(100))));
        QueryResponse refused = (QueryResponse) noQueries.runOperation(1, new QueryEntry(TERM, 0, s, 0,
                codec.query(new Add(100))));

        assertEquals(new Total(105), codec.decodeResult(read.result(), Total.class));
        assertEquals(5, counter.sum, "the query changed nothing");
        assertError(RaftError.Type.QUERY_FAILURE, "Counter.query threw java.lang.UnsupportedOperationException: "
                + "Counter takes no queries (expected: override query(...) to answer them, or send the operation as"
                + " a command)", refused.error());
    }

    @Test
    void aCommandOfAnotherTypeIsRefusedNamingTheTypeExpected() {
        long s = openSession(counter, 1, 1_000);

        CommandResponse r = command(counter, 2, 1_001, s, 1, new KvPut("k", new byte[] {1}));

        assertEquals(Status.ERROR, r.status());
        assertError(RaftError.Type.COMMAND_FAILURE, "io.raftwire.node.kv.KvPut is not an operation of Counter"
                + " (expected: " + Add.class.getName() + ")", r.error());
        assertEquals(0, counter.applied);
    }

    @Test
    void anApplyThatThrowsBecomesAnErrorResultAndTheNextCommandRuns() {
        long s = openSession(counter, 1, 1_000);

        CommandResponse failed = command(counter, 2, 1_001, s, 1, new Add(-1));
        CommandResponse retried = command(counter, 3, 1_002, s, 1, new Add(-1));
        CommandResponse next = command(counter, 4, 1_003, s, 2, new Add(3));

        assertEquals(Status.ERROR, failed.status());
        assertError(RaftError.Type.COMMAND_FAILURE,
                "Counter.apply threw java.lang.IllegalArgumentException: negative amount -1", failed.error());
        assertEquals(failed, retried, "the error is cached like a result: a retry gets it, not a second run");
        assertEquals(new Total(3), total(next));
        assertEquals(2, counter.applied);
    }

    @Test
    void aSnapshotCarriesSessionsCachedResultsAndTheApplicationState() {
        long s = openSession(counter, 1, 1_000);
        CommandResponse first = command(counter, 2, 1_001, s, 1, new Add(5));
        command(counter, 3, 1_002, s, 2, new Add(2));
        List<Object> chunks = new ArrayList<>();
        counter.takeSnapshot(3, chunks::add);

        Counter restored = new Counter(List.of(codec), null, true);
        restored.installSnapshot(3, roundTrip(chunks));
        long sumRestored = restored.sum;
        long clockRestored = restored.clock();
        CommandResponse retried = command(restored, 4, 1_003, s, 1, new Add(5));
        CommandResponse next = command(restored, 5, 1_004, s, 3, new Add(1));

        assertEquals(new Total(7), chunks.get(chunks.size() - 1), "the application's state is the last chunk");
        assertEquals(7, sumRestored);
        assertEquals(1_002, clockRestored, "the session clock travelled with the snapshot");
        assertTrue(restored.isSessionOpen(s));
        assertEquals(first, retried, "the cached result travelled with the snapshot");
        assertEquals(new Total(8), total(next));
        assertEquals(1, restored.applied, "only the new sequence was applied");
    }

    @Test
    void aSnapshotThatDoesNotStartWithItsHeaderIsRefusedBeforeAnythingChanges() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> counter.installSnapshot(3, List.of(new Total(9), new Total(9))));

        assertEquals("snapshot at index 3 of 2 chunks starts with " + Total.class.getName()
                + " (expected: a KvSnapshotHeader, session chunks, then the state)", e.getMessage());
        assertEquals(0, counter.sum);
    }

    @Test
    void withAServiceTypeASessionForAnotherServiceIsRefused() {
        Counter strict = new Counter(List.of(codec), "counter", true);

        OpenSessionResponse kv = (OpenSessionResponse) strict.runOperation(1, open(1_000, "kv"));
        OpenSessionResponse own = (OpenSessionResponse) strict.runOperation(2, open(1_000, "counter"));
        OpenSessionResponse anyAccepted = (OpenSessionResponse) counter.runOperation(1, open(1_000, "kv"));

        assertError(RaftError.Type.UNKNOWN_SERVICE, "service type 'kv' (expected: 'counter')", kv.error());
        assertEquals(Status.OK, own.status());
        assertEquals(Status.OK, anyAccepted.status(), "built without a service type it accepts any");
    }

    @Test
    void aNewTermIsStampedWithTheClock() {
        assertEquals(new InitializeEntry(0, 42_000), counter.getNewTermOperation());
    }

    /** Each chunk encoded and decoded with the serializer, as a snapshot travels to another member. */
    private List<Object> roundTrip(List<Object> chunks) {
        List<Object> out = new ArrayList<>();
        for (Object chunk : chunks) {
            ByteBuf buf = Unpooled.buffer();
            try {
                kryo.encode(chunk, buf);
                out.add(kryo.decode(REGISTRY.idOf(chunk), buf));
            } finally {
                buf.release();
            }
        }
        return out;
    }
}
