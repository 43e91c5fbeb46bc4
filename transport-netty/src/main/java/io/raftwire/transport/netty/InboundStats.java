package io.raftwire.transport.netty;

/**
 * A snapshot of what a {@link NettyTransport} holds for, and has refused to, its inbound connections: the limits that
 * bound memory before trust and isolate peers from each other. Counters only grow; {@link #openConnections()},
 * {@link #unauthenticatedConnections()} and {@link #bufferedBytes()} are gauges. Immutable.
 *
 * @param openConnections            accepted connections now open, handshake completed or not (a gauge)
 * @param unauthenticatedConnections accepted connections now waiting for their handshake (a gauge)
 * @param refusedOverCap             accepted connections closed at once because
 *                                   {@code raftwire.transport.max-connections} were open, or
 *                                   {@code raftwire.transport.max-unauthenticated-connections} (and, for a configured
 *                                   peer's address, the {@code reserved-member-slots}) were waiting, or
 *                                   {@code max-unauthenticated-per-address} from its address were waiting
 * @param tlsFailures                accepted or outbound connections whose TLS handshake failed, also when the peer
 *                                   closed, reset or timed out in the middle of it
 * @param bufferedBytes              bytes of incomplete inbound frames held over all connections (a gauge)
 * @param overloadCloses             connections closed because {@code raftwire.transport.max-inbound-buffer-bytes}
 *                                   was used up
 * @param readPauses                 times an accepted connection stopped being read because its responses could not
 *                                   be written (the peer was not reading them) or
 *                                   {@code raftwire.transport.max-requests-in-flight} of its requests were in flight
 * @param refusedHandshakeRate       accepted connections closed at once, before any TLS work, because their source
 *                                   address was over {@code raftwire.transport.handshake-rate-per-address} or all
 *                                   non-member addresses together over {@code raftwire.transport.handshake-rate}
 */
public record InboundStats(int openConnections, int unauthenticatedConnections, long refusedOverCap, long tlsFailures,
        long bufferedBytes, long overloadCloses, long readPauses, long refusedHandshakeRate) {
}
