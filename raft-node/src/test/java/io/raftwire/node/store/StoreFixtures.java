package io.raftwire.node.store;

import io.microraft.MembershipChangeMode;
import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.node.model.EngineType;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftEndpointPersistentStateModel;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.UpdateRaftGroupMembersOpModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Types, serializers and values shared by the store tests. */
public final class StoreFixtures {

    /** A user command, registered with a user id as a log entry operation. */
    public record Put(String key, long value) {
    }

    /** A state machine's snapshot chunk object. */
    public record Chunk(int part, String data) {
    }

    static final String GROUP = "group-1";
    static final TypeRegistry REGISTRY = EngineType.registerAll(TypeRegistry.builder())
            .register(1024, Put.class).register(1025, Chunk.class).build();
    static final NodeEndpoint A = new NodeEndpoint("node-a");
    static final NodeEndpoint B = new NodeEndpoint("node-b");
    static final NodeEndpoint C = new NodeEndpoint("node-c");
    static final RaftGroupMembersViewModel MEMBERS = new RaftGroupMembersViewModel(0, List.of(A, B, C),
            List.of(A, B, C));

    private static final Map<String, Serializer> SERIALIZERS = new ConcurrentHashMap<>();

    private StoreFixtures() {
    }

    /** The three providers' names, for {@code @MethodSource}. */
    static Stream<String> providers() {
        return Stream.of("kryo", "protostuff", "jdk");
    }

    static Serializer serializer(String name) {
        return SERIALIZERS.computeIfAbsent(name, n -> Serializers.create(n, REGISTRY, SerializerOptions.defaults()));
    }

    static RaftEndpointPersistentStateModel endpoint() {
        return new RaftEndpointPersistentStateModel(A, true);
    }

    /**
     * The first term a node persists, before it accepts any entry or snapshot (MicroRaft always does; a directory
     * with entries and no term is refused).
     */
    static final RaftTermPersistentStateModel FIRST_TERM = new RaftTermPersistentStateModel(1, null);

    /** Persists what a node persists before its first entry: endpoint, initial members, {@link #FIRST_TERM}. */
    static void initialise(FileRaftStore store) throws IOException {
        store.persistAndFlushLocalEndpoint(endpoint());
        store.persistAndFlushInitialGroupMembers(MEMBERS);
        store.persistAndFlushTerm(FIRST_TERM);
    }

    /** An entry whose operation is a user command, or every 7th a membership change. */
    static LogEntryModel entry(long index, int term) {
        Object op = index % 7 == 0
                ? new UpdateRaftGroupMembersOpModel(List.of(A, B, C), List.of(A, B), C,
                        MembershipChangeMode.ADD_LEARNER)
                : new Put("k" + index, index * 31);
        return new LogEntryModel(index, term, op);
    }

    static List<LogEntry> entries(long from, long to, int term) {
        List<LogEntry> list = new ArrayList<>();
        for (long i = from; i <= to; i++) {
            list.add(entry(i, term));
        }
        return list;
    }

    static List<SnapshotChunkModel> chunks(long index, int term, int count) {
        List<SnapshotChunkModel> list = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            list.add(new SnapshotChunkModel(index, term, new Chunk(i, "state@" + index + "#" + i), i, count,
                    new RaftGroupMembersViewModel(index - 1, List.of(A, B, C), List.of(A, B, C))));
        }
        return list;
    }

    /** A store on {@code dir} that collects torn tails into {@code torn}. */
    static FileRaftStore open(Path dir, Serializer s, List<TornTail> torn) throws IOException {
        return FileRaftStore.open(dir, s, GROUP, StoreOptions.defaults().withTornTailReporter(torn::add));
    }

    /** {@link #open} with segments grown by their appends: for tests that write and cut segment files byte by byte. */
    static FileRaftStore openGrown(Path dir, Serializer s, List<TornTail> torn) throws IOException {
        return FileRaftStore.open(dir, s, GROUP, StoreOptions.defaults().withTornTailReporter(torn::add)
                .withPreallocation(false));
    }

    /** Asserts the restored state holds exactly these values. */
    static void assertRestored(RestoredRaftState r, RaftTermPersistentStateModel term, Object snapshot,
            List<LogEntry> entries) {
        assertEquals(endpoint(), r.getLocalEndpointPersistentState());
        assertEquals(MEMBERS, r.getInitialGroupMembers());
        assertEquals(term, r.getTermPersistentState());
        if (snapshot == null) {
            assertNull(r.getSnapshotEntry());
        } else {
            assertEquals(snapshot, r.getSnapshotEntry());
        }
        assertEquals(entries, r.getLogEntries());
    }

    /** Counts fsyncs, then does them for real. */
    static final class CountingSyncer implements Syncer {
        int files;
        int directories;

        @Override
        public void force(FileChannel channel) throws IOException {
            files++;
            Syncer.SYSTEM.force(channel);
        }

        @Override
        public void forceDirectory(Path directory) throws IOException {
            directories++;
            Syncer.SYSTEM.forceDirectory(directory);
        }

        int total() {
            return files + directories;
        }
    }
}
