package io.raftwire.node.store;

import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's group commit: inside {@link FileRaftStore#flushAsynchronously} a flush returns before anything is forced,
 * the store's sync thread forces what was handed over in one pass, and only then publishes the ticket and runs its
 * callbacks; flushes that arrive during a force share the next one; a failed force fails the store; close stops the
 * thread without forcing.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(value = 30, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a deadlock fails the test
class GroupCommitTest {

    private static final String SYNC_THREAD = "raftwire-store-sync ";

    @TempDir
    Path dir;

    private final GatedSyncer syncer = new GatedSyncer();

    /** The sync thread's report of a failed force, which one test provokes. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("ERROR", GroupCommitter.class.getName());
    private FileRaftStore store;

    /**
     * Forces through {@link Syncer#SYSTEM} or another syncer; on the store's sync thread it counts, can be held at the
     * start of a force until released, and can fail.
     */
    static final class GatedSyncer implements Syncer {
        private final Syncer real;
        final AtomicInteger syncThreadForces = new AtomicInteger();
        final CountDownLatch entered = new CountDownLatch(1);
        volatile CountDownLatch gate = new CountDownLatch(0);
        volatile IOException failure;

        GatedSyncer() {
            this(Syncer.SYSTEM);
        }

        GatedSyncer(Syncer real) {
            this.real = real;
        }

        @Override
        public void force(FileChannel channel) throws IOException {
            if (Thread.currentThread().getName().startsWith(SYNC_THREAD)) {
                entered.countDown();
                await(gate);
                if (failure != null) {
                    throw failure;
                }
                real.force(channel);
                syncThreadForces.incrementAndGet(); // counted once it returned: then the bytes are durable
                return;
            }
            real.force(channel);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            real.forceDirectory(directory);
        }
    }

    private FileRaftStore open() throws IOException {
        store = FileRaftStore.open(dir, serializer("kryo"), StoreFixtures.GROUP,
                StoreOptions.defaults().withSyncer(syncer));
        store.takeRestoredState();
        StoreFixtures.initialise(store);
        return store;
    }

    @AfterEach
    void close() throws IOException {
        if (store != null) {
            syncer.gate.countDown();
            store.close();
        }
    }

    /** A flush on the Raft thread inside the window, with its ticket. */
    private long flushAsync() {
        store.flushAsynchronously(() -> {
            try {
                store.flush();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        return store.lastTicket();
    }

    @Test
    void anAsynchronousFlushReturnsAtOnceAndItsCallbackRunsOnTheSyncThreadOnlyAfterTheForce() throws Exception {
        open();
        syncer.gate = new CountDownLatch(1);
        store.persistLogEntries(entries(1, 3, 1));
        long ticket = flushAsync();
        assertEquals(1, ticket, "the first asynchronous flush gets ticket 1");
        List<String> ranOn = new CopyOnWriteArrayList<>();
        CountDownLatch done = new CountDownLatch(1);
        store.whenDurable(ticket, () -> {
            ranOn.add(Thread.currentThread().getName() + " after " + syncer.syncThreadForces.get() + " force(s)");
            done.countDown();
        });
        await(syncer.entered);
        assertEquals(0, store.durableTicket(), "nothing is durable while the force runs");
        assertEquals(1, done.getCount(), "the callback must not run before the force returned");
        syncer.gate.countDown();
        await(done);
        assertEquals(List.of(SYNC_THREAD + dir + " after 1 force(s)"), ranOn,
                "the callback runs on the store's sync thread once the segment was forced");
        assertEquals(1, store.durableTicket());
        CountDownLatch already = new CountDownLatch(1);
        store.whenDurable(ticket, already::countDown);
        assertEquals(0, already.getCount(), "a callback of a durable ticket runs at once, on the caller's thread");
    }

    @Test
    void flushesThatArriveDuringAForceShareTheNextForceAndAreReportedInTicketOrder() throws Exception {
        open();
        syncer.gate = new CountDownLatch(1);
        store.persistLogEntries(entries(1, 1, 1));
        long first = flushAsync();
        await(syncer.entered); // the sync thread is inside the first force
        List<Long> reported = new CopyOnWriteArrayList<>();
        store.whenDurable(first, () -> reported.add(first));
        for (int i = 2; i <= 6; i++) {
            store.persistLogEntries(entries(i, i, 1));
            long t = flushAsync();
            store.whenDurable(t, () -> reported.add(t));
        }
        assertEquals(6, store.lastTicket(), "one ticket per flush that handed something over");
        CountDownLatch last = new CountDownLatch(1);
        store.whenDurable(6, last::countDown);
        syncer.gate.countDown();
        await(last);
        assertEquals(2, syncer.syncThreadForces.get(), "five flushes during one force of the one segment they wrote"
                + " to take one more force, not five");
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), reported, "callbacks run in ticket order");
    }

    @Test
    void aFlushWithNothingWrittenTakesNoNewTicket() throws Exception {
        open();
        store.persistLogEntries(entries(1, 2, 1));
        long t = flushAsync();
        assertEquals(t, flushAsync(), "nothing written since: the same ticket stands for it");
    }

    @Test
    void theSynchronousPathsForceWhatWasHandedOverBeforeTheyReturn() throws Exception {
        open();
        syncer.gate = new CountDownLatch(1);
        store.persistLogEntries(entries(1, 5, 1));
        long t = flushAsync();
        await(syncer.entered);
        store.persistLogEntries(entries(6, 8, 1));
        long t2 = flushAsync();
        syncer.gate.countDown();
        store.persistAndFlushTerm(new RaftTermPersistentStateModel(2, null));
        assertTrue(store.durableTicket() >= t2, "persistAndFlushTerm returned with ticket " + store.durableTicket()
                + " durable (expected: every ticket issued before it, up to " + t2 + "; a new leader counts its whole"
                + " log as flushed)");
        store.persistLogEntries(entries(9, 9, 2));
        long t3 = flushAsync();
        CountDownLatch ran = new CountDownLatch(1);
        store.whenDurable(t3, ran::countDown);
        store.truncateLogEntriesFrom(9);
        assertEquals(0, ran.getCount(), "truncateLogEntriesFrom forces what was handed over, and runs its callbacks,"
                + " before it removes anything: no ticket may stand for truncated bytes");
        assertTrue(t < t2 && t2 < t3);
    }

    @Test
    void aFailedForceFailsTheStoreAndNamesTheOriginalError() throws Exception {
        open();
        syncer.failure = new IOException("EIO from the test disk");
        store.persistLogEntries(entries(1, 3, 1));
        long t = flushAsync();
        CountDownLatch ran = new CountDownLatch(1);
        store.whenDurable(t, ran::countDown);
        joinSyncThread();
        String logged = logs.await("forcing written log segments failed; the store refuses every call from now on");
        assertTrue(logged.contains("EIO from the test disk"), "the ERROR carries the disk's error: " + logged);
        assertEquals(0, store.durableTicket(), "a failed force publishes nothing");
        assertEquals(1, ran.getCount(), "the callback of a ticket that never became durable never runs");
        IOException flush = assertThrows(IOException.class, store::flush);
        assertTrue(flush.getMessage().contains("EIO from the test disk")
                && flush.getMessage().contains("refuses every call until it is reopened"), flush.getMessage());
        IOException append = assertThrows(IOException.class, () -> store.persistLogEntries(entries(4, 4, 1)));
        assertTrue(append.getMessage().contains("EIO from the test disk"), append.getMessage());
        IOException term = assertThrows(IOException.class,
                () -> store.persistAndFlushTerm(new RaftTermPersistentStateModel(2, null)));
        assertTrue(term.getMessage().contains("EIO from the test disk"), term.getMessage());
    }

    @Test
    void closeStopsTheSyncThreadWithoutForcingWhatIsStillHandedOver() throws Exception {
        open();
        syncer.gate = new CountDownLatch(1);
        store.persistLogEntries(entries(1, 1, 1));
        flushAsync();
        await(syncer.entered);
        store.persistLogEntries(entries(2, 2, 1));
        long pending = flushAsync();
        CountDownLatch ran = new CountDownLatch(1);
        store.whenDurable(pending, ran::countDown);
        Thread closer = new Thread(() -> {
            try {
                store.close();
            } catch (IOException e) {
                throw new AssertionError(e);
            }
        });
        closer.start();
        // close() has begun once it waits for the force lock the sync thread holds while forcing
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!store.forceLock().hasQueuedThread(closer)) {
            assertTrue(System.nanoTime() < deadline, "close() did not reach the force lock within 20 s");
            Thread.onSpinWait();
        }
        syncer.gate.countDown(); // the force in progress completes; close then stops the thread
        closer.join(TimeUnit.SECONDS.toMillis(20));
        assertFalse(closer.isAlive(), "close did not return within 20 s");
        assertEquals(1, syncer.syncThreadForces.get(), "the force in progress completed; the flush handed over"
                + " behind it was not forced by close (a closing process forces nothing)");
        assertEquals(1, ran.getCount(), "the callback of a flush never forced does not run");
        assertTrue(syncThreads().isEmpty(), "the sync thread stopped: " + syncThreads());
        IllegalStateException closed = assertThrows(IllegalStateException.class, store::flush);
        assertEquals("store " + dir + " is closed (expected: an open store)", closed.getMessage());
        store = null;
    }

    private List<Thread> syncThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().equals(SYNC_THREAD + dir) && t.isAlive()).toList();
    }

    private void joinSyncThread() throws InterruptedException {
        for (Thread t : syncThreads()) {
            t.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(t.isAlive(), "the sync thread still runs 20 s after its force failed");
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            assertTrue(latch.await(20, TimeUnit.SECONDS), "not reached within 20 s");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
