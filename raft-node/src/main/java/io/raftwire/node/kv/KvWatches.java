package io.raftwire.node.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongPredicate;

/**
 * The sessions' watches of keys and prefixes, part of the replicated state. Iteration orders are fixed (session, key,
 * prefix flag ascending), so every member publishes the same events in the same order. Not thread-safe: Raft thread
 * only.
 */
final class KvWatches {

    /** Most watches one session may hold. */
    static final int MAX_WATCHES_PER_SESSION = 64;

    /** Per session: the watches by (key, prefix) — the prefix flag is the key's last character, 0 or 1. */
    private final TreeMap<Long, TreeMap<String, KvWatchRecord>> bySession = new TreeMap<>();

    /**
     * Adds a watch.
     *
     * @return whether it is new
     * @throws IllegalStateException naming the bound if the session holds {@value #MAX_WATCHES_PER_SESSION} already
     */
    boolean add(long session, KvWatch watch, String serializer) {
        TreeMap<String, KvWatchRecord> own = bySession.computeIfAbsent(session, s -> new TreeMap<>());
        String id = id(watch.key(), watch.prefix());
        if (own.containsKey(id)) {
            return false;
        }
        if (own.size() >= MAX_WATCHES_PER_SESSION) {
            throw new IllegalStateException("session " + session + " holds " + own.size() + " watches (expected: at"
                    + " most " + MAX_WATCHES_PER_SESSION + "; unwatch one first)");
        }
        own.put(id, new KvWatchRecord(session, watch.key(), watch.prefix(), serializer));
        return true;
    }

    /** Removes a watch; returns whether the session had it. */
    boolean remove(long session, KvUnwatch unwatch) {
        TreeMap<String, KvWatchRecord> own = bySession.get(session);
        boolean removed = own != null && own.remove(id(unwatch.key(), unwatch.prefix())) != null;
        if (own != null && own.isEmpty()) {
            bySession.remove(session);
        }
        return removed;
    }

    /**
     * The sessions watching {@code key}, ascending, each with the serializer of its first matching watch (in key
     * order).
     */
    TreeMap<Long, String> watchers(String key) {
        TreeMap<Long, String> out = new TreeMap<>();
        for (Map.Entry<Long, TreeMap<String, KvWatchRecord>> e : bySession.entrySet()) {
            for (KvWatchRecord w : e.getValue().values()) {
                if (w.prefix() ? key.startsWith(w.key()) : key.equals(w.key())) {
                    out.put(e.getKey(), w.serializer());
                    break;
                }
            }
        }
        return out;
    }

    /** Drops the watches of every session {@code open} rejects. */
    void retainSessions(LongPredicate open) {
        bySession.keySet().removeIf(s -> !open.test(s));
    }

    /** Every watch, in ascending (session, key, prefix) order. */
    List<KvWatchRecord> records() {
        List<KvWatchRecord> out = new ArrayList<>();
        bySession.values().forEach(own -> out.addAll(own.values()));
        return out;
    }

    /**
     * A set of watches from its snapshot form.
     *
     * @param records the watches, in ascending (session, key, prefix) order, each of a session {@code open} accepts
     * @throws IllegalArgumentException naming the first record out of order, of a session not open, or beyond the bound
     */
    static KvWatches restore(List<KvWatchRecord> records, LongPredicate open) {
        KvWatches w = new KvWatches();
        long previousSession = 0;
        String previousId = null;
        for (KvWatchRecord r : records) {
            String id = id(r.key(), r.prefix());
            if (r.session() < previousSession || r.session() == previousSession && previousId.compareTo(id) >= 0) {
                throw new IllegalArgumentException("watch of " + KvLimits.quote(r.key()) + " by session " + r.session()
                        + " follows one of session " + previousSession + " (expected: ascending (session, key,"
                        + " prefix), no repeats)");
            }
            if (!open.test(r.session())) {
                throw new IllegalArgumentException("watch of " + KvLimits.quote(r.key()) + " by session "
                        + r.session() + " (expected: a watch of one of the snapshot's sessions)");
            }
            TreeMap<String, KvWatchRecord> own = w.bySession.computeIfAbsent(r.session(), s -> new TreeMap<>());
            if (own.size() >= MAX_WATCHES_PER_SESSION) {
                throw new IllegalArgumentException("session " + r.session() + " has more than "
                        + MAX_WATCHES_PER_SESSION + " watches (expected: at most " + MAX_WATCHES_PER_SESSION + ")");
            }
            own.put(id, r);
            previousSession = r.session();
            previousId = id;
        }
        return w;
    }

    private static String id(String key, boolean prefix) {
        return key + (prefix ? '\u0001' : '\u0000');
    }
}
