package io.raftwire.node.transport;

import io.raftwire.transport.TransportException;

import java.util.Map;

/**
 * What the Raft message path did since the node started. Every count is of messages.
 *
 * @param sent           messages handed to the transport and written to a socket
 * @param dropped        messages that could not be written, for any reason (each costs the engine about a second of
 *                       replication to that member, so a rising count explains a latency spike)
 * @param droppedBy      {@code dropped}, by the transport's reason ({@code OVERLOADED}, {@code UNREACHABLE}, ...)
 * @param droppedOther   drops that were not a transport refusal (for example an encoding failure)
 * @param received       messages decoded and handed to the engine
 * @param refusedSender  messages refused because the sender they claim is not the member id of the connection they
 *                       came on
 * @param unknownGroup   messages refused because no local Raft node has their group id
 * @param handleFailed   messages the engine refused (for example a node not yet started)
 */
public record RaftTransportStats(long sent, long dropped, Map<TransportException.Reason, Long> droppedBy,
        long droppedOther, long received, long refusedSender, long unknownGroup, long handleFailed) {

    /** Copies the map. */
    public RaftTransportStats {
        droppedBy = Map.copyOf(droppedBy);
    }
}
