package io.raftwire.serializer;

/**
 * How well a serializer reuses its per-thread state (library instances and buffers). Every encode and decode uses
 * that state once; a use that finds none to reuse creates it, so pool hits are {@code uses - created}, where uses is
 * the number of encodes plus decodes (the transport counts them per message type).
 *
 * @param created states created: one per thread on first use, plus one per call nested inside another on the same
 *                thread (a miss)
 * @param dropped buffers discarded after use because they grew past
 *                {@link SerializerOptions#maxPooledBufferBytes()}, so one large message does not pin memory
 */
public record PoolStats(long created, long dropped) {

    /** The counters of a serializer that keeps no reusable state. */
    public static final PoolStats NONE = new PoolStats(0, 0);
}
