package io.raftwire.bench.cluster;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The peer clusters' command, byte for byte: 64 ASCII bytes {@code put kNNNNNNN <51-byte value>}, the key cycling over
 * {@value #KEYS} keys, the value the sequence number in decimal padded with {@code 'v'}. The ideal and the direct
 * raftwire cluster replicate these bytes as they are ({@link BenchPut}); the KV node is given the same key and value
 * as a {@code KvPut}. Stateless.
 */
public final class PutCommands {

    /** Bytes of one command. */
    public static final int SIZE = 64;
    /** Distinct keys the put workloads cycle over. */
    public static final int KEYS = 100_000;
    /** Characters of a key: {@code k} and 7 digits. */
    public static final int KEY_LENGTH = 8;
    /** Bytes of a value. */
    public static final int VALUE_LENGTH = SIZE - 4 - KEY_LENGTH - 1;

    private static final byte[] PREFIX = "put ".getBytes(StandardCharsets.US_ASCII);
    private static final int KEY_OFFSET = PREFIX.length;
    private static final int VALUE_OFFSET = KEY_OFFSET + KEY_LENGTH + 1;

    private PutCommands() {
    }

    /** The command of sequence number {@code seq >= 0}: key {@code seq % KEYS}, value {@code seq} padded. */
    public static byte[] put(long seq) {
        if (seq < 0) {
            throw new IllegalArgumentException("seq = " + seq + " (expected: >= 0)");
        }
        byte[] b = new byte[SIZE];
        System.arraycopy(PREFIX, 0, b, 0, PREFIX.length);
        writeKey(b, (int) (seq % KEYS));
        b[VALUE_OFFSET - 1] = ' ';
        writeValue(b, Long.toString(seq));
        return b;
    }

    /**
     * A command writing {@code tag}, padded with {@code 'v'}, to {@code key}.
     *
     * @throws IllegalArgumentException if the key is not {@value #KEY_LENGTH} ASCII characters or the tag is longer
     *                                  than a value
     */
    public static byte[] put(String key, String tag) {
        if (key.length() != KEY_LENGTH || !StandardCharsets.US_ASCII.newEncoder().canEncode(key)) {
            throw new IllegalArgumentException("key = " + key + " (expected: " + KEY_LENGTH + " ASCII characters)");
        }
        if (tag.length() > VALUE_LENGTH || !StandardCharsets.US_ASCII.newEncoder().canEncode(tag)) {
            throw new IllegalArgumentException("tag of " + tag.length() + " characters (expected: at most "
                    + VALUE_LENGTH + " ASCII characters)");
        }
        byte[] b = new byte[SIZE];
        System.arraycopy(PREFIX, 0, b, 0, PREFIX.length);
        System.arraycopy(key.getBytes(StandardCharsets.US_ASCII), 0, b, KEY_OFFSET, KEY_LENGTH);
        b[VALUE_OFFSET - 1] = ' ';
        writeValue(b, tag);
        return b;
    }

    /** Key number {@code i} ({@code 0..KEYS-1}) as written in commands, for example {@code k0000042}. */
    public static String key(int i) {
        byte[] b = new byte[KEY_LENGTH];
        writeKey(b, 0, i);
        return new String(b, StandardCharsets.US_ASCII);
    }

    /** The key of a command built here. */
    public static String keyOf(byte[] command) {
        return new String(command, KEY_OFFSET, KEY_LENGTH, StandardCharsets.US_ASCII);
    }

    /** A copy of the value of a command built here. */
    public static byte[] valueOf(byte[] command) {
        return Arrays.copyOfRange(command, VALUE_OFFSET, SIZE);
    }

    private static void writeKey(byte[] b, int i) {
        writeKey(b, KEY_OFFSET, i);
    }

    private static void writeKey(byte[] b, int offset, int i) {
        if (i < 0 || i >= KEYS) {
            throw new IllegalArgumentException("key number = " + i + " (expected: 0.." + (KEYS - 1) + ")");
        }
        b[offset] = 'k';
        int v = i;
        for (int p = offset + KEY_LENGTH - 1; p > offset; p--) {
            b[p] = (byte) ('0' + v % 10);
            v /= 10;
        }
    }

    private static void writeValue(byte[] b, String tag) {
        for (int i = 0; i < VALUE_LENGTH; i++) {
            b[VALUE_OFFSET + i] = i < tag.length() ? (byte) tag.charAt(i) : (byte) 'v';
        }
    }
}
