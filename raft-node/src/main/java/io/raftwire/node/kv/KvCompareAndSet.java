package io.raftwire.node.kv;

import java.util.Arrays;

/**
 * Command: sets {@code key} to {@code value} only if the key's current version is {@code expectedVersion}
 * ({@code 0}: only if the key is absent). Result: {@link KvResult} with {@code success = true}, no value and the new
 * version (the command's log index) if it matched; {@code success = false}, no value and the current version (0 if
 * absent) if it did not, so the caller can read and retry. A mismatch is an answer, not an error: the response's
 * status is {@code OK}. Registered as {@link KvTypes#COMPARE_AND_SET}. Immutable and thread-safe (the value is
 * copied in and out).
 *
 * @param key             1..{@value KvLimits#MAX_KEY_LENGTH} characters
 * @param expectedVersion the version the key must have, {@code >= 0}; 0 means "absent"
 * @param value           0..{@value KvLimits#MAX_VALUE_BYTES} bytes
 */
public record KvCompareAndSet(String key, long expectedVersion, byte[] value) {

    /**
     * Validates and copies.
     *
     * @throws NullPointerException     if the key or the value is null
     * @throws IllegalArgumentException if the key is empty or too long, the version negative or the value too large
     */
    public KvCompareAndSet {
        key = KvLimits.key(key);
        KvLimits.version(expectedVersion, "expectedVersion", 0);
        value = KvLimits.value(value, "value");
    }

    /** A copy of the value. */
    @Override
    public byte[] value() {
        return value.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KvCompareAndSet c && key.equals(c.key) && expectedVersion == c.expectedVersion
                && Arrays.equals(value, c.value);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * key.hashCode() + Long.hashCode(expectedVersion)) + Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "KvCompareAndSet[key=" + key + ", expectedVersion=" + expectedVersion + ", value=" + value.length
                + " bytes]";
    }
}
