package io.raftwire.serializer.fory;

/**
 * One thread's reusable byte array: a direct payload's string bytes are read into it before they are decoded (the
 * JDK decodes UTF-8 from arrays only), and a payload that is not one contiguous region is copied into it. Grows by
 * doubling; {@link #trim} drops it after a large message. Confined to its thread.
 */
final class Scratch {

    private final int initialBytes;
    private final int maxPooledBytes;
    private byte[] bytes;

    Scratch(int initialBytes, int maxPooledBytes) {
        this.initialBytes = initialBytes;
        this.maxPooledBytes = maxPooledBytes;
        this.bytes = new byte[initialBytes];
    }

    /** An array of at least {@code length} bytes; {@code length} must already be bounded by the payload size. */
    byte[] atLeast(int length) {
        if (bytes.length < length) {
            bytes = new byte[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(length, 2L * bytes.length))];
        }
        return bytes;
    }

    /** Replaces an array that grew past the pooling cap; returns whether it did. */
    boolean trim() {
        if (bytes.length > maxPooledBytes) {
            bytes = new byte[initialBytes];
            return true;
        }
        return false;
    }
}
