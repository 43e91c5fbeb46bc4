package io.raftwire.node.kv;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.value.PrimitiveEvent;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.session.EventDelivery;
import io.raftwire.node.session.SessionEvents;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.List;

import static io.raftwire.node.kv.KvFixtures.bytes;
import static io.raftwire.node.kv.KvFixtures.close;
import static io.raftwire.node.kv.KvFixtures.command;
import static io.raftwire.node.kv.KvFixtures.keepAlive;
import static io.raftwire.node.kv.KvFixtures.open;
import static io.raftwire.node.kv.KvFixtures.result;
import static io.raftwire.node.kv.KvFixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Watches of keys and prefixes: which writes publish which events to whom, and the event state in snapshots. */
@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class KvWatchTest {

    private final OperationCodec kryo = KvFixtures.codec("kryo");
    private final OperationCodec jdk = KvFixtures.codec("jdk");
    private long index;
    private long sequence;

    private KvStateMachine machine() {
        return new KvStateMachine(List.of(kryo, jdk), () -> 0);
    }

    private CommandResponse apply(KvStateMachine sm, OperationCodec codec, long session, Object command) {
        return run(sm, ++index, command(codec, 1_000 + index, session, ++sequence, command));
    }

    private List<KvEvent> events(OperationCodec codec, List<EventDelivery> deliveries, long session) {
        List<KvEvent> out = new ArrayList<>();
        for (EventDelivery d : deliveries) {
            if (d.batch().session() == session) {
                for (PrimitiveEvent e : d.batch().events()) {
                    out.add((KvEvent) codec.decodeEvent(e));
                }
            }
        }
        return out;
    }

    /** Session 1 watches "a" (kryo) and prefix "p/" (kryo); session 2 watches prefix "p/" in jdk; session 3 none. */
    private long[] watching(KvStateMachine sm) {
        long[] s = new long[3];
        for (int i = 0; i < 3; i++) {
            s[i] = ++index;
            sm.runOperation(s[i], open(1_000, 60_000));
        }
        assertTrue(result(kryo, apply(sm, kryo, s[0], new KvWatch("a", false))).success());
        assertFalse(result(kryo, apply(sm, kryo, s[0], new KvWatch("a", false))).success(), "already watched");
        apply(sm, kryo, s[0], new KvWatch("p/", true));
        apply(sm, jdk, s[1], new KvWatch("p/", true));
        return s;
    }

    @Test
    void writesToWatchedKeysPublishOneEventPerWriteAndSessionInTheWatchersEncoding() {
        KvStateMachine sm = machine();
        long[] s = watching(sm);
        apply(sm, kryo, s[0], new KvWatch("a", true));
        sm.drainDeliveries();
        long put = index + 1;
        apply(sm, kryo, s[2], new KvPut("a", bytes("1")));
        apply(sm, kryo, s[2], new KvPut("b", bytes("unwatched")));
        long cas = index + 1;
        apply(sm, kryo, s[2], new KvCompareAndSet("p/x", 0, bytes("2")));
        apply(sm, kryo, s[2], new KvCompareAndSet("p/x", 0, bytes("stale")));
        long delete = index + 1;
        apply(sm, kryo, s[2], new KvDelete("a"));
        apply(sm, kryo, s[2], new KvDelete("a"));
        List<EventDelivery> out = sm.drainDeliveries();
        assertEquals(List.of(new KvEvent("a", bytes("1"), put, false), new KvEvent("p/x", bytes("2"), cas, false),
                new KvEvent("a", new byte[0], delete, true)), events(kryo, out, s[0]),
                "a failed compare-and-set and a delete of an absent key publish nothing; a key matched by two of"
                        + " one session's watches publishes once");
        assertEquals(List.of(new KvEvent("p/x", bytes("2"), cas, false)), events(jdk, out, s[1]));
        assertEquals(List.of(), events(kryo, out, s[2]), "no watch, no event");
        assertEquals(List.of(0L, put, cas), sm.eventState().get(0).pending().stream()
                .map(PublishRequest::previousIndex).toList(), "each batch names the one before it");
    }

    @Test
    void unwatchAndClosingTheSessionStopTheEvents() {
        KvStateMachine sm = machine();
        long[] s = watching(sm);
        assertTrue(result(kryo, apply(sm, kryo, s[0], new KvUnwatch("a", false))).success());
        assertFalse(result(kryo, apply(sm, kryo, s[0], new KvUnwatch("a", false))).success());
        sm.runOperation(++index, close(1_000 + index, s[1]));
        sm.drainDeliveries();
        apply(sm, kryo, s[2], new KvPut("a", bytes("1")));
        apply(sm, kryo, s[2], new KvPut("p/y", bytes("2")));
        List<EventDelivery> out = sm.drainDeliveries();
        assertEquals(List.of("p/y"), events(kryo, out, s[0]).stream().map(KvEvent::key).toList());
        assertEquals(List.of(), events(jdk, out, s[1]), "a closed session gets nothing");
        assertEquals(1, sm.watches().stream().filter(w -> w.session() == s[0]).count());
        assertTrue(sm.watches().stream().noneMatch(w -> w.session() == s[1]), "its watches went with it");
    }

    @Test
    void aSessionHoldsAtMost64WatchesAndIsToldWhy() {
        KvStateMachine sm = machine();
        long s = ++index;
        sm.runOperation(s, open(1_000, 60_000));
        for (int i = 0; i < KvWatches.MAX_WATCHES_PER_SESSION; i++) {
            assertEquals(Status.OK, apply(sm, kryo, s, new KvWatch("k" + i, false)).status());
        }
        CommandResponse refused = apply(sm, kryo, s, new KvWatch("one-more", false));
        assertEquals(Status.ERROR, refused.status());
        assertEquals(RaftError.Type.COMMAND_FAILURE, refused.error().type());
        assertEquals("session " + s + " holds 64 watches (expected: at most 64; unwatch one first)",
                refused.error().message());
    }

    @Test
    void membersThatApplyTheSameEntriesOrInstallASnapshotHoldTheSameEventState() {
        KvStateMachine a = machine();
        KvStateMachine b = machine();
        long[] s = null;
        for (KvStateMachine sm : List.of(a, b)) {
            index = 0;
            sequence = 0;
            s = watching(sm);
            apply(sm, kryo, s[2], new KvPut("p/1", bytes("x")));
            apply(sm, kryo, s[2], new KvPut("a", bytes("y")));
            sm.runOperation(++index, keepAlive(1_000 + index, s[0], 0));
        }
        assertEquals(a.eventState(), b.eventState());
        assertEquals(a.digest(), b.digest());
        List<Object> chunks = new ArrayList<>();
        a.takeSnapshot(index, chunks::add);
        KvStateMachine installed = machine();
        installed.installSnapshot(index, chunks);
        assertEquals(a.eventState(), installed.eventState());
        assertEquals(a.watches(), installed.watches());
        assertEquals(a.digest(), installed.digest());
        List<SessionEvents> before = a.eventState();
        long next = ++index;
        for (KvStateMachine sm : List.of(a, installed)) {
            run(sm, next, command(kryo, 9_000, s[2], 100, new KvPut("p/2", bytes("z"))));
        }
        assertEquals(a.eventState(), installed.eventState(), "publishing continues alike after the install");
        assertNotEquals(before, a.eventState());
    }
}
