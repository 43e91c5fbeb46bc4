package io.raftwire.node.kv;

/**
 * Command: removes {@code key}. Result: {@link KvResult} with {@code success = true}, no value and the version the
 * removed value had if the key was present; {@code success = false}, no value and version 0 if it was absent.
 * Registered as {@link KvTypes#DELETE}. Immutable and thread-safe.
 *
 * @param key 1..{@value KvLimits#MAX_KEY_LENGTH} characters
 */
public record KvDelete(String key) {

    /**
     * Validates.
     *
     * @throws NullPointerException     if the key is null
     * @throws IllegalArgumentException if the key is empty or too long
     */
    public KvDelete {
        key = KvLimits.key(key);
    }
}
