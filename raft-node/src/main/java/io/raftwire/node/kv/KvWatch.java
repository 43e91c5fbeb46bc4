package io.raftwire.node.kv;

/**
 * Command: makes the session receive a {@link KvEvent} for every later write (put, successful compare-and-set,
 * delete of a present key) of {@code key}, or with {@code prefix} of every key that starts with {@code key}. The events
 * come in the encoding of the serializer this command was sent with. Result: {@link KvResult} with
 * {@code success = true} if the watch is new, {@code false} if the session already had it; no value, version 0.
 * Refused with {@code COMMAND_FAILURE} beyond {@value KvWatches#MAX_WATCHES_PER_SESSION} watches per session. A watch
 * ends with {@link KvUnwatch} or with its session. Registered as {@link KvTypes#WATCH}. Immutable and thread-safe.
 *
 * @param key    1..{@value KvLimits#MAX_KEY_LENGTH} characters
 * @param prefix whether {@code key} is a prefix rather than a whole key
 */
public record KvWatch(String key, boolean prefix) {

    /**
     * Validates.
     *
     * @throws NullPointerException     if the key is null
     * @throws IllegalArgumentException if the key is empty or too long
     */
    public KvWatch {
        key = KvLimits.key(key);
    }
}
