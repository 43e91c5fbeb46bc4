package io.raftwire.node.kv;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The limits of the key-value store and the one place its values are validated. Every KV record's constructor calls
 * these checks, so a decoded command is refused for the same reasons a locally built one is.
 *
 * <p>The limits keep every log entry and every snapshot item well below the transport's frame limit: one command is at
 * most {@value #MAX_VALUE_BYTES} value bytes plus a key, and a snapshot chunk is at most
 * {@link KvStateMachine#MAX_CHUNK_BYTES} (see there).
 */
public final class KvLimits {

    /** Longest key, in UTF-16 characters (at most three times as many UTF-8 bytes). */
    public static final int MAX_KEY_LENGTH = 1024;
    /** Largest value, in bytes: 256 KiB. */
    public static final int MAX_VALUE_BYTES = 256 * 1024;

    private KvLimits() {
    }

    /**
     * The key rule, for a client that checks its arguments before it builds a command (the CLI).
     *
     * @param name what to call the key in the message
     * @throws IllegalArgumentException if {@code key} is empty or longer than {@value #MAX_KEY_LENGTH} characters
     */
    public static void requireKeyLength(String key, String name) {
        if (key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
            throw new IllegalArgumentException(name + " length = " + key.length() + " (expected: 1.." + MAX_KEY_LENGTH
                    + " characters)");
        }
    }

    /**
     * The value rule, for a client that checks its arguments before it builds a command (the CLI).
     *
     * @param bytes the value's length in bytes
     * @param name  what to call the value in the message
     * @throws IllegalArgumentException if {@code bytes} is above {@value #MAX_VALUE_BYTES}
     */
    public static void requireValueLength(int bytes, String name) {
        if (bytes > MAX_VALUE_BYTES) {
            throw new IllegalArgumentException(name + " length = " + bytes + " bytes (expected: 0.." + MAX_VALUE_BYTES
                    + ")");
        }
    }

    static String key(String key) {
        Objects.requireNonNull(key, "key");
        requireKeyLength(key, "key");
        return key;
    }

    static byte[] value(byte[] value, String name) {
        Objects.requireNonNull(value, name);
        requireValueLength(value.length, name);
        return value.clone();
    }

    static byte[] nullableValue(byte[] value, String name) {
        return value == null ? null : value(value, name);
    }

    static long version(long version, String name, long min) {
        if (version < min) {
            throw new IllegalArgumentException(name + " = " + version + " (expected: >= " + min + ")");
        }
        return version;
    }

    static int count(int count, String name) {
        if (count < 0) {
            throw new IllegalArgumentException(name + " = " + count + " (expected: >= 0)");
        }
        return count;
    }

    /** The number of bytes {@code s} takes in UTF-8; deterministic and independent of any serializer. */
    static int utf8Length(String s) {
        return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length;
    }

    /** A value for an error message: at most 64 characters of {@code s}, control characters escaped. */
    static String quote(String s) {
        String cut = s.length() > 64 ? s.substring(0, 64) + "..." : s;
        StringBuilder b = new StringBuilder(cut.length() + 2).append('\'');
        for (int i = 0; i < cut.length(); i++) {
            char c = cut.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.append('\'').toString();
    }
}
