package io.raftwire.node.store;

import static io.raftwire.node.store.StoreFixtures.entry;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.Seeds;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store's durability contract against a simulated power loss, with the real {@link Syncer} ({@link SystemSyncer},
 * the code behind {@link Syncer#SYSTEM}) forcing channels of a {@link PageCacheDisk}: only bytes forced on their own
 * file's channel, and names forced on their directory, survive. What MicroRaft was told is durable (a
 * {@code persistAndFlush*} call or a {@code flush()} that returned, a {@code truncateLogEntriesFrom} that returned)
 * must be there after the power comes back, the store must open (a torn tail cut off, reported), and nothing
 * truncated may come back. So this fails if a durable write path stops forcing, forces the wrong channel, or forces
 * before it writes.
 *
 * <p>The check is phrased as "reported durable, then power lost, then restored": it does not care on which thread
 * or in which batch the fsyncs run. The asynchronous runs flush as raftwire's node does ({@link
 * FileRaftStore#flushAsynchronously}), and count entries durable only when the store's {@link
 * FileRaftStore#whenDurable} callback runs; a callback on the sync thread may cut the power at that very moment
 * ({@link PageCacheDisk#cutPower}), so a store that reported a ticket durable before its force returned loses entries
 * it reported, and this test fails.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a deadlock fails the test, not the fork
class PowerLossTest {

    private static final int CYCLES = 12;
    private static final int STEPS_PER_CYCLE = 40;

    @TempDir
    Path dir;

    /**
     * What the store reported durable, and what it was given since. Guarded by its own lock: the test thread holds it
     * for each step, a durability callback for what it reports.
     */
    private static final class Model {
        boolean cut; // the power was cut by a callback: nothing reported after counts
        boolean registering; // the test thread is in whenDurable at the end of a flush step: the power may go
        final TreeMap<Long, LogEntryModel> written = new TreeMap<>(); // latest entry given at each index
        long durableLast; // every written entry up to here was reported durable
        long snapshotIndex; // newest snapshot reported complete
        int term = 1;
        NodeEndpoint votedFor;
        final Set<Long> partial = new HashSet<>(); // snapshots with a chunk written, never all
        // asynchronous flushes whose report has not come yet; identity matters, two may cover the same entries
        final Set<Report> outstanding = Collections.newSetFromMap(new IdentityHashMap<>());

        long last() {
            return written.isEmpty() ? snapshotIndex : written.lastKey();
        }

        void reportedDurable() {
            durableLast = last();
        }

        /**
         * The entries from {@code from} on are gone (durably: truncateLogEntriesFrom returned). A report still to come
         * vouches only for the entries written before its flush that remain: its ticket says the bytes were forced,
         * not that a later truncation did not remove them. Without this the model would take a report that the sync
         * thread delivers after the truncation step for entries the store was told to drop.
         */
        void truncatedFrom(long from) {
            written.tailMap(from, true).clear();
            durableLast = Math.min(durableLast, from - 1);
            for (Report r : outstanding) {
                r.upTo = Math.min(r.upTo, from - 1);
            }
        }

        /** A callback reports its flush durable; with {@code cutNow} the power goes right after. */
        synchronized void reportedDurable(Report report, boolean cutNow, PageCacheDisk disk) {
            outstanding.remove(report);
            if (cut) {
                return;
            }
            durableLast = Math.max(durableLast, report.upTo);
            if (cutNow) {
                disk.cutPower();
                cut = true;
            }
        }
    }

    /** One asynchronous flush: the entries it will report durable, lowered by any truncation before the report. */
    private static final class Report {
        long upTo;

        Report(long upTo) {
            this.upTo = upTo;
        }
    }

    @Test
    void whatWasReportedDurableSurvivesAPowerLossAndTheStoreOpens() throws IOException {
        run(true, false);
    }

    @Test
    void theRealSyncerMakesTheStoreReadBackExactlyWhatWasFlushedWhenNoUnforcedByteReachesTheDisk()
            throws IOException {
        run(false, false);
    }

    @Test
    void whatTheSyncThreadReportedDurableSurvivesAPowerLossTheMomentItWasReported() throws IOException {
        run(true, true);
    }

    @Test
    void theSyncThreadMakesTheStoreReadBackExactlyWhatItReportedWhenNoUnforcedByteReachesTheDisk()
            throws IOException {
        run(false, true);
    }

    /**
     * The interleaving behind a failure of the asynchronous run on a fresh seed (-4091630992630263798, cycle 6: the
     * restored log ended at 1141, the model expected 1158), made deterministic: the sync thread has published a ticket
     * and is about to run its callbacks when the Raft thread persists a new term and truncates the entries that ticket
     * covered; the report arrives after the truncation, and the power goes right after it. The store is right to keep
     * only the entries before the cut (the truncation is durable and nothing truncated may come back); the model must
     * not count the report for the entries the truncation removed.
     */
    @Test
    void aReportThatArrivesAfterATruncationVouchesOnlyForTheEntriesLeft() throws Exception {
        PageCacheDisk disk = new PageCacheDisk(dir);
        GroupCommitTest.GatedSyncer syncer = new GroupCommitTest.GatedSyncer(new SystemSyncer(disk));
        StoreOptions options = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                .withSyncer(syncer);
        Model m = new Model();
        FileRaftStore store = FileRaftStore.open(dir, serializer("kryo"), StoreFixtures.GROUP, options, disk);
        store.takeRestoredState();
        StoreFixtures.initialise(store);
        CountDownLatch inCallbacks = new CountDownLatch(1);
        CountDownLatch truncated = new CountDownLatch(1);
        CountDownLatch reported = new CountDownLatch(1);
        synchronized (m) {
            List<LogEntry> batch = StoreFixtures.entries(1, 40, m.term);
            store.persistLogEntries(batch);
            batch.forEach(e -> m.written.put(e.getIndex(), (LogEntryModel) e));
            syncer.gate = new CountDownLatch(1); // the sync thread's force waits until the callbacks are registered
            store.flushAsynchronously(() -> {
                try {
                    store.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            // runs first on the sync thread once the ticket is durable, and holds back the model's report
            store.whenDurable(store.lastTicket(), () -> {
                inCallbacks.countDown();
                await(truncated, "the truncation step");
            });
            flushAsynchronously(store, m, disk, () -> true); // the power goes right after this report
            store.whenDurable(store.lastTicket(), reported::countDown); // runs after the report
            syncer.gate.countDown();
        }
        await(inCallbacks, "the sync thread to publish the ticket");
        synchronized (m) {
            newTermCutsSuffix(store, m, StoreFixtures.B, 25);
        }
        truncated.countDown();
        await(reported, "the report of the flush");
        synchronized (m) {
            assertTrue(m.cut, "the report cut the power");
        }
        store.close();
        List<String> lost = disk.powerLoss(new Random(0), false);
        try (FileRaftStore reopened = FileRaftStore.open(dir, serializer("kryo"), StoreFixtures.GROUP, options,
                disk)) {
            RestoredRaftState r = reopened.takeRestoredState().orElseThrow();
            check(r, m, "power loss changed " + lost);
            assertEquals(24, r.getLogEntries().get(r.getLogEntries().size() - 1).getIndex(),
                    "entries 25..40 were truncated durably before the power went: none may come back");
        }
    }

    private static void await(CountDownLatch latch, String what) {
        try {
            if (!latch.await(30, TimeUnit.SECONDS)) {
                throw new AssertionError("waited 30 s for " + what);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + what, e);
        }
    }

    @Test
    void theSystemSyncerIsTheCodeThisTestRuns() {
        assertInstanceOf(SystemSyncer.class, Syncer.SYSTEM, "Syncer.SYSTEM must be the SystemSyncer this test drives"
                + " through a simulated disk; otherwise it tests something else than production");
    }

    private void run(boolean torn, boolean async) throws IOException {
        long seed = Seeds.seed("PowerLossTest torn=" + torn + " async=" + async);
        Random random = new Random(seed);
        Random cuts = new Random(seed + 1); // drawn by callbacks, on the sync thread
        PageCacheDisk disk = new PageCacheDisk(dir);
        Serializer s = serializer("kryo");
        List<TornTail> tails = new ArrayList<>();
        StoreOptions options = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                .withSyncer(new SystemSyncer(disk)).withTornTailReporter(tails::add);
        Model m = new Model();
        FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, options, disk);
        store.takeRestoredState();
        StoreFixtures.initialise(store); // term 1, reported durable
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            String at = "seed " + seed + ", cycle " + cycle;
            for (int step = 0; step < STEPS_PER_CYCLE; step++) {
                synchronized (m) {
                    if (m.cut) {
                        break; // the power is gone: the process does nothing more
                    }
                    step(store, m, random, async ? disk : null, cuts);
                }
            }
            // with a sync thread, a force may still complete until close() stopped it
            int forcesBefore = async ? -1 : disk.forces();
            store.close(); // the process dies: nothing is forced on the way out
            if (async) {
                forcesBefore = disk.forces();
            }
            List<String> lost = disk.powerLoss(random, torn);
            assertEquals(forcesBefore, disk.forces(), at + ": closing the store must not force anything");
            tails.clear();
            try {
                store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, options, disk);
            } catch (StoreCorruptedException e) {
                fail(at + ": the store does not open after a power loss that changed " + lost + ": " + e.getMessage(),
                        e);
                return;
            }
            RestoredRaftState r = store.takeRestoredState().orElseThrow(() -> new AssertionError(at
                    + ": no state restored after " + lost));
            check(r, m, at + ", power loss changed " + lost + ", torn tails " + tails);
            if (!torn) {
                assertEquals(List.of(), tails, at + ": nothing unforced reached the disk, so nothing is torn");
            }
            synchronized (m) {
                adopt(r, m);
                m.cut = false;
            }
        }
        store.close();
    }

    /**
     * One thing MicroRaft does to a store, chosen at random, with what it is told is durable. With a {@code disk}, the
     * log is flushed as raftwire's node flushes it, asynchronously, and reported durable by the store's callback.
     */
    private static void step(FileRaftStore store, Model m, Random random, PageCacheDisk disk, Random cuts)
            throws IOException {
        // mostly appends and flushes, so that the log often spans several segments when the power goes
        int op = random.nextInt(24);
        if (op < 14) {
            List<LogEntry> batch = new ArrayList<>();
            for (int i = 1, n = 1 + random.nextInt(30); i <= n; i++) {
                batch.add(entry(m.last() + i, m.term));
            }
            store.persistLogEntries(batch);
            batch.forEach(e -> m.written.put(e.getIndex(), (LogEntryModel) e));
        } else if (op < 18 && disk != null) {
            Thread stepping = Thread.currentThread();
            flushAsynchronously(store, m, disk, () -> {
                // the power may go right after a report, unless it comes on the test thread in the middle of a
                // step (a synchronous path forcing first), whose model update has not been made yet
                boolean safe = Thread.currentThread() != stepping || m.registering;
                return safe && cuts.nextInt(4) == 0;
            });
        } else if (op < 18) {
            store.flush();
            m.reportedDurable();
        } else if (op < 20 && !m.written.isEmpty()) {
            // a new leader's term, then the conflicting suffix goes: both durable when the calls return
            NodeEndpoint votedFor = random.nextBoolean() ? StoreFixtures.B : null;
            newTermCutsSuffix(store, m, votedFor, m.written.lastKey() - random.nextInt(Math.min(m.written.size(), 40)));
        } else if (op == 20 && !m.written.isEmpty()) {
            // a snapshot of the state machine at a written entry, then the log prefix it covers
            store.flush();
            m.reportedDurable();
            long index = m.written.firstKey() + random.nextInt(m.written.size());
            snapshot(store, m, index, m.written.get(index).term(), 1 + random.nextInt(3), random);
            store.flush();
            store.truncateLogEntriesUntil(index);
            m.snapshotIndex = index;
            m.written.headMap(index, true).clear();
        } else if (op == 21) {
            // a snapshot installed from the leader, beyond this log
            m.term++;
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(m.term, null));
            m.votedFor = null;
            long index = m.last() + 1 + random.nextInt(30);
            snapshot(store, m, index, m.term, 1 + random.nextInt(3), random);
            store.flush();
            store.truncateLogEntriesUntil(index);
            m.written.clear();
            m.snapshotIndex = index;
            m.durableLast = index;
        } else if (op >= 22) {
            // chunks of a snapshot that never completes: never reported, never restored
            long index = m.last() + 1 + random.nextInt(30);
            if (!m.partial.contains(index)) {
                store.persistSnapshotChunk(StoreFixtures.chunks(index, m.term, 2).get(0));
                m.partial.add(index);
            }
        }
    }

    /**
     * Flushes as raftwire's node does (inside {@link FileRaftStore#flushAsynchronously}) and has the store's callback
     * report the entries written so far durable; {@code cutNow}, asked on the reporting thread, says whether the power
     * goes right after the report. The caller holds {@code m}.
     */
    private static void flushAsynchronously(FileRaftStore store, Model m, PageCacheDisk disk, BooleanSupplier cutNow) {
        Report report = new Report(m.last());
        m.outstanding.add(report);
        store.flushAsynchronously(() -> {
            try {
                store.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        m.registering = true;
        try {
            store.whenDurable(store.lastTicket(), () -> m.reportedDurable(report, cutNow.getAsBoolean(), disk));
        } finally {
            m.registering = false;
        }
    }

    /** A new leader's term, then the conflicting suffix from {@code from} goes: both durable when the calls return. */
    private static void newTermCutsSuffix(FileRaftStore store, Model m, NodeEndpoint votedFor, long from)
            throws IOException {
        m.term++;
        m.votedFor = votedFor;
        store.persistAndFlushTerm(new RaftTermPersistentStateModel(m.term, m.votedFor));
        store.truncateLogEntriesFrom(from);
        m.truncatedFrom(from);
    }

    private static void snapshot(FileRaftStore store, Model m, long index, int term, int count, Random random)
            throws IOException {
        if (m.partial.remove(index)) {
            store.deleteSnapshotChunks(index, 2); // as MicroRaft does when it gives up on a snapshot
        }
        List<SnapshotChunkModel> chunks = new ArrayList<>(StoreFixtures.chunks(index, term, count));
        Collections.shuffle(chunks, random);
        for (SnapshotChunkModel c : chunks) {
            store.persistSnapshotChunk(c);
        }
    }

    /** Everything reported durable is there; nothing that was never written, or was truncated, is. */
    private static void check(RestoredRaftState r, Model m, String at) {
        assertEquals(StoreFixtures.endpoint(), r.getLocalEndpointPersistentState(), at + ": local endpoint");
        assertEquals(StoreFixtures.MEMBERS, r.getInitialGroupMembers(), at + ": initial members");
        assertEquals(new RaftTermPersistentStateModel(m.term, m.votedFor), r.getTermPersistentState(),
                at + ": the last term and vote persisted");
        long snapshot = r.getSnapshotEntry() == null ? 0 : r.getSnapshotEntry().getIndex();
        assertEquals(m.snapshotIndex, snapshot, at + ": the newest snapshot completed by a flush");
        long expected = snapshot + 1;
        for (LogEntry e : r.getLogEntries()) {
            assertEquals(expected, e.getIndex(), at + ": restored entries are consecutive after the snapshot");
            assertEquals(m.written.get(e.getIndex()), e, at + ": restored entry " + e.getIndex()
                    + " is the one last written at that index (a truncated or damaged entry came back)");
            expected++;
        }
        long restoredLast = expected - 1;
        assertTrue(restoredLast >= m.durableLast, at + ": entries up to " + m.durableLast + " were reported durable"
                + " (flushed), but the restored log ends at " + restoredLast);
    }

    /** After the reboot the store holds what was restored, all of it now on disk. */
    private static void adopt(RestoredRaftState r, Model m) {
        m.written.clear();
        for (LogEntry e : r.getLogEntries()) {
            m.written.put(e.getIndex(), (LogEntryModel) e);
        }
        m.snapshotIndex = r.getSnapshotEntry() == null ? 0 : r.getSnapshotEntry().getIndex();
        m.partial.clear(); // the store deletes partial snapshots when it opens
        m.outstanding.clear(); // the closed store dropped the callbacks it had not run
        m.reportedDurable();
    }
}
