package io.raftwire.node.kv;

/**
 * Command: ends the session's {@link KvWatch} of the same key and prefix flag. Result: {@link KvResult} with
 * {@code success = true} if the session had that watch, {@code false} otherwise; no value, version 0. Registered as
 * {@link KvTypes#UNWATCH}. Immutable and thread-safe.
 *
 * @param key    1..{@value KvLimits#MAX_KEY_LENGTH} characters
 * @param prefix whether {@code key} is a prefix rather than a whole key
 */
public record KvUnwatch(String key, boolean prefix) {

    /**
     * Validates.
     *
     * @throws NullPointerException     if the key is null
     * @throws IllegalArgumentException if the key is empty or too long
     */
    public KvUnwatch {
        key = KvLimits.key(key);
    }
}
