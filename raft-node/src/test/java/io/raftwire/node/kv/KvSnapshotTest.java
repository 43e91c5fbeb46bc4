package io.raftwire.node.kv;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static io.raftwire.node.kv.KvFixtures.bytes;
import static io.raftwire.node.kv.KvFixtures.command;
import static io.raftwire.node.kv.KvFixtures.keepAlive;
import static io.raftwire.node.kv.KvFixtures.open;
import static io.raftwire.node.kv.KvFixtures.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
@ExtendWith(LeakDetectionExtension.class)
class KvSnapshotTest {

    static final List<String> SERIALIZERS = KvFixtures.SERIALIZERS;

    private final OperationCodec codec = KvFixtures.codec("kryo");

    /** Two sessions, cached and acknowledged results, a CAS, a delete, enough 4 KiB values for several chunks. */
    private long feed(KvStateMachine sm, int keys) {
        long index = 1;
        sm.runOperation(index++, open(1_000, 60_000));
        sm.runOperation(index++, open(1_100, 60_000));
        for (int i = 0; i < keys; i++) {
            byte[] value = new byte[4096];
            value[0] = (byte) i;
            run(sm, index++, command(codec, 2_000 + i, 1 + (i % 2), 1 + i / 2, new KvPut("key-" + (keys - i), value)));
        }
        sm.runOperation(index++, keepAlive(9_000, 1, 10));
        run(sm, index++, command(codec, 9_001, 2, 1_000, new KvCompareAndSet("key-1", 0, bytes("lost"))));
        run(sm, index++, command(codec, 9_002, 2, 1_001, new KvDelete("key-2")));
        return index;
    }

    private static List<Object> snapshot(KvStateMachine sm, long index) {
        List<Object> chunks = new ArrayList<>();
        sm.takeSnapshot(index, chunks::add);
        return chunks;
    }

    @Test
    void twoMachinesThatAppliedTheSameEntriesEmitEqualChunksWithinTheSizeLimit() {
        KvStateMachine a = new KvStateMachine(List.of(codec), () -> 1);
        KvStateMachine b = new KvStateMachine(List.of(codec), () -> 2);
        long index = feed(a, 600);
        assertEquals(index, feed(b, 600));
        List<Object> chunks = snapshot(a, index - 1);
        assertEquals(chunks, snapshot(b, index - 1));
        assertEquals(a.digest(), b.digest());

        KvSnapshotHeader header = assertInstanceOf(KvSnapshotHeader.class, chunks.get(0));
        assertEquals(new KvSnapshotHeader(KvSnapshotHeader.FORMAT, index - 1, 9_002, 2, 592, 599), header);
        // session 1: sequences 1..300, 1..10 acknowledged; session 2: 1..300, 1000 and 1001
        List<String> keys = new ArrayList<>();
        int kvChunks = 0;
        for (Object chunk : chunks.subList(1, chunks.size())) {
            if (chunk instanceof KvSnapshotChunk k) {
                kvChunks++;
                long estimate = k.entries().stream().mapToLong(e -> 64 + e.key().length() + e.value().length).sum();
                assertTrue(estimate <= KvStateMachine.MAX_CHUNK_BYTES, () -> estimate + " estimated bytes");
                k.entries().forEach(e -> keys.add(e.key()));
            }
        }
        assertEquals(3, kvChunks, "599 keys of ~4 KiB in chunks of at most 1 MiB");
        assertEquals(keys.stream().sorted().toList(), keys, "keys ascending across chunks");
    }

    @ParameterizedTest
    @FieldSource("SERIALIZERS")
    void chunksTravelThroughEverySerializerWithinTwiceTheEstimateAndInstallToAnEqualState(String name) {
        KvStateMachine source = new KvStateMachine(List.of(codec), () -> 1);
        long index = feed(source, 600);
        Serializer serializer = KvFixtures.serializer(name);
        List<Object> travelled = new ArrayList<>();
        for (Object chunk : snapshot(source, index - 1)) {
            ByteBuf buf = Unpooled.buffer();
            try {
                int id = serializer.registry().idOf(chunk);
                int size = serializer.encode(chunk, buf);
                assertTrue(size <= 2 * KvStateMachine.MAX_CHUNK_BYTES, () -> name + ": " + size + " bytes");
                travelled.add(serializer.decode(id, buf));
            } finally {
                buf.release();
            }
        }
        KvStateMachine target = new KvStateMachine(List.of(codec), () -> 1);
        target.installSnapshot(index - 1, travelled);
        assertEquals(source.digest(), target.digest());
        assertEquals(snapshot(source, index - 1), snapshot(target, index - 1));
        assertEquals(index - 1, target.lastAppliedIndex());
    }

