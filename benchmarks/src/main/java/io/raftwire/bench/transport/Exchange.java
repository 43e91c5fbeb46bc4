package io.raftwire.bench.transport;

import java.util.concurrent.CompletableFuture;

/**
 * One client connected to one echo-style server on loopback: {@link #call()} sends the scenario's request and
 * completes when the answer is back. Implemented by the raftwire transport ({@link TransportExchange}) and by the raw
 * Netty echo of the same frames ({@link RawEchoExchange}).
 *
 * <p>{@link #call()} is thread-safe and never blocks; futures complete on an I/O thread. {@link #close()} blocks until
 * both sides have stopped.
 */
interface Exchange extends AutoCloseable {

    /**
     * Sends one request.
     *
     * @return completes when the response has arrived, or exceptionally (for example when the outbound buffer is above
     *         its high water mark)
     */
    CompletableFuture<?> call();

    /** Payload bytes of the request and of the response, for the report. */
    int[] payloadBytes();

    /**
     * Nanoseconds spent so far in serialization on both sides, as the transport's own counters measure it (wall
     * clock around frame encoding and payload decoding, see {@code MessageStats}); 0 for the raw echo, which has none.
     */
    long serializationNanos();

    @Override
    void close();
}
