package io.raftwire.node.transport;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.RaftMessage;
import io.microraft.transport.Transport;
import io.raftwire.node.model.NodeEndpoint;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MicroRaft's {@link Transport} over raftwire's: each Raft message goes as a one-way frame to the member whose id is
 * the target endpoint's, encoded by the node's configured serializer.
 *
 * <p><b>Threading.</b> The engine calls {@link #send} on the node's single Raft thread. raftwire's
 * {@link io.raftwire.transport.Transport#send} never blocks (a peer that is not reading is refused at once with
 * {@code OVERLOADED} rather than queued), and this method catches everything, so the Raft thread never waits and
 * never sees an exception. Encoding runs here, on the Raft thread.
 *
 * <p><b>Drops.</b> MicroRaft needs neither ordering nor delivery guarantees: a lost message is re-sent after a backoff
 * of about one second. Every message that could not be written is counted in {@link RaftTransportCounters}, by
 * reason, because that second is otherwise invisible.
 */
public final class RaftMessageTransport implements Transport {

    private static final Logger LOG = LoggerFactory.getLogger(RaftMessageTransport.class);

    private final io.raftwire.transport.Transport transport;
    private final RaftTransportCounters counters;

    /**
     * @param transport the node's raftwire transport; its peers are the Raft members' ids
     * @param counters  where sends and drops are counted
     */
    public RaftMessageTransport(io.raftwire.transport.Transport transport, RaftTransportCounters counters) {
        this.transport = transport;
        this.counters = counters;
    }

    @Override
    public void send(RaftEndpoint target, RaftMessage message) {
        try {
            String member = NodeEndpoint.of(target).id();
            transport.send(member, message).whenComplete((ignored, failure) -> {
                if (failure == null) {
                    counters.sent();
                } else {
                    counters.dropped(failure);
                    LOG.debug("dropped {} to {}: {}", message.getClass().getSimpleName(), member, failure.toString());
                }
            });
        } catch (RuntimeException e) {
            counters.dropped(e);
            LOG.debug("could not send {} to {}", message.getClass().getSimpleName(), target, e);
        }
    }

    /** Whether the connection to the member is up; MicroRaft uses it only to pick snapshot sources. */
    @Override
    public boolean isReachable(RaftEndpoint endpoint) {
        return endpoint instanceof NodeEndpoint n && transport.isReachable(n.id());
    }
}
