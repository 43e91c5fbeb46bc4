package io.raftwire.linearizability;

import java.util.Objects;

/**
 * What a client asked the key-value store to do: one operation on one key. Immutable; valid by construction.
 *
 * <p>Values are strings; {@code null} never stands for a value here except as the expected value of a
 * {@link Cas}, where it means "the key is absent". Histories are most informative when every write uses a value no
 * other write uses (the shrinker and the planted-bug tests rely on it, the search does not).
 */
public sealed interface KvInput permits KvInput.Get, KvInput.Put, KvInput.Delete, KvInput.Cas {

    /** The key the operation reads or writes. */
    String key();

    /** Whether the operation may change the key's state (every kind but {@link Get}). */
    default boolean writes() {
        return !(this instanceof Get);
    }

    /** Reads the key's value and version. Answered by {@link KvOutput.GetResult}. */
    static Get get(String key) {
        return new Get(key);
    }

    /** Sets the key to {@code value}. Answered by {@link KvOutput.PutResult}. */
    static Put put(String key, String value) {
        return new Put(key, value);
    }

    /** Removes the key. Answered by {@link KvOutput.DeleteResult}. */
    static Delete delete(String key) {
        return new Delete(key);
    }

    /**
     * Sets the key to {@code value} if its current value equals {@code expected}. Answered by
     * {@link KvOutput.CasResult}.
     *
     * @param expected the value the key must hold, or {@code null} for "the key must be absent"
     */
    static Cas cas(String key, String expected, String value) {
        return new Cas(key, expected, value);
    }

    /** @param key the key; not empty */
    record Get(String key) implements KvInput {
        public Get {
            checkKey(key);
        }

        @Override
        public String toString() {
            return "get(" + key + ")";
        }
    }

    /**
     * @param key   the key; not empty
     * @param value the new value; not {@code null}
     */
    record Put(String key, String value) implements KvInput {
        public Put {
            checkKey(key);
            Objects.requireNonNull(value, "value (expected: a value; delete removes a key)");
        }

        @Override
        public String toString() {
            return "put(" + key + ", " + Values.show(value) + ")";
        }
    }

    /** @param key the key; not empty */
    record Delete(String key) implements KvInput {
        public Delete {
            checkKey(key);
        }

        @Override
        public String toString() {
            return "delete(" + key + ")";
        }
    }

    /**
     * @param key      the key; not empty
     * @param expected the value the key must hold for the write to happen, or {@code null} for "absent"
     * @param value    the new value; not {@code null}
     */
    record Cas(String key, String expected, String value) implements KvInput {
        public Cas {
            checkKey(key);
            Objects.requireNonNull(value, "value (expected: a value; delete removes a key)");
        }

        @Override
        public String toString() {
            return "cas(" + key + ", " + Values.show(expected) + " -> " + Values.show(value) + ")";
        }
    }

    private static void checkKey(String key) {
        Objects.requireNonNull(key, "key");
        if (key.isEmpty()) {
            throw new IllegalArgumentException("key is empty (expected: at least one character)");
        }
    }
}
