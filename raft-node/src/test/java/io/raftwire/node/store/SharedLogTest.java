package io.raftwire.node.store;

import static io.raftwire.node.store.StoreFixtures.FIRST_TERM;
import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member's shared log ({@link SharedLog}): the groups' entries restored per group, truncation records, compaction
 * across groups, one fsync for several groups' appends, damage, a record of a group the member does not have, the
 * per-group layout refused, a failed fsync failing every group, and a group reopened while the others run.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class SharedLogTest {

    private static final String CLUSTER = "cluster";

    @TempDir
    Path root;

    private final List<AutoCloseable> open = new ArrayList<>();
    private final List<TornTail> torn = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (int i = open.size() - 1; i >= 0; i--) {
            open.get(i).close();
        }
    }

    private StoreOptions options(Syncer syncer) {
        return StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES).withPreallocation(false)
                .withSyncer(syncer).withTornTailReporter(torn::add);
    }

    private SharedLog shared(int groups, StoreOptions options) throws IOException {
        SharedLog log = SharedLog.open(root.resolve(SharedLog.DIRECTORY), serializer("kryo"), CLUSTER, groups,
                options);
        open.add(log);
        return log;
    }

    private FileRaftStore store(SharedLog log, int group, StoreOptions options) throws IOException {
        Serializer s = serializer("kryo");
        FileRaftStore store = FileRaftStore.open(root.resolve("group-" + group), s, StoreFixtures.GROUP + "-" + group,
                options, StoreListener.NONE, log, group);
        open.add(store);
        return store;
    }

    private void closeEverything() throws Exception {
        closeAll();
        open.clear();
    }

    private List<Path> segments() throws IOException {
        try (Stream<Path> s = Files.list(root.resolve(SharedLog.DIRECTORY))) {
            return s.filter(p -> p.getFileName().toString().endsWith(".log")).sorted().toList();
        }
    }

    @Test
    void interleavedGroupsAreRestoredPerGroupAndATruncationRecordDropsTheEntriesBeforeIt() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(3, o);
        List<FileRaftStore> stores = new ArrayList<>();
        for (int g = 0; g < 3; g++) {
            stores.add(store(log, g, o));
            stores.get(g).takeRestoredState();
            StoreFixtures.initialise(stores.get(g));
        }
        for (long i = 1; i <= 60; i += 10) { // the groups' appends interleave in the shared segments
            for (int g = 0; g < 3; g++) {
                stores.get(g).persistLogEntries(entries(i, i + 9, 1));
            }
        }
        RaftTermPersistentStateModel second = new RaftTermPersistentStateModel(2, StoreFixtures.B);
        stores.get(1).persistAndFlushTerm(second);
        stores.get(1).truncateLogEntriesFrom(41);
        stores.get(1).persistLogEntries(entries(41, 45, 2));
        stores.get(0).persistLogEntries(entries(61, 62, 1));
        for (FileRaftStore s : stores) {
            s.flush();
        }
        assertTrue(segments().size() > 1, "the entries span several shared segments: " + segments());
        closeEverything();

        SharedLog reopened = shared(3, o);
        List<LogEntry> group1 = new ArrayList<>(entries(1, 40, 1));
        group1.addAll(entries(41, 45, 2));
        StoreFixtures.assertRestored(restore(reopened, 0, o), FIRST_TERM, null, entries(1, 62, 1));
        StoreFixtures.assertRestored(restore(reopened, 1, o), second, null, group1);
        StoreFixtures.assertRestored(restore(reopened, 2, o), FIRST_TERM, null, entries(1, 60, 1));
        assertFalse(Files.exists(root.resolve("group-1").resolve(FileRaftStore.LOG_DIR)),
                "a group of a shared log has no log directory of its own");
        assertEquals(List.of(), torn, "nothing torn");
    }

    private RestoredRaftState restore(SharedLog log, int group, StoreOptions o) throws IOException {
        return store(log, group, o).takeRestoredState().orElseThrow();
    }

    @Test
    void severalGroupsAppendsAreMadeDurableByOneFsyncOfTheSharedLog() throws Exception {
        CountingSyncer syncer = new CountingSyncer();
        StoreOptions o = options(syncer);
        SharedLog log = shared(4, o);
        List<FileRaftStore> stores = new ArrayList<>();
        for (int g = 0; g < 4; g++) {
            stores.add(store(log, g, o));
            stores.get(g).takeRestoredState();
            StoreFixtures.initialise(stores.get(g));
            stores.get(g).persistLogEntries(entries(1, 1, 1)); // the first segment exists before the count starts
        }
        stores.get(0).flush();
        syncer.files.set(0);
        for (FileRaftStore s : stores) {
            s.persistLogEntries(entries(2, 3, 1));
        }
        CountDownLatch durable = new CountDownLatch(4);
        for (FileRaftStore s : stores) {
            s.flushAsynchronously(() -> flush(s));
            s.whenDurable(s.lastTicket(), durable::countDown);
        }
        assertTrue(durable.await(30, TimeUnit.SECONDS), "every group's flush became durable");
        assertEquals(1, syncer.files.get(), "one fdatasync of the shared segment for four groups' appends (a log per"
                + " group would take four)");
    }

    private static void flush(FileRaftStore s) {
        try {
            s.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void aSegmentGoesOnlyOnceEveryGroupsEntriesInItAreInASnapshot() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(2, o);
        FileRaftStore a = store(log, 0, o);
        FileRaftStore b = store(log, 1, o);
        a.takeRestoredState();
        b.takeRestoredState();
        StoreFixtures.initialise(a);
        StoreFixtures.initialise(b);
        b.persistLogEntries(entries(1, 2, 1)); // group 1's entries are in the first segment only
        for (long i = 1; i <= 600; i += 20) {
            a.persistLogEntries(entries(i, i + 19, 1));
        }
        a.flush();
        b.flush();
        int before = segments().size();
        assertTrue(before >= 3, "group 0's entries fill several segments: " + before);

        snapshot(a, 590);
        assertEquals(before, segments().size(), "the oldest segment holds group 1's entries 1..2, which no snapshot"
                + " covers: nothing goes (oldest first)");
        snapshot(b, 2);
        List<Path> after = segments();
        assertEquals(1, after.size(), "every segment but the newest (group 0's entries 581..600, one append) is"
                + " covered by both snapshots and went: " + before + " -> " + after);
        closeEverything();

        SharedLog reopened = shared(2, o);
        RestoredRaftState ra = restore(reopened, 0, o);
        assertEquals(590, ra.getSnapshotEntry().getIndex());
        assertEquals(entries(591, 600, 1), ra.getLogEntries());
        RestoredRaftState rb = restore(reopened, 1, o);
        assertEquals(2, rb.getSnapshotEntry().getIndex());
        assertEquals(List.of(), rb.getLogEntries());
    }

    private static void snapshot(FileRaftStore store, long index) throws IOException {
        for (SnapshotChunkModel c : StoreFixtures.chunks(index, 1, 1)) {
            store.persistSnapshotChunk(c);
        }
        store.flush();
        store.truncateLogEntriesUntil(index);
        store.flush();
    }

    @Test
    void aTornTailIsCutOffAndReported() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(2, o);
        for (int g = 0; g < 2; g++) {
            FileRaftStore s = store(log, g, o);
            s.takeRestoredState();
            StoreFixtures.initialise(s);
            s.persistLogEntries(entries(1, 5, 1));
            s.flush();
        }
        closeEverything();
        Path newest = segments().get(segments().size() - 1);
        long size = Files.size(newest);
        try (FileChannel ch = FileChannel.open(newest, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(new byte[] {0, 0, 0, 40, 0, 0}), size); // a frame cut short
        }
        SharedLog reopened = shared(2, o);
        assertEquals(1, torn.size(), "one torn tail reported: " + torn);
        assertEquals(newest, torn.get(0).file());
        assertEquals(size, torn.get(0).offset());
        assertEquals(size, Files.size(newest), "the torn bytes were cut off");
        assertEquals(entries(1, 5, 1), restore(reopened, 1, o).getLogEntries());
    }

    @Test
    void aDamagedRecordFollowedByAnIntactOneIsRefusedNamingFileAndOffset() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(2, o);
        FileRaftStore s = store(log, 0, o);
        s.takeRestoredState();
        StoreFixtures.initialise(s);
        s.persistLogEntries(entries(1, 3, 1));
        s.flush();
        closeEverything();
        Path segment = segments().get(0);
        long headerLength;
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.READ)) {
            headerLength = FileHeader.read(ch, segment).length();
        }
        long payloadByte = headerLength + StoreFormat.FRAME_BYTES + 6;
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            ch.read(b, payloadByte);
            ch.write(ByteBuffer.wrap(new byte[] {(byte) (b.get(0) ^ 0x5A)}), payloadByte);
        }
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> shared(2, o));
        assertTrue(e.getMessage().startsWith(segment + " at offset " + headerLength + ": payload CRC32C"),
                e.getMessage());
        assertTrue(e.getMessage().contains("not a torn tail: an intact record follows at offset"), e.getMessage());
    }

    @Test
    void aRecordOfAGroupTheMemberDoesNotHaveIsRefusedNamingTheGroupCount() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(3, o);
        FileRaftStore s = store(log, 2, o);
        s.takeRestoredState();
        StoreFixtures.initialise(s);
        s.persistLogEntries(entries(1, 1, 1));
        s.flush();
        closeEverything();
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> shared(2, o));
        assertTrue(e.getMessage().contains("a record of group index 2 (expected: 0..1, the member's raftwire.groups"
                + " = 2; a shared log is read with the group count that wrote it)"), e.getMessage());
        assertTrue(e.getMessage().startsWith(segments().get(0).toString()), e.getMessage());
    }

    @Test
    void aGroupDirectoryWithLogSegmentsOfItsOwnIsRefusedNamingBothLayouts() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        Path dir = root.resolve("group-1");
        try (FileRaftStore old = FileRaftStore.open(dir, serializer("kryo"), StoreFixtures.GROUP + "-1", o)) {
            old.takeRestoredState();
            StoreFixtures.initialise(old);
            old.persistLogEntries(entries(1, 2, 1));
            old.flush();
        }
        SharedLog log = shared(2, o);
        IOException e = assertThrows(IOException.class, () -> store(log, 1, o));
        assertEquals("data directory " + dir + " holds log segments in " + dir.resolve("log") + ", the layout of a "
                + "member that kept a log per group (expected: the entries of a member of 2 groups in one shared log, "
                + log.directory() + "; this build does not read the per-group layout: start the member with the build "
                + "that wrote it, or move the data directory away and let the member catch up from its peers)",
                e.getMessage());
    }

    @Test
    void aOneGroupStoreRefusesADirectoryHoldingASharedLog() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        shared(2, o).close();
        IOException e = assertThrows(IOException.class, () -> FileRaftStore.open(root, serializer("kryo"),
                StoreFixtures.GROUP, o));
        assertEquals("data directory " + root + " holds shared-log/, the log of a member of more than one group "
                + "(expected: the layout of a member of one group, entries in log/; start the member with the "
                + "raftwire.groups it was written with)", e.getMessage());
    }

    @Test
    void aFailedFsyncFailsEveryGroupNamingTheSharedLog() throws Exception {
        CountingSyncer syncer = new CountingSyncer();
        StoreOptions o = options(syncer);
        SharedLog log = shared(2, o);
        FileRaftStore a = store(log, 0, o);
        FileRaftStore b = store(log, 1, o);
        a.takeRestoredState();
        b.takeRestoredState();
        StoreFixtures.initialise(a);
        StoreFixtures.initialise(b);
        a.persistLogEntries(entries(1, 1, 1));
        a.flush();
        a.persistLogEntries(entries(2, 2, 1));
        syncer.failure = new IOException("simulated EIO");
        IOException first = assertThrows(IOException.class, a::flush);
        assertTrue(first.getMessage().contains("simulated EIO"), first.getMessage());
        IOException other = assertThrows(IOException.class, () -> b.persistLogEntries(entries(1, 1, 1)));
        assertTrue(other.getMessage().startsWith("store " + log.directory() + " failed: forcing its files on the Raft "
                + "thread failed with java.io.IOException: simulated EIO"), other.getMessage());
    }

    @Test
    void aGroupClosedAndReopenedWhileTheOthersRunGetsItsEntriesBack() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(2, o);
        FileRaftStore a = store(log, 0, o);
        FileRaftStore b = store(log, 1, o);
        a.takeRestoredState();
        b.takeRestoredState();
        StoreFixtures.initialise(a);
        StoreFixtures.initialise(b);
        b.persistLogEntries(entries(1, 30, 1));
        b.persistAndFlushTerm(new RaftTermPersistentStateModel(2, null));
        b.truncateLogEntriesFrom(21);
        b.persistLogEntries(entries(21, 25, 2));
        b.flush();
        b.close();
        a.persistLogEntries(entries(1, 100, 1)); // group 0 goes on while group 1 is closed
        a.flush();
        FileRaftStore again = store(log, 1, o);
        List<LogEntry> expected = new ArrayList<>(entries(1, 20, 1));
        expected.addAll(entries(21, 25, 2));
        assertEquals(expected, again.takeRestoredState().orElseThrow().getLogEntries());
        again.persistLogEntries(entries(26, 26, 2));
        again.flush();
        IllegalStateException twice = assertThrows(IllegalStateException.class, () -> log.attach(1, 0));
        assertEquals("group index 1 of shared log " + log.directory() + " is already open (expected: one store per "
                + "group; close the other first)", twice.getMessage());
    }

    @Test
    void theLogStaysOpenUntilItsOwnerAndEveryGroupHaveClosed() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = SharedLog.open(root.resolve(SharedLog.DIRECTORY), serializer("kryo"), CLUSTER, 2, o);
        FileRaftStore a = store(log, 0, o);
        a.takeRestoredState();
        StoreFixtures.initialise(a);
        log.close(); // the member lets go first
        a.persistLogEntries(entries(1, 3, 1));
        a.flush();
        a.close();
        IOException locked = null;
        try (SharedLog reopened = SharedLog.open(root.resolve(SharedLog.DIRECTORY), serializer("kryo"), CLUSTER, 2,
                o)) {
            SharedLog.GroupLog part = reopened.attach(0, 0);
            assertEquals(entries(1, 3, 1), part.takeRestored(), "the entries written after the owner closed are there");
            part.close(() -> { });
        } catch (IOException e) {
            locked = e;
        }
        assertEquals(null, locked, "the last group's close released the shared log's lock");
    }

    @Test
    void group0sListenerIsToldOfTheSharedLogsForces() throws Exception {
        StoreOptions o = options(Syncer.SYSTEM);
        SharedLog log = shared(2, o);
        AtomicInteger group0 = new AtomicInteger();
        AtomicInteger group1 = new AtomicInteger();
        List<FileRaftStore> stores = new ArrayList<>();
        int g = 0;
        for (AtomicInteger count : List.of(group0, group1)) {
            FileRaftStore s = FileRaftStore.open(root.resolve("group-" + g), serializer("kryo"),
                    StoreFixtures.GROUP + "-" + g, o, new StoreListener() {
                        @Override
                        public void onForce(long nanos) {
                            count.incrementAndGet();
                        }
                    }, log, g++);
            open.add(s);
            stores.add(s);
            s.takeRestoredState();
        }
        StoreFixtures.initialise(stores.get(1));
        int group0Before = group0.get();
        int group1Before = group1.get();
        stores.get(1).persistLogEntries(entries(1, 2, 1));
        stores.get(1).flush();
        assertEquals(group1Before, group1.get(), "group 1's listener hears of its own state files' forces only");
        assertTrue(group0.get() > group0Before, "group 0's listener (the member's meters) hears of the shared log's"
                + " force for group 1's entries");
    }

    /** Counts forces of files; fails them with {@link #failure} once set. Thread-safe. */
    static final class CountingSyncer implements Syncer {
        final AtomicInteger files = new AtomicInteger();
        volatile IOException failure;

        @Override
        public void force(FileChannel channel) throws IOException {
            if (failure != null) {
                throw failure;
            }
            files.incrementAndGet();
            Syncer.SYSTEM.force(channel);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            Syncer.SYSTEM.forceDirectory(directory);
        }
    }
}
