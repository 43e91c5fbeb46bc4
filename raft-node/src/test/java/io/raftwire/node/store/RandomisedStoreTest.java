package io.raftwire.node.store;

import io.raftwire.testkit.Seeds;
import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static io.raftwire.node.store.StoreFixtures.entry;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random sequences of what MicroRaft does to a store (appends, suffix truncations, snapshots with prefix truncations,
 * snapshots installed beyond the log, restarts), checked against an in-memory model after every restart. The seed is
 * printed; replay with {@code -Dtest.seed=<seed>}.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(120)
class RandomisedStoreTest {

    @TempDir
    Path dir;

    private static Stream<String> providers() {
        return StoreFixtures.providers();
    }

    @ParameterizedTest
    @MethodSource("providers")
    void restartsRestoreWhatWasFlushed(String provider) throws IOException {
        long seed = Seeds.seed("RandomisedStoreTest " + provider);
        Random random = new Random(seed);
        Serializer s = serializer(provider);
        StoreOptions options = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                .withTornTailReporter(t -> {
                    throw new AssertionError("seed " + seed + ": unexpected " + t.describe());
                });
        List<LogEntryModel> log = new ArrayList<>(); // entries after the snapshot, as the model expects them
        long snapshotIndex = 0;
        int term = 1;
        FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, options);
        try {
            store.takeRestoredState();
            StoreFixtures.initialise(store); // term 1
            for (int step = 0; step < 150; step++) {
                long last = log.isEmpty() ? snapshotIndex : log.get(log.size() - 1).index();
                int op = random.nextInt(10);
                if (op < 5) {
                    List<LogEntry> batch = new ArrayList<>();
                    for (int i = 1, n = 1 + random.nextInt(20); i <= n; i++) {
                        batch.add(entry(last + i, term));
                    }
                    store.persistLogEntries(batch);
                    batch.forEach(e -> log.add((LogEntryModel) e));
                } else if (op == 5 && !log.isEmpty()) {
                    long from = log.get(0).index() + random.nextInt(log.size());
                    store.truncateLogEntriesFrom(from);
                    log.removeIf(e -> e.index() >= from);
                    term++;
                    store.persistAndFlushTerm(new RaftTermPersistentStateModel(term, null)); // as MicroRaft would
                } else if (op == 6 && !log.isEmpty()) {
                    long at = log.get(0).index() + random.nextInt(log.size());
                    int atTerm = log.get((int) (at - log.get(0).index())).term();
                    snapshot(store, at, atTerm, 1 + random.nextInt(3));
                    store.truncateLogEntriesUntil(at - random.nextInt((int) (at - snapshotIndex)));
                    snapshotIndex = at;
                    log.removeIf(e -> e.index() <= at);
                } else if (op == 7) {
                    long at = last + 1 + random.nextInt(50);
                    snapshot(store, at, term, 1 + random.nextInt(3));
                    store.truncateLogEntriesUntil(at);
                    snapshotIndex = at;
                    log.clear();
                } else {
                    store.flush();
                    store.close();
                    store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, options);
                    RestoredRaftState r = store.takeRestoredState().orElseThrow();
                    assertEquals(new ArrayList<LogEntry>(log), r.getLogEntries(), "seed " + seed + ", step " + step);
                    long restoredSnapshot = r.getSnapshotEntry() == null ? 0 : r.getSnapshotEntry().getIndex();
                    assertEquals(snapshotIndex, restoredSnapshot, "seed " + seed + ", step " + step);
                    assertEquals(new RaftTermPersistentStateModel(term, null), r.getTermPersistentState());
                }
                store.flush();
            }
        } finally {
            store.close();
        }
    }

    private static void snapshot(FileRaftStore store, long index, int term, int count) throws IOException {
        List<SnapshotChunkModel> chunks = StoreFixtures.chunks(index, term, count);
        for (int i = chunks.size() - 1; i >= 0; i--) {
            store.persistSnapshotChunk(chunks.get(i));
        }
        store.flush();
    }
}
