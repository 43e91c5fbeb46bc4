package io.raftwire.node.store;

import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.entry;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Review of the shared log (issue 31): each test shows a way a member of several groups could take a write for
 * durable that is not, or write where it must not, and asserts the refusal a user relies on instead.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SharedLogReviewTest {

    private static final String CLUSTER = "cluster";

    /** The sync thread's report of a failed force, which one test provokes. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("ERROR", GroupCommitter.class.getName());

    @TempDir
    Path root;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private static StoreOptions options(Syncer syncer) {
        return StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES).withPreallocation(false)
                .withSyncer(syncer);
    }

    private SharedLog shared(int groups, StoreOptions options) throws IOException {
        SharedLog log = SharedLog.open(root.resolve(SharedLog.DIRECTORY), serializer("kryo"), CLUSTER, groups,
                options);
        open.add(log);
        return log;
    }

    private FileRaftStore store(SharedLog log, int group, StoreOptions options) throws IOException {
        FileRaftStore store = FileRaftStore.open(root.resolve("group-" + group), serializer("kryo"),
                StoreFixtures.GROUP + "-" + group, options, StoreListener.NONE, log, group);
        open.add(store);
        store.takeRestoredState();
        StoreFixtures.initialise(store);
        return store;
    }

    private Path newestSegment() throws IOException {
        try (Stream<Path> s = Files.list(root.resolve(SharedLog.DIRECTORY))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".log")).sorted().reduce((a, b) -> b)
                    .orElseThrow();
        }
    }

    /**
     * Group 0's Raft thread forces (a truncation) while the sync thread's pass for group 1 is failing: the force
     * waited for that pass and then found the log failed. It must throw, not return as if the truncation record were
     * durable (a truncation counts only once durable; so does the log a new term is persisted over).
     */
    @Test
    void aForceThatWaitedBehindAFailingPassThrowsInsteadOfReturningAsIfDurable() throws Exception {
        GroupCommitTest.GatedSyncer syncer = new GroupCommitTest.GatedSyncer();
        StoreOptions o = options(syncer);
        SharedLog log = shared(2, o);
        FileRaftStore a = store(log, 0, o);
        FileRaftStore b = store(log, 1, o);
        a.persistLogEntries(entries(1, 3, 1));
        syncer.gate = new CountDownLatch(1);
        b.persistLogEntries(entries(1, 1, 1));
        b.flushAsynchronously(() -> {
            try {
                b.flush(); // hands over to the sync thread, which forces (and is held at the gate)
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        assertTrue(syncer.entered.await(20, TimeUnit.SECONDS), "the sync thread did not start forcing within 20 s");
        CompletableFuture<Void> truncation = new CompletableFuture<>();
        Thread raftThreadOfA = new Thread(() -> {
            try {
                a.truncateLogEntriesFrom(2);
                truncation.complete(null);
            } catch (Throwable t) {
                truncation.completeExceptionally(t);
            }
        }, "raft thread of group 0");
        raftThreadOfA.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!a.forceLock().hasQueuedThread(raftThreadOfA)) {
            assertTrue(System.nanoTime() < deadline, "group 0's force did not reach the force lock within 20 s");
            Thread.onSpinWait();
        }
        syncer.failure = new IOException("simulated EIO");
        syncer.gate.countDown(); // the sync thread's force fails; group 0's force runs after it
        ExecutionException thrown = assertThrows(ExecutionException.class, () -> truncation.get(20, TimeUnit.SECONDS),
                "truncateLogEntriesFrom returned as if its truncation record were durable, though its force ran"
                        + " after a failed one and forced nothing");
        assertTrue(thrown.getCause() instanceof IOException, thrown.getCause().toString());
        assertTrue(thrown.getCause().getMessage().startsWith("store " + log.directory() + " failed: forcing its files"
                + " on raftwire-store-sync " + log.directory() + " failed with java.io.IOException: simulated EIO"),
                thrown.getCause().getMessage());
        logs.await("forcing written log segments failed; the store refuses every call from now on");
    }

    /**
     * A force that fails when group 1's append moves the log on to a new segment (the full one is trimmed and forced)
     * must fail every group: after a failed fsync the kernel may have dropped the written pages and a retried fsync
     * can succeed without them, so group 0's later append and flush must not count as durable.
     */
    @Test
    void aFailedForceAtASegmentRollFailsEveryGroup() throws Exception {
        SharedLogTest.CountingSyncer syncer = new SharedLogTest.CountingSyncer();
        StoreOptions o = options(syncer);
        SharedLog log = shared(2, o);
        FileRaftStore a = store(log, 0, o);
        FileRaftStore b = store(log, 1, o);
        long next = 1;
        do { // until the newest segment is full: the next append rolls
            a.persistLogEntries(entries(next, next, 1));
            next++;
        } while (Files.size(newestSegment()) < StoreOptions.MIN_SEGMENT_BYTES);
        syncer.failure = new IOException("simulated EIO");
        IOException roll = assertThrows(IOException.class, () -> b.persistLogEntries(entries(1, 1, 1)));
        assertTrue(roll.getMessage().contains("simulated EIO"), roll.getMessage());
        syncer.failure = null; // the disk answers again: a retried fsync reports success
        long last = next;
        IOException later = assertThrows(IOException.class, () -> {
            a.persistLogEntries(entries(last, last, 1));
            a.flush();
        }, "group 0's entries were forced and reported durable after the shared log's force had failed");
        assertTrue(later.getMessage().contains("simulated EIO"), "names the first failure: " + later.getMessage());
    }

    /**
     * The directory fsync after a covered segment is deleted fails (on group 0's truncateLogEntriesUntil): group 1's
     * later appends and flush must fail as well, naming that error.
     */
    @Test
    void aFailedDirectoryForceAfterCompactionFailsEveryGroup() throws Exception {
        Path sharedDir = root.resolve(SharedLog.DIRECTORY);
        DirectoryFailingSyncer syncer = new DirectoryFailingSyncer(sharedDir);
        StoreOptions o = options(syncer);
        SharedLog log = shared(2, o);
        FileRaftStore a = store(log, 0, o);
        FileRaftStore b = store(log, 1, o);
        for (long i = 1; i <= 300; i += 20) {
            a.persistLogEntries(entries(i, i + 19, 1));
        }
        a.flush();
        assertTrue(log.segmentCount() >= 2, "group 0's entries span segments: " + log.segmentCount());
        for (SnapshotChunkModel c : StoreFixtures.chunks(290, 1, 1)) {
            a.persistSnapshotChunk(c);
        }
        a.flush();
        syncer.failure = new IOException("simulated EIO on the directory");
        IOException compaction = assertThrows(IOException.class, () -> a.truncateLogEntriesUntil(290));
        assertTrue(compaction.getMessage().contains("simulated EIO on the directory"), compaction.getMessage());
        syncer.failure = null;
        IOException other = assertThrows(IOException.class, () -> {
            b.persistLogEntries(entries(1, 1, 1));
            b.flush();
        }, "group 1 went on after the shared log's directory force had failed");
        assertTrue(other.getMessage().contains("simulated EIO on the directory"), other.getMessage());
    }

    /**
     * A group's part of the shared log, once closed (its store closed, say after its Raft node did not terminate in
     * time), refuses a late append: written, it would land among the records of the group's next store.
     */
    @Test
    void aClosedGroupsPartRefusesALateAppend() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(2, o);
        SharedLog.GroupLog part = log.attach(1, 0);
        part.close(() -> { });
        IllegalStateException late = assertThrows(IllegalStateException.class,
                () -> part.append(List.of(entry(1, 1))));
        assertEquals("group index 1's part of shared log " + log.directory() + " is closed (expected: calls from its"
                + " open store only)", late.getMessage());
        SharedLog.GroupLog again = log.attach(1, 0);
        assertEquals(List.of(), again.takeRestored(), "nothing of the closed part reached the log");
        assertFalse(again.hadRecords());
        again.close(() -> { });
    }

    /** Fails forces of one directory with {@link #failure} while it is set; forces everything else. Thread-safe. */
    static final class DirectoryFailingSyncer implements Syncer {
        private final Path failing;
        volatile IOException failure;

        DirectoryFailingSyncer(Path failing) {
            this.failing = failing;
        }

        @Override
        public void force(FileChannel channel) throws IOException {
            Syncer.SYSTEM.force(channel);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            IOException f = failure;
            if (f != null && directory.equals(failing)) {
                throw f;
            }
            Syncer.SYSTEM.forceDirectory(directory);
        }
    }
}
