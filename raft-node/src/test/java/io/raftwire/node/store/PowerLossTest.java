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
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;

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

        long last() {
            return written.isEmpty() ? snapshotIndex : written.lastKey();
        }

        void reportedDurable() {
            durableLast = last();
        }

        /** A callback reports entries up to {@code upTo} durable; with {@code cutNow} the power goes right after. */
        synchronized void reportedDurable(long upTo, boolean cutNow, PageCacheDisk disk) {
            if (cut) {
                return;
            }
            durableLast = Math.max(durableLast, upTo);
            if (cutNow) {
                disk.cutPower();
                cut = true;
            }
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
            long upTo = m.last();
            store.flushAsynchronously(() -> {
                try {
                    store.flush();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
            Thread stepping = Thread.currentThread();
            m.registering = true;
            try {
                store.whenDurable(store.lastTicket(), () -> {
                    // the power may go right after a report, unless it comes on the test thread in the middle of a
                    // step (a synchronous path forcing first), whose model update has not been made yet
                    boolean safe = Thread.currentThread() != stepping || m.registering;
                    m.reportedDurable(upTo, safe && cuts.nextInt(4) == 0, disk);
                });
            } finally {
                m.registering = false;
            }
        } else if (op < 18) {
            store.flush();
            m.reportedDurable();
        } else if (op < 20 && !m.written.isEmpty()) {
            // a new leader's term, then the conflicting suffix goes: both durable when the calls return
            m.term++;
            m.votedFor = random.nextBoolean() ? StoreFixtures.B : null;
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(m.term, m.votedFor));
            long from = m.written.lastKey() - random.nextInt(Math.min(m.written.size(), 40));
            store.truncateLogEntriesFrom(from);
            m.written.tailMap(from, true).clear();
            m.durableLast = Math.min(m.durableLast, from - 1);
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
        m.reportedDurable();
    }
}
