package io.raftwire.node.server;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.kv.KvTypes;
import io.raftwire.node.kv.KvWatch;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.node.session.SessionTable;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class SessionTrackingStateMachineTest {

    /** The close for unacknowledged events is logged; captured, and checked where it is expected. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", SessionTable.class.getName());

    private static final TypeRegistry REGISTRY = KvTypes.registerAll(TypeRegistry.builder()).build();

    private final OperationCodec codec = new OperationCodec(
            Serializers.create("kryo", REGISTRY, SerializerOptions.defaults()));
    private final KvStateMachine kv = new KvStateMachine(List.of(codec), () -> 1_000);
    private final SessionConsistency consistency = new SessionConsistency();
    private final SessionTrackingStateMachine sm = new SessionTrackingStateMachine(kv, consistency);

    private long open(long index, long timestamp, long timeout) {
        return open(sm, "client-1", index, timestamp, timeout);
    }

    private static long open(SessionTrackingStateMachine sm, String client, long index, long timestamp, long timeout) {
        OpenSessionResponse r = (OpenSessionResponse) sm.runOperation(index, new OpenSessionEntry(1, timestamp,
                new MemberId(client), "kv", "kv", new byte[0], ReadConsistency.SEQUENTIAL, timeout, timeout));
        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        return r.session();
    }

    private CommandResponse command(long index, long session, long sequence, Object operation) {
        CommandResponse r = (CommandResponse) sm.runOperation(index, new CommandEntry(1, 1_000, session, sequence,
                codec.command(operation)));
        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        return r;
    }

    /**
     * The node notes each session's read consistency when it opens; a session that expires, or that the cluster
     * closes, must be forgotten too, or every member keeps an entry for every session ever opened.
     */
    @Test
    void expiredSessionsAreForgottenLikeClosedOnes() {
        long expiring = open(1, 1_000, 100);
        long closing = open(2, 1_000, 60_000);
        long staying = open(3, 1_000, 60_000);
        assertEquals(3, consistency.size());
        assertEquals(ReadConsistency.SEQUENTIAL, consistency.of(expiring));

        sm.runOperation(4, new InitializeEntry(0, 2_000)); // moves the session clock past the first one's deadline
        sm.runOperation(5, new CloseSessionEntry(1, 2_001, closing, false, false));

        assertFalse(kv.isSessionOpen(expiring));
        assertFalse(kv.isSessionOpen(closing));
        assertEquals(1, consistency.size(), "sessions still noted after they expired or closed");
        assertEquals(ReadConsistency.SEQUENTIAL, consistency.of(staying));
        assertEquals(ReadConsistency.LINEARIZABLE, consistency.of(expiring), "an expired session is unknown");
        assertEquals(1, sm.closedByStateMachine(), "the expired session counts, the one its client closed does not");
    }

    /**
     * A session the cluster closes because its client let too many events go unacknowledged is forgotten with its
     * owner, so it no longer counts against that client's cap of open sessions.
     */
    @Test
    void aSessionClosedForUnacknowledgedEventsNoLongerCountsForItsOwner() {
        long watcher = open(1, 1_000, 60_000);
        long writer = open(sm, "client-2", 2, 1_000, 60_000);
        command(3, watcher, 1, new KvWatch("k", false));
        assertEquals(1, consistency.ownedBy("client-1"));

        byte[] value = new byte[200 * 1024];
        for (int i = 0; i < 3; i++) { // the third batch takes the watcher past 512 KiB of unacknowledged events
            command(4 + i, writer, 1 + i, new KvPut("k", value));
        }

        assertFalse(kv.isSessionOpen(watcher));
        logs.await("closed session " + watcher + " of client client-1 at index 6: it holds 2 unacknowledged event"
                + " batches");
        assertEquals(0, consistency.ownedBy("client-1"), "the closed session still counts for its owner");
        assertNull(consistency.owner(watcher));
        assertEquals(1, consistency.ownedBy("client-2"));
        assertEquals(1, sm.closedByStateMachine());
    }

    /**
     * A member that installs a snapshot knows exactly the snapshot's sessions afterwards, with their owners and read
     * consistency, whatever it had noted before (a session it noted that the snapshot does not hold has been closed).
     */
    @Test
    void aSnapshotInstallRebuildsTheOwnersOfItsSessionsAndForgetsTheOthers() {
        long first = open(1, 1_000, 60_000);
        long second = open(sm, "client-2", 2, 1_000, 60_000);
        long third = open(3, 1_000, 60_000);
        List<Object> chunks = new ArrayList<>();
        sm.takeSnapshot(3, chunks::add);

        SessionConsistency noted = new SessionConsistency();
        noted.opened(99, ReadConsistency.LINEARIZABLE_LEASE, "client-1");
        noted.opened(first, ReadConsistency.LINEARIZABLE, "client-3");
        SessionTrackingStateMachine other = new SessionTrackingStateMachine(new KvStateMachine(List.of(codec),
                () -> 1_000), noted);
        other.installSnapshot(3, chunks);

        assertEquals(3, noted.size());
        assertEquals(2, noted.ownedBy("client-1"));
        assertEquals(1, noted.ownedBy("client-2"));
        assertEquals(0, noted.ownedBy("client-3"));
        assertEquals("client-1", noted.owner(first));
        assertEquals("client-2", noted.owner(second));
        assertEquals("client-1", noted.owner(third));
        assertEquals(ReadConsistency.SEQUENTIAL, noted.of(first));
        assertNull(noted.owner(99));
    }
}
