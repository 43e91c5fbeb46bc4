package io.raftwire.node.kv;

/**
 * Query (or command, to read through the log): reads {@code key}. Result: {@link KvResult} with
 * {@code success = true}, the value and its version if the key is present; {@code success = false}, no value and
 * version 0 if it is absent. Registered as {@link KvTypes#GET}. Immutable and thread-safe.
 *
 * @param key 1..{@value KvLimits#MAX_KEY_LENGTH} characters
 */
public record KvGet(String key) {

    /**
     * Validates.
     *
     * @throws NullPointerException     if the key is null
     * @throws IllegalArgumentException if the key is empty or too long
     */
    public KvGet {
        key = KvLimits.key(key);
    }
}
