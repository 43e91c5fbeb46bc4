package io.raftwire.transport;

/**
 * What a transport holds for, and has refused to, the connections it accepted, as far as an implementation tracks it
 * ({@link Transport#inbound()}). Counters only grow; {@link #openConnections()} and
 * {@link #unauthenticatedConnections()} are gauges. Immutable.
 *
 * @param openConnections            accepted connections now open, handshake completed or not
 * @param unauthenticatedConnections accepted connections now waiting for their handshake
 * @param refusedOverCap             accepted connections closed at once because a connection limit was reached
 * @param refusedHandshakeRate       accepted connections closed at once because their address, or all non-member
 *                                   addresses together, were over a handshake rate limit
 * @param tlsFailures                accepted or outbound connections whose TLS handshake failed
 * @param overloadCloses             connections closed because the inbound buffer budget was used up
 */
public record InboundCounters(int openConnections, int unauthenticatedConnections, long refusedOverCap,
        long refusedHandshakeRate, long tlsFailures, long overloadCloses) {
}