    @ParameterizedTest
    @FieldSource("SERIALIZERS")
    void aChunkOfTinyEntriesStillEncodesWithinTwiceTheEstimate(String name) {
        List<KvEntry> tiny = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            tiny.add(new KvEntry(String.format("k%07d", i), new byte[0], i + 1));
        }
        KvStateMachine sm = new KvStateMachine(List.of(codec), () -> 1);
        sm.installSnapshot(7, List.of(new KvSnapshotHeader(KvSnapshotHeader.FORMAT, 7, 0, 0, 0, tiny.size()),
                new KvSnapshotChunk(tiny)));
        List<Object> chunks = snapshot(sm, 7);
        KvSnapshotChunk first = (KvSnapshotChunk) chunks.get(1);
        assertEquals(KvStateMachine.MAX_CHUNK_BYTES / 72, first.entries().size(), "72 estimated bytes per entry");
        Serializer serializer = KvFixtures.serializer(name);
        ByteBuf buf = Unpooled.buffer();
        try {
            int size = serializer.encode(first, buf);
            assertTrue(size <= 2 * KvStateMachine.MAX_CHUNK_BYTES, () -> name + ": " + size + " bytes");
        } finally {
            buf.release();
        }
    }

    @Test
    void anInstalledMachineBehavesLikeTheOriginalAfterwards() {
        KvStateMachine source = new KvStateMachine(List.of(codec), () -> 1);
        long index = feed(source, 40);
        KvStateMachine target = new KvStateMachine(List.of(codec), () -> 1);
        target.installSnapshot(index - 1, snapshot(source, index - 1));

        for (KvStateMachine m : List.of(source, target)) {
            long i = index;
            // a retried, unacknowledged sequence is answered from the restored cache
            CommandResponse retried = run(m, i++, command(codec, 9_100, 2, 15, new KvPut("key-11", new byte[1])));
            assertEquals(Status.OK, retried.status());
            assertEquals(32, retried.index(), "the index the command was first applied at");
            // an acknowledged one is refused, a new one applies, and expiry continues from the restored clock
            assertEquals(Status.ERROR, run(m, i++, command(codec, 9_100, 1, 3, new KvGet("key-1"))).status());
            run(m, i++, command(codec, 9_200, 1, 2_000, new KvPut("new", bytes("v"))));
            m.runOperation(i, new InitializeEntry(3, 9_100 + 60_001));
            assertEquals(1, m.sessionCount(), "session 2, idle since 9_100, expired; session 1 is alive");
        }
        assertEquals(source.digest(), target.digest());
    }

    @Test
    void aBadSnapshotIsRefusedNamingTheProblemAndChangesNothing() {
        KvStateMachine target = new KvStateMachine(List.of(codec), () -> 1);
        long index = feed(target, 10);
        long before = target.digest();
        List<Object> good = snapshot(target, index - 1);

        assertRefused(target, index - 1, good.subList(1, good.size()), "snapshot at index " + (index - 1)
                + " starts with io.raftwire.node.session.SessionSnapshotChunk (expected: a KvSnapshotHeader)");
        assertRefused(target, index, good, "snapshot header has format 1 and index " + (index - 1)
                + " (expected: format 1 and index " + index + ")");
        List<Object> missing = new ArrayList<>(good);
        missing.remove(missing.size() - 1);
        assertRefused(target, index - 1, missing, "holds 2 sessions, 7 results and 0 keys (expected: 2, 7 and 9,"
                + " as its header says)");
        List<Object> foreign = new ArrayList<>(good);
        foreign.add("junk");
        assertRefused(target, index - 1, foreign, "snapshot chunk " + good.size() + " is java.lang.String"
                + " (expected: a SessionSnapshotChunk, KvSnapshotChunk, SessionEventChunk or KvWatchChunk)");
        List<Object> unsorted = new ArrayList<>(good);
        KvSnapshotChunk keys = (KvSnapshotChunk) unsorted.remove(unsorted.size() - 1);
        List<KvEntry> reversed = new ArrayList<>(keys.entries());
        Collections.reverse(reversed);
        unsorted.add(new KvSnapshotChunk(reversed));
        assertRefused(target, index - 1, unsorted, "snapshot key 'key-8' follows 'key-9' (expected: strictly"
                + " ascending keys)");
        assertEquals(before, target.digest());
        assertEquals(index - 1, target.lastAppliedIndex());
    }

    private static void assertRefused(KvStateMachine sm, long index, List<Object> chunks, String message) {
        String actual = assertThrows(IllegalArgumentException.class, () -> sm.installSnapshot(index, chunks))
                .getMessage();
        assertTrue(actual.contains(message), () -> "'" + actual + "' (expected to contain: '" + message + "')");
    }
}
