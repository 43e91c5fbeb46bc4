package io.raftwire.node.kv;

import java.util.Objects;

/**
 * One session's {@link KvWatch} as it travels in a {@link KvWatchChunk}. Registered as {@link KvTypes#WATCH_RECORD}.
 * Immutable and thread-safe.
 *
 * @param session    the watching session; {@code >= 1}
 * @param key        the watched key or prefix
 * @param prefix     whether {@code key} is a prefix
 * @param serializer the name of the serializer the session's events are encoded with; not empty
 */
public record KvWatchRecord(long session, String key, boolean prefix, String serializer) {

    /**
     * Validates.
     *
     * @throws NullPointerException     if a reference is null
     * @throws IllegalArgumentException if the session is below 1, the key empty or too long, the serializer empty
     */
    public KvWatchRecord {
        KvLimits.version(session, "session", 1);
        key = KvLimits.key(key);
        if (Objects.requireNonNull(serializer, "serializer").isEmpty()) {
            throw new IllegalArgumentException("serializer is empty (expected: a serializer name)");
        }
    }
}
