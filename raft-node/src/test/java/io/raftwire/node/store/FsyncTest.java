package io.raftwire.node.store;

import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static io.raftwire.node.store.StoreFixtures.A;
import static io.raftwire.node.store.StoreFixtures.MEMBERS;
import static io.raftwire.node.store.StoreFixtures.chunks;
import static io.raftwire.node.store.StoreFixtures.endpoint;
import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** fsync happens where MicroRaft requires durability, and only there: counted through the {@link Syncer} seam. */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class FsyncTest {

    @TempDir
    Path dir;

    private final StoreFixtures.CountingSyncer syncs = new StoreFixtures.CountingSyncer();

    private FileRaftStore open(long segmentBytes) throws IOException {
        FileRaftStore store = FileRaftStore.open(dir, serializer("kryo"), StoreFixtures.GROUP,
                StoreOptions.defaults().withSyncer(syncs).withSegmentBytes(segmentBytes));
        store.takeRestoredState();
        return store;
    }

    private void assertSyncs(int files, int directories, String when) {
        assertEquals(files + " file(s), " + directories + " directory(ies)", syncs.files + " file(s), "
                + syncs.directories + " directory(ies)", when);
        syncs.files = 0;
        syncs.directories = 0;
    }

    @Test
    void persistAndFlushCallsAreDurableWhenTheyReturn() throws IOException {
        try (FileRaftStore store = open(StoreOptions.DEFAULT_SEGMENT_BYTES)) {
            assertSyncs(1, 2, "opening an empty directory writes the schema of its types: the file, then schema/ and"
                    + " the directory holding it");
            store.persistAndFlushLocalEndpoint(endpoint());
            assertSyncs(1, 1, "persistAndFlushLocalEndpoint: temporary file, then the directory after the rename");
            store.persistAndFlushInitialGroupMembers(MEMBERS);
            assertSyncs(1, 1, "persistAndFlushInitialGroupMembers");
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(1, A));
            assertSyncs(1, 1, "persistAndFlushTerm");
        }
    }

    @Test
    void openingADirectoryForcesItsNewestSegmentOnceForWhatAProcessCrashLeftInThePageCache() throws IOException {
        try (FileRaftStore store = open(StoreOptions.DEFAULT_SEGMENT_BYTES)) {
            StoreFixtures.initialise(store);
            store.persistLogEntries(entries(1, 5, 1)); // never flushed: the process dies
        }
        syncs.files = 0;
        syncs.directories = 0;
        try (FileRaftStore reopened = open(StoreOptions.DEFAULT_SEGMENT_BYTES)) {
            assertSyncs(1, 0, "opening a directory whose newest segment holds 5 unforced entries (MicroRaft will take"
                    + " them as durable once restored)");
            assertEquals(StoreOptions.DEFAULT_SEGMENT_BYTES, reopened.options().segmentBytes(), "reopened as opened");
        }
    }

    @Test
    void appendsAreGroupCommittedByFlush() throws IOException {
        try (FileRaftStore store = open(StoreOptions.DEFAULT_SEGMENT_BYTES)) {
            assertSyncs(1, 2, "the schema file, at open");
            store.persistLogEntries(entries(1, 1, 1));
            assertSyncs(1, 1, "creating the first segment forces its header and the directory");
            store.flush();
            assertSyncs(1, 0, "flush forces the segment");
            for (long i = 2; i <= 101; i++) {
                store.persistLogEntries(entries(i, i, 1));
            }
            assertSyncs(0, 0, "persistLogEntries buffers");
            store.flush();
            assertSyncs(1, 0, "one flush, one force for 100 appends");
            store.flush();
            assertSyncs(0, 0, "nothing new to flush");
        }
    }

    @Test
    void snapshotsAreCompletedByFlush() throws IOException {
        try (FileRaftStore store = open(StoreOptions.DEFAULT_SEGMENT_BYTES)) {
            store.persistLogEntries(entries(1, 10, 1));
            store.flush();
            assertSyncs(3, 3, "schema file written at open, segment created and flushed");
            for (var c : chunks(8, 1, 3)) {
                store.persistSnapshotChunk(c);
            }
            assertSyncs(0, 0, "persistSnapshotChunk buffers");
            store.flush();
            assertSyncs(1, 1, "flush forces the complete snapshot, renames it and forces the directory");
        }
    }

    @Test
    void truncationsAreForcedWhereAResurrectedEntryWouldHurt() throws IOException {
        try (FileRaftStore store = open(StoreOptions.MIN_SEGMENT_BYTES)) {
            for (long i = 1; i <= 300; i += 10) {
                store.persistLogEntries(entries(i, i + 9, 1));
            }
            store.flush();
            syncs.files = 0;
            syncs.directories = 0;
            store.truncateLogEntriesFrom(299);
            assertSyncs(1, 0, "truncateLogEntriesFrom forces the cut segment before returning");
            for (var c : chunks(250, 1, 1)) {
                store.persistSnapshotChunk(c);
            }
            store.flush();
            assertSyncs(1, 1, "the snapshot");
            store.truncateLogEntriesUntil(250);
            assertSyncs(0, 0, "truncateLogEntriesUntil only deletes; MicroRaft flushes after it");
            store.flush();
            assertSyncs(0, 1, "flush makes the deletions durable");
        }
    }

    @Test
    void aFailedForceAtASegmentRollFailsEveryLaterForceEvenIfTheDiskAnswersAgain() throws IOException {
        FailingSyncer failing = new FailingSyncer();
        try (FileRaftStore store = FileRaftStore.open(dir, serializer("kryo"), StoreFixtures.GROUP,
                StoreOptions.defaults().withSyncer(failing).withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES)
                        .withPreallocation(false))) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            store.persistLogEntries(entries(1, 1, 1)); // creates the first segment: forced with its directory
            long next = 2;
            failing.failure = new IOException("simulated EIO");
            IOException roll = null;
            // an append forces nothing until it rolls: then the full segment is forced, and that force fails
            while (roll == null && next < 1_000_000) {
                long index = next++;
                try {
                    store.persistLogEntries(entries(index, index, 1));
                } catch (IOException e) {
                    roll = e;
                }
            }
            assertTrue(roll != null && roll.getMessage().contains("simulated EIO"), "the roll's force fails: " + roll);
            failing.failure = null; // the disk answers again: a retried fsync would report success
            IOException later = assertThrows(IOException.class, store::flush,
                    "a flush after a failed force must not report the log durable");
            assertTrue(later.getMessage().contains("simulated EIO") && later.getMessage().contains("no later force is"
                    + " trusted"), "names the first failure and why: " + later.getMessage());
            assertThrows(IOException.class, () -> store.persistAndFlushTerm(new RaftTermPersistentStateModel(9, A)),
                    "a state file is not forced on a disk that failed either");
        }
    }

    /** Forces through the system, or throws {@link #failure} while it is set. */
    private static final class FailingSyncer implements Syncer {
        volatile IOException failure;

        @Override
        public void force(java.nio.channels.FileChannel channel) throws IOException {
            IOException f = failure;
            if (f != null) {
                throw f;
            }
            Syncer.SYSTEM.force(channel);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            IOException f = failure;
            if (f != null) {
                throw f;
            }
            Syncer.SYSTEM.forceDirectory(directory);
        }
    }
}
