package io.raftwire.node.kv;

import java.util.Arrays;

/**
 * Event: a watched key was written. Published to every session with a matching {@link KvWatch}, once per write and
 * session, in the write's batch (event index = the write's log index). Registered as {@link KvTypes#EVENT}.
 * Immutable and thread-safe (the value is copied in and out).
 *
 * @param key     the key written
 * @param value   its new value; empty when deleted
 * @param version the key's new version, the write's log index (for a delete too)
 * @param deleted whether the write was a delete
 */
public record KvEvent(String key, byte[] value, long version, boolean deleted) {

    /**
     * Validates and copies.
     *
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the key is empty or too long, the value too large or not empty for a
     *                                  delete, or the version below 1
     */
    public KvEvent {
        key = KvLimits.key(key);
        value = KvLimits.value(value, "value");
        KvLimits.version(version, "version", 1);
        if (deleted && value.length > 0) {
            throw new IllegalArgumentException("value length = " + value.length
                    + " bytes for a delete (expected: 0)");
        }
    }

    /** A copy of the new value. */
    @Override
    public byte[] value() {
        return value.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KvEvent e && key.equals(e.key) && Arrays.equals(value, e.value) && version == e.version
                && deleted == e.deleted;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * key.hashCode() + Arrays.hashCode(value)) + Long.hashCode(version))
                + Boolean.hashCode(deleted);
    }

    @Override
    public String toString() {
        return "KvEvent[key=" + key + ", value=" + value.length + " bytes, version=" + version + ", deleted="
                + deleted + "]";
    }
}
