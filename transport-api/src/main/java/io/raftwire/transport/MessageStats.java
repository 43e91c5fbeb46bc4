package io.raftwire.transport;

/**
 * Counters for one message type since the transport started. Times are wall-clock nanoseconds summed over every
 * message (divide by the count for a mean); bytes are whole frames, header included.
 *
 * @param typeId         the registered type id
 * @param typeName       the type's simple name
 * @param sent           frames of this type written (requests, responses and one-way messages)
 * @param sentBytes      bytes of those frames
 * @param encodeNanos    time spent encoding them
 * @param received       frames of this type decoded
 * @param receivedBytes  bytes of those frames
 * @param decodeNanos    time spent decoding them
 * @param decodeFailures frames of this type whose payload could not be decoded
 */
public record MessageStats(int typeId, String typeName, long sent, long sentBytes, long encodeNanos, long received,
        long receivedBytes, long decodeNanos, long decodeFailures) {

    /** Mean encode time in nanoseconds, or 0 if nothing was sent. */
    public double meanEncodeNanos() {
        return sent == 0 ? 0 : (double) encodeNanos / sent;
    }

    /** Mean decode time in nanoseconds, or 0 if nothing was received. */
    public double meanDecodeNanos() {
        return received == 0 ? 0 : (double) decodeNanos / received;
    }
}
