package io.raftwire.bench.cluster;

import io.microraft.statemachine.StateMachine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The state machine of the ideal and the direct raftwire cluster: a map applying {@link BenchPut}s ({@code put <key>
 * <value>}: the key up to the first space after {@code put }, the value the rest). Snapshots are chunks of
 * {@value #CHUNK_ENTRIES} keys. Used on its node's Raft thread only, as MicroRaft guarantees; {@link #size()} and
 * {@link #get} are for checks after the node has stopped or from that thread.
 */
public final class CommandMap implements StateMachine {

    /** Keys per snapshot chunk. */
    public static final int CHUNK_ENTRIES = 4096;

    /** What every applied put returns. */
    public static final String OK = "OK";

    private final Map<String, byte[]> map = new HashMap<>();

    @Override
    public Object runOperation(long commitIndex, Object operation) {
        if (!(operation instanceof BenchPut put)) {
            throw new IllegalArgumentException("operation = " + (operation == null ? "null"
                    : operation.getClass().getName()) + " (expected: BenchPut)");
        }
        apply(put.command());
        return OK;
    }

    private void apply(byte[] b) {
        if (b.length < 6 || b[0] != 'p' || b[1] != 'u' || b[2] != 't' || b[3] != ' ') {
            throw new IllegalArgumentException("command of " + b.length + " bytes (expected: put <key> <value>)");
        }
        int space = 4;
        while (space < b.length && b[space] != ' ') {
            space++;
        }
        if (space == b.length) {
            throw new IllegalArgumentException("command without a value (expected: put <key> <value>)");
        }
        byte[] value = new byte[b.length - space - 1];
        System.arraycopy(b, space + 1, value, 0, value.length);
        map.put(new String(b, 4, space - 4, StandardCharsets.US_ASCII), value);
    }

    @Override
    public void takeSnapshot(long commitIndex, Consumer<Object> chunks) {
        List<MapEntry> chunk = new ArrayList<>(CHUNK_ENTRIES);
        for (Map.Entry<String, byte[]> e : map.entrySet()) {
            chunk.add(new MapEntry(e.getKey(), e.getValue()));
            if (chunk.size() == CHUNK_ENTRIES) {
                chunks.accept(new MapChunk(chunk));
                chunk.clear();
            }
        }
        if (!chunk.isEmpty() || map.isEmpty()) {
            chunks.accept(new MapChunk(chunk));
        }
    }

    @Override
    public void installSnapshot(long commitIndex, List<Object> chunks) {
        map.clear();
        for (Object o : chunks) {
            for (MapEntry e : ((MapChunk) o).entries()) {
                map.put(e.key(), e.value());
            }
        }
    }

    /** No operation on a new term: the benchmark's first put commits the leader's term. */
    @Override
    public Object getNewTermOperation() {
        return null;
    }

    /** Keys in the map. */
    public int size() {
        return map.size();
    }

    /** The value of {@code key}, or {@code null}. */
    public byte[] get(String key) {
        return map.get(key);
    }
}
