package io.raftwire.node.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * The keys and versioned values of the replicated store. A key's version is the log index of its last write, so
 * versions only grow, and a key deleted and written again never gets an old version back. Not thread-safe: Raft
 * thread only. The results are those documented on {@link KvGet}, {@link KvPut}, {@link KvDelete} and
 * {@link KvCompareAndSet}.
 */
final class KvStore {

    private final TreeMap<String, KvEntry> entries = new TreeMap<>();

    KvResult get(String key) {
        KvEntry e = entries.get(key);
        return e == null ? new KvResult(false, null, 0) : new KvResult(true, e.valueNoCopy(), e.version());
    }

    KvResult put(String key, byte[] value, long index) {
        entries.put(key, new KvEntry(key, value, index));
        return new KvResult(true, null, index);
    }

    KvResult delete(String key) {
        KvEntry removed = entries.remove(key);
        return removed == null ? new KvResult(false, null, 0) : new KvResult(true, null, removed.version());
    }

    KvResult compareAndSet(String key, long expectedVersion, byte[] value, long index) {
        KvEntry current = entries.get(key);
        long version = current == null ? 0 : current.version();
        if (version != expectedVersion) {
            return new KvResult(false, null, version);
        }
        return put(key, value, index);
    }

    /** The entry of a key, or {@code null}. */
    KvEntry entry(String key) {
        return entries.get(key);
    }

    int size() {
        return entries.size();
    }

    /** Every entry, in ascending key order. */
    List<KvEntry> entries() {
        return new ArrayList<>(entries.values());
    }

    /**
     * Replaces the content with {@code sorted}.
     *
     * @throws IllegalArgumentException if the keys are not strictly ascending; nothing is changed then
     */
    static KvStore restore(List<KvEntry> sorted) {
        KvStore store = new KvStore();
        String previous = null;
        for (KvEntry e : sorted) {
            if (previous != null && previous.compareTo(e.key()) >= 0) {
                throw new IllegalArgumentException("snapshot key " + KvLimits.quote(e.key()) + " follows "
                        + KvLimits.quote(previous) + " (expected: strictly ascending keys)");
            }
            previous = e.key();
            store.entries.put(e.key(), e);
        }
        return store;
    }
}
