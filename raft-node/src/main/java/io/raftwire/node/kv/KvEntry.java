package io.raftwire.node.kv;

import java.util.Arrays;

/**
 * One key of the store as it travels in a {@link KvSnapshotChunk}. Registered as {@link KvTypes#ENTRY}. Immutable
 * and thread-safe (the value is copied in and out).
 *
 * @param key     1..{@value KvLimits#MAX_KEY_LENGTH} characters
 * @param value   0..{@value KvLimits#MAX_VALUE_BYTES} bytes
 * @param version the commit index of the key's last write; {@code >= 1}
 */
public record KvEntry(String key, byte[] value, long version) {

    /**
     * Validates and copies.
     *
     * @throws NullPointerException     if the key or the value is null
     * @throws IllegalArgumentException if a limit is broken or the version is below 1
     */
    public KvEntry {
        key = KvLimits.key(key);
        value = KvLimits.value(value, "value");
        KvLimits.version(version, "version", 1);
    }

    /** A copy of the value. */
    @Override
    public byte[] value() {
        return value.clone();
    }

    /** The value itself, for the store's own use: never modified nor handed out. */
    byte[] valueNoCopy() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KvEntry e && key.equals(e.key) && Arrays.equals(value, e.value) && version == e.version;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * key.hashCode() + Arrays.hashCode(value)) + Long.hashCode(version);
    }

    @Override
    public String toString() {
        return "KvEntry[key=" + key + ", value=" + value.length + " bytes, version=" + version + "]";
    }
}
