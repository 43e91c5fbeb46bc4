package io.raftwire.node.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.microraft.impl.log.RaftLog;
import io.microraft.model.log.LogEntry;
import io.microraft.persistence.RestoredRaftState;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.log.CommandEntry;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.KvPut;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.model.LogEntryModel;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.RaftEndpointPersistentStateModel;
import io.raftwire.node.model.RaftGroupMembersViewModel;
import io.raftwire.node.model.RaftTermPersistentStateModel;
import io.raftwire.node.model.SnapshotChunkModel;
import io.raftwire.node.model.SnapshotEntryModel;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A directory written with larger {@code snapshot-interval} or {@code max-pending-entries} can hold more entries after
 * its snapshot than MicroRaft's log holds with smaller ones; such a start is refused before MicroRaft sees the state.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class RestoredLogCapacityTest {

    private static final NodeEndpoint SELF = new NodeEndpoint("node-1");
    private static final RaftGroupMembersViewModel MEMBERS = new RaftGroupMembersViewModel(0, List.of(SELF),
            List.of(SELF));
    /** snapshot-interval 100, max-pending-entries 50: MicroRaft's log holds 100 + 50 + 10 entries. */
    private static final Map<String, String> SMALL = Map.of(ConfigKeys.RAFT_SNAPSHOT_INTERVAL.name(), "100",
            ConfigKeys.RAFT_MAX_PENDING_ENTRIES.name(), "50");

    @TempDir
    Path dir;

    @Test
    void theCapacityIsMicroRaftsAndTheLastEntryThatFitsIsStillRestored() {
        RaftwireConfig config = RaftwireConfig.of(SMALL);
        assertEquals(160, RestoredLogCapacity.of(config));
        SnapshotEntryModel snapshot = snapshot(5000);
        RaftLog full = RaftLog.restore(160, snapshot, entries(5001, 160));
        assertNotNull(full.getLogEntry(5001), "160 entries fit: the first after the snapshot is kept");
        RaftLog over = RaftLog.restore(160, snapshot, entries(5001, 161));
        assertNull(over.getLogEntry(5001), "the 161st overwrote the first: MicroRaft would fail at start");
        RestoredLogCapacity.check(restored(snapshot, entries(5001, 160)), config, "data directory d");
    }

    @Test
    void oneEntryTooManyIsRefusedNamingTheDirectoryTheCountBothSettingsAndWhatToDo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RestoredLogCapacity.check(
                restored(snapshot(5000), entries(5001, 161)), RaftwireConfig.of(SMALL), "data directory d"));
        assertEquals("data directory d holds 161 log entries after its snapshot at index 5000, more than MicroRaft's "
                + "log holds with raftwire.raft.snapshot-interval = 100 and raftwire.raft.max-pending-entries = 50 "
                + "(expected: at most 160, snapshot-interval + max-pending-entries + a tenth of snapshot-interval; "
                + "start the node once with the settings the directory was written with until it takes a snapshot, "
                + "or raise them)", e.getMessage());
        IllegalArgumentException noSnapshot = assertThrows(IllegalArgumentException.class,
                () -> RestoredLogCapacity.check(restored(null, entries(1, 161)), RaftwireConfig.of(SMALL), "d"));
        assertTrue(noSnapshot.getMessage().startsWith("d holds 161 log entries after no snapshot, "),
                noSnapshot.getMessage());
    }

    @Test
    void aNodeOnADirectoryWrittenWithLargerSettingsIsRefusedAtBuildAndItsStoreClosed() throws IOException {
        Map<String, String> values = new java.util.HashMap<>(SMALL);
        values.put(ConfigKeys.NODE_DATA_DIR.name(), dir.toString());
        values.put(ConfigKeys.TLS_ENABLED.name(), "false");
        RaftwireConfig config = RaftwireConfig.of(values);
        TypeRegistry registry = KvNodes.registry();
        Serializer serializer = Serializers.create(config.get(ConfigKeys.SERIALIZER), registry,
                SerializerConfig.options(config));
        OperationCodec codec = new OperationCodec(serializer);
        try (FileRaftStore store = FileRaftStore.open(dir, serializer, config.get(ConfigKeys.CLUSTER_ID))) {
            store.takeRestoredState();
            store.persistAndFlushLocalEndpoint(new RaftEndpointPersistentStateModel(SELF, true));
            store.persistAndFlushInitialGroupMembers(MEMBERS);
            store.persistAndFlushTerm(new RaftTermPersistentStateModel(1, SELF));
            List<LogEntry> written = new ArrayList<>();
            for (long i = 1; i <= 161; i++) {
                written.add(new LogEntryModel(i, 1, new CommandEntry(1, i, 1, i,
                        codec.command(new KvPut("k" + i, new byte[] {(byte) i})))));
            }
            store.persistLogEntries(written);
            store.flush();
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KvNodes.node(config));
        assertEquals("data directory " + dir + " (raftwire.node.data-dir) holds 161 log entries after no snapshot, "
                + "more than MicroRaft's log holds with raftwire.raft.snapshot-interval = 100 and "
                + "raftwire.raft.max-pending-entries = 50 (expected: at most 160, snapshot-interval + "
                + "max-pending-entries + a tenth of snapshot-interval; start the node once with the settings the "
                + "directory was written with until it takes a snapshot, or raise them)", e.getMessage());
        RestoredRaftState after = FileRaftStore.restore(dir, serializer, config.get(ConfigKeys.CLUSTER_ID))
                .orElseThrow(); // the refusal closed the store (a second open would find the directory locked)
        assertEquals(161, after.getLogEntries().size(), "and changed nothing");
    }

    private static SnapshotEntryModel snapshot(long index) {
        return new SnapshotEntryModel(index, 1, List.of(new SnapshotChunkModel(index, 1, "state", 0, 1, MEMBERS)),
                MEMBERS);
    }

    private static List<LogEntry> entries(long from, int count) {
        List<LogEntry> list = new ArrayList<>();
        for (long i = from; i < from + count; i++) {
            list.add(new LogEntryModel(i, 1, "op" + i));
        }
        return list;
    }

    private static RestoredRaftState restored(SnapshotEntryModel snapshot, List<LogEntry> entries) {
        return new RestoredRaftState(new RaftEndpointPersistentStateModel(SELF, true), MEMBERS,
                new RaftTermPersistentStateModel(1, SELF), snapshot, entries);
    }
}
