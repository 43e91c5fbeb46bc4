package io.raftwire.transport;

import io.raftwire.serializer.PoolStats;

import java.util.List;
import java.util.Map;

/**
 * A snapshot of a transport's counters, taken by {@link Transport#stats()}. Counters only grow, except
 * {@link Requests#pending()}; take two snapshots and subtract for rates. Immutable.
 *
 * @param messages    per message type, only types that were sent or received, in type id order
 * @param requests    request counters
 * @param connections connection counters
 * @param pools       reuse counters of each accepted serializer's per-thread state, by serializer name; pool hits
 *                    are the messages sent and received (see {@link #messages()}) minus {@link PoolStats#created()}
 */
public record TransportStats(List<MessageStats> messages, Requests requests, Connections connections,
        Map<String, PoolStats> pools) {

    /** Copies the list and the map. */
    public TransportStats {
        messages = List.copyOf(messages);
        pools = Map.copyOf(pools);
    }

    /** The counters of one message type, or {@code null} if it was neither sent nor received. */
    public MessageStats message(int typeId) {
        for (MessageStats m : messages) {
            if (m.typeId() == typeId) {
                return m;
            }
        }
        return null;
    }

    /**
     * Request counters.
     *
     * @param pending        requests sent and not yet answered, failed or timed out (a gauge)
     * @param timeouts       requests failed by their deadline
     * @param rejected       sends refused at once: too many pending requests, or the connection was not writable
     *                       (the peer is not reading fast enough)
     * @param errorsReceived error frames received in answer to requests (no handler, handler failed, ...)
     * @param errorsSent     error frames sent to peers, for requests and for refused connections
     * @param lateResponses  responses that arrived after their request had timed out
     */
    public record Requests(long pending, long timeouts, long rejected, long errorsReceived, long errorsSent,
            long lateResponses) {
    }

    /**
     * Connection counters.
     *
     * @param established       connections whose handshake completed, in both directions
     * @param reconnects        outbound connections re-established after a loss
     * @param connectFailures   outbound connection attempts that failed (refused, timed out, handshake refused)
     * @param handshakeRefusals handshakes refused, by this node or by a peer
     * @param protocolErrors    connections closed because a frame broke the protocol
     * @param idleCloses        connections closed because nothing arrived for
     *                          {@code raftwire.transport.idle-timeout-ms}
     * @param unexpectedErrors  connections closed by an exception that is neither an I/O error nor a protocol
     *                          violation (a bug, or an {@link Error}); each is logged with its stack trace
     */
    public record Connections(long established, long reconnects, long connectFailures, long handshakeRefusals,
            long protocolErrors, long idleCloses, long unexpectedErrors) {
    }
}
