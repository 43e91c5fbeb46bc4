package io.raftwire.message;

import java.util.Arrays;

/**
 * Formats array components for the record-style {@code toString()} of catalog classes. Internal to the catalog:
 * public only because the classes live in sub-packages.
 *
 * <p>Arrays of at most {@value #MAX_PRINTED_ELEMENTS} elements are printed in full; longer ones as their size, so that
 * a snapshot chunk never floods a log line.
 */
public final class ToStrings {

    /** The longest array whose elements are printed. */
    public static final int MAX_PRINTED_ELEMENTS = 32;

    private ToStrings() {
    }

    /** Returns {@code [1, 2, 3]}, or {@code 31500 bytes} when longer than {@value #MAX_PRINTED_ELEMENTS}. */
    public static String of(byte[] value) {
        return value.length <= MAX_PRINTED_ELEMENTS ? Arrays.toString(value) : value.length + " bytes";
    }

    /** Returns {@code [1, 2, 3]}, or {@code 100 longs} when longer than {@value #MAX_PRINTED_ELEMENTS}. */
    public static String of(long[] value) {
        return value.length <= MAX_PRINTED_ELEMENTS ? Arrays.toString(value) : value.length + " longs";
    }
}
