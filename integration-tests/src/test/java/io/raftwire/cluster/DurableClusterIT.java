package io.raftwire.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.transport.netty.testkit.Await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import io.raftwire.transport.netty.testkit.LogCapture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Members with data directories: restarts, snapshots, damaged stores and a serializer switch, on loopback sockets. */
class DurableClusterIT {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.store.FileRaftStore",
            "io.raftwire.node.engine.StalePreVoteWatchdog",
            // members stopped on purpose: their peers report them unreachable
            "io.raftwire.transport.netty.Lane");

    @TempDir
    Path data;

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static <T> T join(CompletableFuture<T> f) throws Exception {
        return f.get(KvCluster.WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    private KvCluster start(String serializer, int snapshotInterval) {
        Map<String, String> base = KvCluster.base(serializer);
        base.put("raftwire.raft.snapshot-interval", String.valueOf(snapshotInterval));
        return KvCluster.start(3, 3, base, data);
    }

    @Test
    @Timeout(120)
    void aFollowerLeftBehindBySeveralSnapshotsRestartsFromItsDirectoryAndCatchesUpThroughASnapshot() throws Exception {
        try (KvCluster kv = start("kryo", 40); KvClient client = kv.client()) {
            join(client.put("early", bytes("e")));
            int leader = kv.awaitLeader();
            int follower = (leader + 1) % 3;
            kv.cluster.stop(follower);
            for (int i = 0; i < 180; i++) { // at least four snapshots while the follower is stopped
                join(client.put("k" + (i % 50), bytes("v" + i)));
            }
            RaftwireNode back = kv.cluster.restart(follower);
            Map<String, Long> digests = kv.digests();
            assertEquals(3, digests.size());
            assertEquals(1, new HashSet<>(digests.values()).size(), "state machines differ: " + digests);
            int installed = join(back.raftNode().getReport()).getResult().getLog().getInstallSnapshotCount();
            assertTrue(installed >= 1, "the restarted follower caught up without installing a snapshot");
        }
    }

    /**
     * MicroRaft 0.7 leaves a member restarted while the group has a leader unable to notice that leader's death
     * (StalePreVoteWatchdog explains why and works around it); here both followers are restarted, then the leader
     * stops, and the two must elect a new one.
     */
    @Test
    @Timeout(120)
    void membersRestartedWhileTheGroupHadALeaderElectANewOneWhenItStops() throws Exception {
        try (KvCluster kv = start("kryo", 100_000); KvClient client = kv.client()) {
            join(client.put("k", bytes("before")));
            int leader = kv.awaitLeader();
            for (int i : new int[] {(leader + 1) % 3, (leader + 2) % 3}) {
                kv.cluster.stop(i);
                kv.cluster.restart(i);
                join(client.put("k", bytes("after-restart-" + i)));
            }
            int last = kv.awaitLeader();
            kv.cluster.stop(last);
            int next = kv.awaitLeader();
            assertTrue(next != last);
            assertTrue(join(client.put("k", bytes("after-leader-stop"))).success());
            assertArrayEquals(bytes("after-leader-stop"), join(client.get("k")).value());
        }
    }

    @Test
    @Timeout(120)
    void everyMemberRestartsFromItsDirectoryWithItsState() throws Exception {
        try (KvCluster kv = start("protostuff", 50)) {
            try (KvClient client = kv.client()) {
                for (int i = 0; i < 120; i++) {
                    join(client.put("k" + i, bytes("v" + i)));
                }
            }
            Map<String, Long> before = kv.digests();
            for (int i = 0; i < 3; i++) {
                kv.cluster.stop(i);
            }
            for (int i = 0; i < 3; i++) {
                kv.cluster.restart(i);
            }
            try (KvClient client = kv.client()) {
                for (int i = 0; i < 120; i++) {
                    assertArrayEquals(bytes("v" + i), join(client.get("k" + i)).value(), "k" + i);
                }
            }
            Map<String, Long> after = kv.digests();
            assertEquals(3, after.size());
            assertEquals(1, new HashSet<>(after.values()).size(), "state machines differ: " + after);
            assertEquals(3, before.size());
        }
    }

    @Test
    @Timeout(120)
    void aTornLastRecordIsCutAndTheMemberRejoinsButDamageMidFileStopsItsStartUp() throws Exception {
        try (KvCluster kv = start("jdk", 100_000); KvClient client = kv.client()) {
            for (int i = 0; i < 40; i++) {
                join(client.put("k" + i, bytes("v" + i)));
            }
            int leader = kv.awaitLeader();
            int follower = (leader + 1) % 3;
            kv.cluster.stop(follower);
            Path segment = newestSegment(data.resolve(io.raftwire.node.local.LocalCluster.id(follower)));
            long end = recordsEnd(segment);
            // a crash while the next record was being written where the records end (in a preallocated segment,
            // before the zeros): its frame is complete, its payload is not (it was never flushed, so never
            // acknowledged)
            ByteBuffer torn = ByteBuffer.allocate(16 + 100);
            torn.putInt(500).putInt(101);
            java.util.zip.CRC32C crc = new java.util.zip.CRC32C();
            crc.update(torn.array(), 0, 8);
            torn.putInt((int) crc.getValue()).putInt(0x12345678);
            try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.WRITE)) {
                ch.write(torn.rewind(), end);
            }
            long size = Files.size(segment);
            kv.cluster.restart(follower);
            logs.await("truncated torn tail of " + segment + " at offset " + end + ": dropped " + (size - end)
                    + " bytes");
            join(client.put("after-torn", bytes("x")));
            Map<String, Long> digests = kv.digests();
            assertEquals(1, new HashSet<>(digests.values()).size(), "state machines differ: " + digests);

            kv.cluster.stop(follower);
            segment = newestSegment(data.resolve(io.raftwire.node.local.LocalCluster.id(follower)));
            long middle = recordsEnd(segment) / 2; // inside the records, not in a preallocated segment's zeros
            try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                ByteBuffer b = ByteBuffer.allocate(1);
                ch.read(b, middle);
                b.put(0, (byte) (b.get(0) ^ 0x5A)).rewind();
                ch.write(b, middle);
            }
            UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> kv.cluster.restart(follower));
            assertTrue(e.getMessage().contains(segment.getFileName().toString()), e.getMessage());
            assertTrue(e.getMessage().contains("at offset"), e.getMessage());
            assertTrue(e.getMessage().contains("expected"), e.getMessage());
            assertTrue(join(client.put("still-serving", bytes("y"))).success(), "the other two keep a quorum");
        }
    }

    /**
     * Where the records of a segment end, walking its frames as raft-node's StoreFormat describes them: at the first
     * frame of 16 zero bytes (a preallocated segment), or the end of the file (a grown one).
     */
    private static long recordsEnd(Path segment) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(segment));
        int nameLength = b.get(32) & 0xFF;
        int groupLength = b.getShort(33 + nameLength) & 0xFFFF;
        int at = 33 + nameLength + 2 + groupLength + 4;
        while (at + 16 <= b.limit() && (b.getLong(at) != 0 || b.getLong(at + 8) != 0)) {
            at += 16 + b.getInt(at);
        }
        return at;
    }

    private static Path newestSegment(Path member) throws IOException {
        try (Stream<Path> files = Files.list(member.resolve("log"))) {
            return files.filter(p -> p.toString().endsWith(".log")).sorted().reduce((a, b) -> b).orElseThrow();
        }
    }

    @Test
    @Timeout(180)
    void theClusterMovesToAnotherSerializerNodeByNodeWhileAClientWritesWithoutSeeingAnError() throws Exception {
        try (KvCluster kv = start("kryo", 200); KvClient client = kv.client()) {
            AtomicBoolean running = new AtomicBoolean(true);
            AtomicInteger written = new AtomicInteger();
            AtomicReference<Throwable> failure = new AtomicReference<>();
            Thread writer = new Thread(() -> {
                try {
                    while (running.get()) {
                        int i = written.get();
                        client.put("w" + i, bytes("v" + i)).get(60, TimeUnit.SECONDS);
                        written.incrementAndGet();
                    }
                } catch (Throwable t) {
                    failure.set(t);
                }
            }, "serializer-switch-writer");
            writer.start();
            List<String> phases = new ArrayList<>();
            // first every member accepts both, then every member sends protostuff (still accepting kryo)
            for (Map<String, String> change : List.of(
                    Map.of("raftwire.serializer", "kryo", "raftwire.serializer.accept", "protostuff"),
                    Map.of("raftwire.serializer", "protostuff", "raftwire.serializer.accept", "kryo"))) {
                for (int i = 0; i < 3; i++) {
                    kv.cluster.stop(i);
                    kv.cluster.reconfigure(i, change);
                    kv.cluster.restart(i);
                    int target = written.get() + 20;
                    Await.until(KvCluster.WAIT, () -> written.get() >= target || failure.get() != null,
                            () -> "writes stalled at " + written.get());
                    phases.add(change.get("raftwire.serializer") + "@node-" + (i + 1));
                }
            }
            running.set(false);
            writer.join(TimeUnit.SECONDS.toMillis(60));
            assertEquals(null, failure.get(), "the client saw an error during " + phases);
            for (int i = 0; i < written.get(); i += 7) {
                assertArrayEquals(bytes("v" + i), join(client.get("w" + i)).value(), "w" + i);
            }
            Map<String, Long> digests = kv.digests();
            assertEquals(1, new HashSet<>(digests.values()).size(), "state machines differ: " + digests);
            Integer keys = kv.cluster.node(0).read(0, KvCluster.WAIT, sm -> ((KvStateMachine) sm).keyCount())
                    .get(30, TimeUnit.SECONDS);
            assertTrue(keys >= written.get(), keys + " keys for " + written.get() + " writes");
        }
    }
}
