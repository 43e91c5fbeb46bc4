package io.raftwire.serializer;

/**
 * Limits and pooling settings shared by every provider. Instances are immutable and valid by construction:
 * the constructor rejects out-of-range values with a message naming the setting and what was expected.
 *
 * @param maxDepth             deepest nesting of values in one payload (the top-level value is depth 1); deeper
 *                             input is refused before it can exhaust the stack. The default, 32, is far more than
 *                             any catalog message needs (3); values near the maximum, 1024, can need more than the
 *                             JVM's default 1 MiB thread stack (about 3 frames per level, larger while interpreted)
 * @param maxElements          most elements accepted in one decoded collection or array (and most characters in
 *                             one string), on top of the check against the bytes actually remaining
 * @param bufferBytes          initial size, in bytes, of each per-thread reusable buffer
 * @param maxPooledBufferBytes a per-thread buffer that grew past this many bytes (for a large snapshot chunk) is
 *                             dropped after use instead of being kept, so one big message does not pin memory
 */
public record SerializerOptions(int maxDepth, int maxElements, int bufferBytes, int maxPooledBufferBytes) {

    /** Default {@link #maxDepth()}. */
    public static final int DEFAULT_MAX_DEPTH = 32;
    /** Default {@link #maxElements()}: 16 Mi, the default largest frame. */
    public static final int DEFAULT_MAX_ELEMENTS = 16 * 1024 * 1024;
    /** Default {@link #bufferBytes()}: 4 KiB. */
    public static final int DEFAULT_BUFFER_BYTES = 4 * 1024;
    /** Default {@link #maxPooledBufferBytes()}: 1 MiB. */
    public static final int DEFAULT_MAX_POOLED_BUFFER_BYTES = 1024 * 1024;

    /** Validates every setting; see the record components for their meaning. */
    public SerializerOptions {
        require(maxDepth >= 2 && maxDepth <= 1024, "maxDepth", maxDepth, "2..1024");
        require(maxElements >= 1, "maxElements", maxElements, ">= 1");
        require(bufferBytes >= 256, "bufferBytes", bufferBytes, ">= 256");
        require(maxPooledBufferBytes >= bufferBytes, "maxPooledBufferBytes", maxPooledBufferBytes,
                ">= bufferBytes (" + bufferBytes + ")");
    }

    /** The defaults: depth 32, 16 Mi elements, 4 KiB buffers, buffers above 1 MiB dropped. */
    public static SerializerOptions defaults() {
        return new SerializerOptions(DEFAULT_MAX_DEPTH, DEFAULT_MAX_ELEMENTS, DEFAULT_BUFFER_BYTES,
                DEFAULT_MAX_POOLED_BUFFER_BYTES);
    }

    private static void require(boolean ok, String name, int value, String expected) {
        if (!ok) {
            throw new IllegalArgumentException(name + " = " + value + " (expected: " + expected + ")");
        }
    }
}
