package io.raftwire.node.kv;

import io.raftwire.message.Nullable;

import java.util.Arrays;

/**
 * The result of every KV operation, carried serialized in the response's {@code result} bytes. What each field means
 * depends on the operation: see {@link KvGet}, {@link KvPut}, {@link KvDelete} and {@link KvCompareAndSet}.
 * Registered as {@link KvTypes#RESULT}. Immutable and thread-safe (the value is copied in and out).
 *
 * @param success whether the key was found (get, delete) or the write happened (put, compare-and-set)
 * @param value   the value read, or {@code null} (every operation but a successful get)
 * @param version a version ({@code >= 0}): the commit index of the key's last write, 0 when there is none
 */
public record KvResult(boolean success, @Nullable byte[] value, long version) {

    /**
     * Validates and copies.
     *
     * @throws IllegalArgumentException if the value is too large or the version negative
     */
    public KvResult {
        value = KvLimits.nullableValue(value, "value");
        KvLimits.version(version, "version", 0);
    }

    /** A copy of the value read; {@code null} when there is none. */
    @Override
    @Nullable
    public byte[] value() {
        return value == null ? null : value.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KvResult r && success == r.success && Arrays.equals(value, r.value)
                && version == r.version;
    }

    @Override
    public int hashCode() {
        return 31 * (31 * Boolean.hashCode(success) + Arrays.hashCode(value)) + Long.hashCode(version);
    }

    @Override
    public String toString() {
        return "KvResult[success=" + success + ", value=" + (value == null ? "null" : value.length + " bytes")
                + ", version=" + version + "]";
    }
}
