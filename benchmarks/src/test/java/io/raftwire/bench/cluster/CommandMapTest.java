package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The benchmark's state machine: applies the 64-byte puts, snapshots and restores every key. */
class CommandMapTest {

    @Test
    void appliesPutsAndKeepsTheLastValuePerKey() {
        CommandMap map = new CommandMap();
        assertEquals(CommandMap.OK, map.runOperation(1, new BenchPut(PutCommands.put(5))));
        assertEquals(CommandMap.OK, map.runOperation(2, new BenchPut(PutCommands.put(100_005))));
        assertEquals(1, map.size());
        assertArrayEquals(PutCommands.valueOf(PutCommands.put(100_005)), map.get("k0000005"));
        assertNull(map.getNewTermOperation());
    }

    @Test
    void aSnapshotRestoresEveryKeyInChunksOfBoundedSize() {
        CommandMap source = new CommandMap();
        int keys = CommandMap.CHUNK_ENTRIES * 2 + 7;
        for (int i = 0; i < keys; i++) {
            source.runOperation(i + 1, new BenchPut(PutCommands.put(i)));
        }
        List<Object> chunks = new ArrayList<>();
        source.takeSnapshot(keys, chunks::add);
        assertEquals(3, chunks.size());
        for (Object c : chunks) {
            assertTrue(((MapChunk) c).entries().size() <= CommandMap.CHUNK_ENTRIES);
        }
        CommandMap copy = new CommandMap();
        copy.runOperation(1, new BenchPut(PutCommands.put("k9999999", "gone")));
        copy.installSnapshot(keys, chunks);
        assertEquals(keys, copy.size());
        assertNull(copy.get("k9999999"), "installing a snapshot replaces the whole map");
        assertArrayEquals(PutCommands.valueOf(PutCommands.put(keys - 1)), copy.get(PutCommands.key(keys - 1)));
    }

    @Test
    void anEmptyMapSnapshotsAsOneEmptyChunk() {
        List<Object> chunks = new ArrayList<>();
        new CommandMap().takeSnapshot(0, chunks::add);
        assertEquals(List.of(new MapChunk(List.of())), chunks);
    }

    @Test
    void anythingButAPutIsRefusedNamingWhatWasExpected() {
        CommandMap map = new CommandMap();
        assertTrue(assertThrows(IllegalArgumentException.class, () -> map.runOperation(1, "put k v")).getMessage()
                .contains("expected: BenchPut"));
        byte[] get = "get k0000001".getBytes(StandardCharsets.US_ASCII);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> map.runOperation(1, new BenchPut(get)))
                .getMessage().contains("expected: put <key> <value>"));
        byte[] noValue = "put k0000001".getBytes(StandardCharsets.US_ASCII);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> map.runOperation(1, new BenchPut(noValue)))
                .getMessage().contains("without a value"));
        assertEquals(0, map.size(), "a refused command changes nothing");
    }
}
