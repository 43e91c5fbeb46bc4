package io.raftwire.node.store;

import static io.raftwire.node.store.StoreFixtures.entry;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.Seeds;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared log's durability contract against a simulated power loss ({@link PageCacheDisk}, the real
 * {@link SystemSyncer}), as {@link PowerLossTest} checks a group's own log: three groups append, flush, truncate and
 * snapshot at random into one shared log; after the power goes, every group's restored state holds what its own calls
 * were told is durable, nothing truncated comes back, and the member's log opens (a torn tail cut off). A fresh seed
 * every run ({@link Seeds}; {@code -Dtest.seed} replays one).
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SharedLogPowerLossTest {

    private static final int GROUPS = 3;
    private static final int CYCLES = 8;
    private static final int STEPS_PER_CYCLE = 60;

    @TempDir
    Path root;

    /** What one group was told is durable, and what it was given since. */
    private static final class Model {
        final TreeMap<Long, LogEntryModel> written = new TreeMap<>();
        long durableLast;
        long snapshotIndex;
        int term = 1;

        long last() {
            return written.isEmpty() ? snapshotIndex : written.lastKey();
        }
    }

    @Test
    void whatEachGroupWasToldIsDurableSurvivesAPowerLossWithTornWrites() throws IOException {
        run(true);
    }

    @Test
    void eachGroupReadsBackExactlyWhatWasFlushedWhenNoUnforcedByteReachesTheDisk() throws IOException {
        run(false);
    }

    private void run(boolean torn) throws IOException {
        long seed = Seeds.seed("SharedLogPowerLossTest torn=" + torn);
        Random random = new Random(seed);
        PageCacheDisk disk = new PageCacheDisk(root);
        Serializer s = serializer("kryo");
        List<TornTail> tails = new ArrayList<>();
        StoreOptions options = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                .withSyncer(new SystemSyncer(disk)).withTornTailReporter(tails::add);
        Model[] models = new Model[GROUPS];
        SharedLog log = SharedLog.open(root.resolve(SharedLog.DIRECTORY), s, "cluster", GROUPS, options, disk);
        FileRaftStore[] stores = new FileRaftStore[GROUPS];
        for (int g = 0; g < GROUPS; g++) {
            models[g] = new Model();
            stores[g] = open(g, s, options, disk, log);
            stores[g].takeRestoredState();
            StoreFixtures.initialise(stores[g]);
        }
        for (int cycle = 0; cycle < CYCLES; cycle++) {
            String at = "seed " + seed + ", cycle " + cycle;
            for (int step = 0; step < STEPS_PER_CYCLE; step++) {
                int g = random.nextInt(GROUPS);
                step(stores[g], models[g], random);
            }
            for (FileRaftStore store : stores) {
                store.close(); // the process dies: nothing is forced on the way out
            }
            log.close();
            List<String> lost = disk.powerLoss(random, torn);
            tails.clear();
            try {
                log = SharedLog.open(root.resolve(SharedLog.DIRECTORY), s, "cluster", GROUPS, options, disk);
                for (int g = 0; g < GROUPS; g++) {
                    stores[g] = open(g, s, options, disk, log);
                }
            } catch (StoreCorruptedException e) {
                fail(at + ": the shared log does not open after a power loss that changed " + lost + ": "
                        + e.getMessage(), e);
                return;
            }
            for (int g = 0; g < GROUPS; g++) {
                RestoredRaftState r = stores[g].takeRestoredState().orElseThrow();
                check(r, models[g], at + ", group " + g + ", power loss changed " + lost + ", torn tails " + tails);
                adopt(r, models[g]);
            }
            if (!torn) {
                assertEquals(List.of(), tails, at + ": nothing unforced reached the disk, so nothing is torn");
            }
        }
        for (FileRaftStore store : stores) {
            store.close();
        }
        log.close();
    }

    private FileRaftStore open(int g, Serializer s, StoreOptions options, PageCacheDisk disk, SharedLog log)
            throws IOException {
        return FileRaftStore.open(root.resolve("group-" + g), s, StoreFixtures.GROUP + "-" + g, options, disk, log, g);
    }

    /** One thing MicroRaft does to one group's store, with what it is told is durable. */
    private static void step(FileRaftStore store, Model m, Random random) throws IOException {
        int op = random.nextInt(20);
        if (op < 12) {
            List<LogEntry> batch = new ArrayList<>();
            for (int i = 1, n = 1 + random.nextInt(20); i <= n; i++) {
                batch.add(entry(m.last() + i, m.term));
            }
            store.persistLogEntries(batch);
            batch.forEach(e -> m.written.put(e.getIndex(), (LogEntryModel) e));
        } else if (op < 16) {
            store.flush();
            m.durableLast = m.last();
        } else if (op < 18 && !m.written.isEmpty()) {
            m.term++;
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(m.term, null));
            long from = m.written.lastKey() - random.nextInt(Math.min(m.written.size(), 30));
            store.truncateLogEntriesFrom(from);
            m.written.tailMap(from, true).clear();
            m.durableLast = Math.min(m.durableLast, from - 1);
        } else if (op == 18 && !m.written.isEmpty()) {
            store.flush();
            m.durableLast = m.last();
            long index = m.written.firstKey() + random.nextInt(m.written.size());
            for (SnapshotChunkModel c : StoreFixtures.chunks(index, m.written.get(index).term(), 1)) {
                store.persistSnapshotChunk(c);
            }
            store.flush();
            store.truncateLogEntriesUntil(index);
            m.snapshotIndex = index;
            m.written.headMap(index, true).clear();
        }
    }

    private static void check(RestoredRaftState r, Model m, String at) {
        assertEquals(m.term, r.getTermPersistentState().getTerm(), at + ": the last term persisted");
        long snapshot = r.getSnapshotEntry() == null ? 0 : r.getSnapshotEntry().getIndex();
        assertEquals(m.snapshotIndex, snapshot, at + ": the newest snapshot completed by a flush");
        long expected = snapshot + 1;
        for (LogEntry e : r.getLogEntries()) {
            assertEquals(expected, e.getIndex(), at + ": restored entries are consecutive after the snapshot");
            assertEquals(m.written.get(e.getIndex()), e, at + ": restored entry " + e.getIndex()
                    + " is the one last written at that index (a truncated or damaged entry came back)");
            expected++;
        }
        assertTrue(expected - 1 >= m.durableLast, at + ": entries up to " + m.durableLast + " were flushed, but the "
                + "restored log ends at " + (expected - 1));
    }

    private static void adopt(RestoredRaftState r, Model m) {
        m.written.clear();
        for (LogEntry e : r.getLogEntries()) {
            m.written.put(e.getIndex(), (LogEntryModel) e);
        }
        m.snapshotIndex = r.getSnapshotEntry() == null ? 0 : r.getSnapshotEntry().getIndex();
        m.durableLast = m.last();
    }
}
