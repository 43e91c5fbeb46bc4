package io.raftwire.node.kv;

import java.util.Arrays;

/**
 * Command: sets {@code key} to {@code value}, whatever it held. Result: {@link KvResult} with {@code success = true},
 * no value and the new version (the command's log index). Registered as {@link KvTypes#PUT}. Immutable and thread-safe
 * (the value is copied in and out).
 *
 * @param key   1..{@value KvLimits#MAX_KEY_LENGTH} characters
 * @param value 0..{@value KvLimits#MAX_VALUE_BYTES} bytes
 */
public record KvPut(String key, byte[] value) {

    /**
     * Validates and copies.
     *
     * @throws NullPointerException     if an argument is null
     * @throws IllegalArgumentException if the key is empty or too long, or the value too large
     */
    public KvPut {
        key = KvLimits.key(key);
        value = KvLimits.value(value, "value");
    }

    /** A copy of the value. */
    @Override
    public byte[] value() {
        return value.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KvPut p && key.equals(p.key) && Arrays.equals(value, p.value);
    }

    @Override
    public int hashCode() {
        return 31 * key.hashCode() + Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return "KvPut[key=" + key + ", value=" + value.length + " bytes]";
    }
}
