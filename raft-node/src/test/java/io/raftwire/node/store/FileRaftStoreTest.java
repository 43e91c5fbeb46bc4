package io.raftwire.node.store;

import io.microraft.impl.state.RaftState;
import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.RaftwireModelFactory;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.SnapshotEntryModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static io.raftwire.node.store.StoreFixtures.A;
import static io.raftwire.node.store.StoreFixtures.B;
import static io.raftwire.node.store.StoreFixtures.C;
import static io.raftwire.node.store.StoreFixtures.MEMBERS;
import static io.raftwire.node.store.StoreFixtures.assertRestored;
import static io.raftwire.node.store.StoreFixtures.chunks;
import static io.raftwire.node.store.StoreFixtures.endpoint;
import static io.raftwire.node.store.StoreFixtures.entries;
import static io.raftwire.node.store.StoreFixtures.entry;
import static io.raftwire.node.store.StoreFixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a node persists comes back after a restart, through every serializer. */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class FileRaftStoreTest {

    @TempDir
    Path dir;

    private final List<TornTail> torn = new ArrayList<>();

    private static Stream<String> providers() {
        return StoreFixtures.providers();
    }

    private FileRaftStore open(Serializer s) throws IOException {
        return StoreFixtures.open(dir, s, torn);
    }

    private FileRaftStore initialised(Serializer s) throws IOException {
        FileRaftStore store = open(s);
        assertTrue(store.takeRestoredState().isEmpty(), "a new directory has no state");
        StoreFixtures.initialise(store);
        return store;
    }

    private RestoredRaftState reopen(Serializer s) throws IOException {
        RestoredRaftState r = FileRaftStore.restore(dir, s, StoreFixtures.GROUP,
                StoreOptions.defaults().withTornTailReporter(torn::add)).orElseThrow();
        assertEquals(List.of(), torn, "a clean shutdown leaves no torn tail");
        return r;
    }

    @ParameterizedTest
    @MethodSource("providers")
    void everyRecordKindSurvivesARestart(String provider) throws IOException {
        Serializer s = serializer(provider);
        RaftTermPersistentStateModel term = new RaftTermPersistentStateModel(3, A);
        SnapshotEntryModel snapshot;
        try (FileRaftStore store = initialised(s)) {
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(2, null));
            store.persistAndFlushTerm(term);
            store.persistLogEntries(entries(1, 20, 2));
            List<SnapshotChunkModel> chunks = chunks(15, 2, 3);
            store.persistSnapshotChunk(chunks.get(2));
            store.persistSnapshotChunk(chunks.get(0));
            store.persistSnapshotChunk(chunks.get(1));
            store.flush();
            store.truncateLogEntriesUntil(15);
            store.persistLogEntries(entries(21, 22, 3));
            store.flush();
            snapshot = new SnapshotEntryModel(15, 2, chunks, chunks.get(0).groupMembersView());
        }
        List<LogEntry> after = entries(16, 20, 2);
        after.addAll(entries(21, 22, 3));
        assertRestored(reopen(s), term, snapshot, after);
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aVoteForNobodyIsRestoredAsNull(String provider) throws IOException {
        Serializer s = serializer(provider);
        try (FileRaftStore store = initialised(s)) {
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(7, null));
        }
        assertRestored(reopen(s), new RaftTermPersistentStateModel(7, null), null, List.of());
    }

    @Test
    void aDirectoryWithoutATermYetIsRestoredAtTermZeroWithoutAVote() throws IOException {
        Serializer s = serializer("kryo");
        try (FileRaftStore store = open(s)) {
            store.takeRestoredState();
            store.persistAndFlushLocalEndpoint(endpoint());
            store.persistAndFlushInitialGroupMembers(MEMBERS);
        }
        assertRestored(reopen(s), new RaftTermPersistentStateModel(0, null), null, List.of());
    }

    @Test
    void aMissingTermFileIsRefusedWhileTheLogHoldsEntries() throws IOException {
        Serializer s = serializer("kryo");
        try (FileRaftStore store = initialised(s)) {
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(2, A));
            store.persistLogEntries(entries(1, 3, 2));
            store.flush();
        }
        Files.delete(dir.resolve(FileRaftStore.TERM));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> open(s));
        assertEquals(dir.resolve(FileRaftStore.TERM) + " at offset 0: file missing while the directory holds 3 log "
                + "entries (expected: term.state, which a node writes before it accepts any entry or snapshot)",
                e.getMessage());
        assertFalse(Files.exists(dir.resolve(FileRaftStore.TERM)), "a refused start-up writes no term");
    }

    @Test
    void aMissingTermFileIsRefusedWhileASnapshotIsThere() throws IOException {
        Serializer s = serializer("jdk");
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 10, 1));
            chunks(10, 1, 2).forEach(c -> persist(store, c));
            store.flush();
            store.truncateLogEntriesUntil(10);
            store.flush();
        }
        Files.delete(dir.resolve(FileRaftStore.TERM));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> open(s));
        assertEquals(dir.resolve(FileRaftStore.TERM) + " at offset 0: file missing while the directory holds a "
                + "snapshot at index 10 (expected: term.state, which a node writes before it accepts any entry or "
                + "snapshot)", e.getMessage());
    }

    @ParameterizedTest
    @MethodSource("providers")
    void truncatingASuffixReplacesItAndTheReplacementSurvives(String provider) throws IOException {
        Serializer s = serializer(provider);
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 10, 1));
            store.flush();
            store.truncateLogEntriesFrom(6);
            store.persistLogEntries(entries(6, 8, 2));
            store.flush();
        }
        List<LogEntry> want = entries(1, 5, 1);
        want.addAll(entries(6, 8, 2));
        assertRestored(reopen(s), StoreFixtures.FIRST_TERM, null, want);
        try (FileRaftStore store = open(s)) {
            store.takeRestoredState();
            store.persistLogEntries(entries(9, 9, 2));
            store.flush();
        }
        want.add(entry(9, 2));
        assertEquals(want, reopen(s).getLogEntries(), "appends continue after the restored tail");
    }

    @Test
    void truncatingAcrossSegmentsDeletesTheLaterOnes() throws IOException {
        Serializer s = serializer("kryo");
        StoreOptions small = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES);
        long cut;
        try (FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, small)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            for (long i = 1; i <= 400; i += 10) {
                store.persistLogEntries(entries(i, i + 9, 1));
            }
            store.flush();
            assertTrue(segments().size() > 3, "small segments roll: " + segments());
            cut = base(segments().get(2)) + 2;
            store.truncateLogEntriesFrom(cut);
            store.persistLogEntries(entries(cut, cut + 5, 2));
            store.flush();
        }
        assertEquals(3, segments().size(), "segments after index " + cut + " were deleted: " + segments());
        List<LogEntry> want = entries(1, cut - 1, 1);
        want.addAll(entries(cut, cut + 5, 2));
        assertEquals(want, reopen(s).getLogEntries());
    }

    private static long base(Path segment) {
        return Long.parseLong(segment.getFileName().toString().substring(0, 20));
    }

    @Test
    void truncatingUntilASnapshotDeletesSegmentsWhollyBelowIt() throws IOException {
        Serializer s = serializer("protostuff");
        StoreOptions small = StoreOptions.defaults().withSegmentBytes(StoreOptions.MIN_SEGMENT_BYTES);
        try (FileRaftStore store = FileRaftStore.open(dir, s, StoreFixtures.GROUP, small)) {
            store.takeRestoredState();
            StoreFixtures.initialise(store);
            for (long i = 1; i <= 400; i += 10) {
                store.persistLogEntries(entries(i, i + 9, 1));
            }
            store.flush();
            List<Path> before = segments();
            chunks(300, 1, 1).forEach(c -> persist(store, c));
            store.flush();
            store.truncateLogEntriesUntil(300);
            store.flush();
            List<Path> after = segments();
            assertTrue(after.size() < before.size(), before + " -> " + after);
            assertTrue(store.directory().resolve("snapshot").resolve(SnapshotFiles.completeName(300)).toFile()
                    .exists());
        }
        RestoredRaftState r = reopen(s);
        assertEquals(300, r.getSnapshotEntry().getIndex());
        assertEquals(entries(301, 400, 1), r.getLogEntries(), "only entries after the snapshot are restored");
    }

    @Test
    void aSnapshotBeyondTheLogEmptiesItAndAppendsContinueAfterTheSnapshot() throws IOException {
        Serializer s = serializer("jdk");
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 5, 1));
            store.flush();
            chunks(50, 4, 2).forEach(c -> persist(store, c));
            store.flush();
            store.truncateLogEntriesUntil(50);
            store.persistLogEntries(entries(51, 52, 4));
            store.flush();
        }
        RestoredRaftState r = reopen(s);
        assertEquals(50, r.getSnapshotEntry().getIndex());
        assertEquals(entries(51, 52, 4), r.getLogEntries());
    }

    @Test
    void anIncompleteSnapshotIsNotRestoredAndTheOlderOneIsKept() throws IOException {
        Serializer s = serializer("kryo");
        List<SnapshotChunkModel> old = chunks(5, 1, 2);
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 12, 1));
            old.forEach(c -> persist(store, c));
            store.flush();
            store.truncateLogEntriesUntil(5);
            store.persistSnapshotChunk(chunks(10, 1, 3).get(1));
            store.flush();
        }
        RestoredRaftState r = reopen(s);
        assertEquals(new SnapshotEntryModel(5, 1, old, old.get(0).groupMembersView()), r.getSnapshotEntry());
        assertEquals(entries(6, 12, 1), r.getLogEntries());
        try (var files = Files.list(dir.resolve("snapshot"))) {
            assertEquals(List.of(SnapshotFiles.completeName(5)), files.map(p -> p.getFileName().toString()).toList(),
                    "the partial snapshot's temporary file is gone after the restart");
        }
    }

    @Test
    void deletedSnapshotChunksAreGoneAndANewerSnapshotReplacesTheOlder() throws IOException {
        Serializer s = serializer("kryo");
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 30, 1));
            chunks(10, 1, 1).forEach(c -> persist(store, c));
            store.flush();
            store.persistSnapshotChunk(chunks(20, 1, 2).get(0));
            store.deleteSnapshotChunks(20, 2);
            store.flush();
            assertFalse(Files.exists(dir.resolve("snapshot").resolve(SnapshotFiles.completeName(20) + ".tmp")));
            chunks(25, 1, 2).forEach(c -> persist(store, c));
            store.flush();
        }
        try (var files = Files.list(dir.resolve("snapshot"))) {
            assertEquals(List.of(SnapshotFiles.completeName(25)), files.map(p -> p.getFileName().toString()).toList());
        }
        assertEquals(25, reopen(s).getSnapshotEntry().getIndex());
    }

    /**
     * A follower is sent a snapshot's chunks by several members, each with its own view of the same members, in its
     * own order. They are one snapshot; MicroRaft keeps members in sets and takes the view the store restores.
     */
    @ParameterizedTest
    @MethodSource("providers")
    void chunksWhoseMembersDifferOnlyInOrderAreRestoredAsOneSnapshot(String provider) throws IOException {
        Serializer s = serializer(provider);
        RaftGroupMembersViewModel abc = new RaftGroupMembersViewModel(4, List.of(A, B, C), List.of(A, B, C));
        RaftGroupMembersViewModel bac = new RaftGroupMembersViewModel(4, List.of(B, A, C), List.of(C, B, A));
        List<SnapshotChunkModel> chunks = List.of(chunk(0, 3, bac), chunk(1, 3, abc), chunk(2, 3, bac));
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 12, 1));
            persist(store, chunks.get(1));
            persist(store, chunks.get(0));
            persist(store, chunks.get(2));
            store.flush();
            store.truncateLogEntriesUntil(10);
            store.flush();
        }
        RestoredRaftState r = reopen(s);
        assertEquals(new SnapshotEntryModel(10, 1, chunks, abc), r.getSnapshotEntry(),
                "every chunk as written, and the view of the first chunk written");
        assertEquals(entries(11, 12, 1), r.getLogEntries());
        RaftState engine = RaftState.restore(StoreFixtures.GROUP, r, 100, RaftwireModelFactory.INSTANCE);
        assertEquals(Set.of(A, B, C), Set.copyOf(engine.members()), "MicroRaft takes the restored members");
        assertEquals(Set.of(A, B, C), Set.copyOf(engine.votingMembers()));
        assertEquals(4, engine.committedGroupMembers().getLogIndex());
        assertEquals(10, engine.commitIndex());
    }

    @Test
    void chunksOfOneSnapshotWithOtherMembersAreRefused() throws IOException {
        Serializer s = serializer("kryo");
        RaftGroupMembersViewModel abc = new RaftGroupMembersViewModel(4, List.of(A, B, C), List.of(A, B, C));
        RaftGroupMembersViewModel ab = new RaftGroupMembersViewModel(4, List.of(B, A), List.of(A, B));
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 12, 1));
            persist(store, chunk(0, 2, abc));
            persist(store, chunk(1, 2, ab));
            store.flush();
        }
        Path snap = dir.resolve("snapshot").resolve(SnapshotFiles.completeName(10));
        StoreCorruptedException e = assertThrows(StoreCorruptedException.class, () -> open(s));
        assertEquals(snap, e.file());
        assertTrue(e.getMessage().startsWith(snap + " at offset "), e.getMessage());
        assertTrue(e.getMessage().endsWith(": chunk 1 has members [node-b, node-a], voting [node-a, node-b], at log "
                + "index 4 (expected: members [node-a, node-b, node-c], voting [node-a, node-b, node-c], at log index "
                + "4, in any order, like chunk 0)"), e.getMessage());
    }

    private static SnapshotChunkModel chunk(int i, int count, RaftGroupMembersViewModel view) {
        return new SnapshotChunkModel(10, 1, new StoreFixtures.Chunk(i, "state#" + i), i, count, view);
    }

    @Test
    @SuppressWarnings("try") // the first store is only held open (locked) while a second open is refused
    void misuseIsRefusedWithTheReason() throws IOException {
        Serializer s = serializer("kryo");
        try (FileRaftStore store = initialised(s)) {
            store.persistLogEntries(entries(1, 3, 1));
            IllegalArgumentException gap = assertThrows(IllegalArgumentException.class,
                    () -> store.persistLogEntries(entries(5, 5, 1)));
            assertEquals("log entry 0 of 1 has index 5 (expected: 4, the next index of the log)", gap.getMessage());
            IllegalStateException noSnapshot = assertThrows(IllegalStateException.class,
                    () -> store.truncateLogEntriesUntil(2));
            assertTrue(noSnapshot.getMessage().contains("newest complete snapshot at index 0 (expected: a flushed "
                    + "snapshot at or above the index"), noSnapshot.getMessage());
            IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                    () -> store.truncateLogEntriesFrom(9));
            assertEquals("truncateLogEntriesFrom(9) (expected: an index in 1..3, the entries on disk)",
                    range.getMessage());
            assertThrows(IllegalArgumentException.class, () -> store.persistLogEntries(List.of(
                    new io.microraft.model.impl.log.DefaultLogEntryOrBuilder().setIndex(4).setTerm(1)
                            .setOperation("x").build())));
            IllegalStateException twice = assertThrows(IllegalStateException.class, store::takeRestoredState);
            assertTrue(twice.getMessage().contains("already taken"), twice.getMessage());
        }
        IOException locked;
        try (FileRaftStore first = open(s)) {
            locked = assertThrows(IOException.class, () -> open(s));
        }
        assertTrue(locked.getMessage().contains("is locked by another open store"), locked.getMessage());
        assertEquals(entries(1, 3, 1), reopen(s).getLogEntries(), "refused calls changed nothing");
    }

    @Test
    void aRegistryWithoutTheEngineTypesOrABadGroupIdIsRefused() {
        Serializer plain = io.raftwire.serializer.Serializers.create("kryo", io.raftwire.serializer.TypeRegistry.catalog(),
                io.raftwire.serializer.SerializerOptions.defaults());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FileRaftStore.open(dir, plain, StoreFixtures.GROUP));
        assertEquals("the registry of serializer kryo lacks LogEntryModel (expected: a registry built with "
                + "EngineType.registerAll)", e.getMessage());
        IllegalArgumentException g = assertThrows(IllegalArgumentException.class,
                () -> FileRaftStore.open(dir, serializer("kryo"), "bad\nid"));
        assertEquals("groupId contains control character U+000A at 3 (expected: printable)", g.getMessage());
        assertFalse(Files.exists(dir.resolve("log")), "a refused open creates nothing");
    }

    @Test
    void aStartInterruptedBeforeTheMembersWereWrittenIsANewStart() throws IOException {
        Serializer s = serializer("kryo");
        try (FileRaftStore store = open(s)) {
            store.takeRestoredState();
            store.persistAndFlushLocalEndpoint(endpoint());
        }
        try (FileRaftStore store = open(s)) {
            assertTrue(store.takeRestoredState().isEmpty());
        }
    }

    private static void persist(FileRaftStore store, SnapshotChunkModel c) {
        try {
            store.persistSnapshotChunk(c);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private List<Path> segments() throws IOException {
        try (var files = Files.list(dir.resolve("log"))) {
            return files.filter(p -> p.getFileName().toString().endsWith(".log")).sorted().toList();
        }
    }
}
