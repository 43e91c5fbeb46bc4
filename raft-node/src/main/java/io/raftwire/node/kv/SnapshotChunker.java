package io.raftwire.node.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.ToIntFunction;

/**
 * Cuts a sorted list of items into chunks of at most a fixed estimated size, the same way on every member: the
 * estimate depends only on the items, never on a serializer or on the JVM. Used by the KV store and by
 * {@code io.raftwire.node.app.ReplicatedStateMachine}. Stateless.
 */
public final class SnapshotChunker {

    private SnapshotChunker() {
    }

    /**
     * Emits {@code items} in order, as consecutive chunks of at most {@code maxBytes} estimated bytes each; an item
     * larger than that on its own gets a chunk of its own. Emits nothing for an empty list.
     */
    public static <T, C> void chunk(List<T> items, ToIntFunction<T> estimate, int maxBytes, Function<List<T>, C> wrap,
            Consumer<Object> out) {
        List<T> current = new ArrayList<>();
        long bytes = 0;
        for (T item : items) {
            int size = estimate.applyAsInt(item);
            if (!current.isEmpty() && bytes + size > maxBytes) {
                out.accept(wrap.apply(current));
                current = new ArrayList<>();
                bytes = 0;
            }
            current.add(item);
            bytes += size;
        }
        if (!current.isEmpty()) {
            out.accept(wrap.apply(current));
        }
    }
}
