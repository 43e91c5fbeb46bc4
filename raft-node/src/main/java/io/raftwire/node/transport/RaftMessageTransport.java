package io.raftwire.node.transport;

import io.microraft.RaftEndpoint;
import io.microraft.model.message.RaftMessage;
import io.microraft.transport.Transport;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.store.GroupCommit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * MicroRaft's {@link Transport} over raftwire's: each Raft message goes as a one-way frame to the member whose id is
 * the target endpoint's, encoded by the node's configured serializer.
 *
 * <p><b>Threading.</b> The engine calls {@link #send} on the node's single Raft thread. raftwire's
 * {@link io.raftwire.transport.Transport#send} never blocks (a peer that is not reading is refused at once with
 * {@code OVERLOADED} rather than queued), and this method catches everything, so the Raft thread never waits and
 * never sees an exception. Encoding runs on the sending thread: the Raft thread, or, for a success response held
 * back, the thread that completed the store's force (its sync thread).
 *
 * <p><b>Durability.</b> A follower's {@code AppendEntriesSuccessResponse} is held back until the entries it
 * acknowledges are durable in the node's store ({@link DurableAcks}); every other message goes at once.
 *
 * <p><b>Drops.</b> MicroRaft needs neither ordering nor delivery guarantees: a lost message is re-sent after a backoff
 * of about one second. Every message that could not be written is counted in {@link RaftTransportCounters}, by
 * reason, because that second is otherwise invisible.
 */
public final class RaftMessageTransport implements Transport {

    private static final Logger LOG = LoggerFactory.getLogger(RaftMessageTransport.class);

    private final io.raftwire.transport.Transport transport;
    private final RaftTransportCounters counters;
    private final DurableAcks acks;

    /**
     * {@link #RaftMessageTransport(io.raftwire.transport.Transport, RaftTransportCounters, GroupCommit)} for a store
     * whose flush is durable on return.
     */
    public RaftMessageTransport(io.raftwire.transport.Transport transport, RaftTransportCounters counters) {
        this(transport, counters, GroupCommit.IMMEDIATE);
    }

    /**
     * @param transport the node's raftwire transport; its peers are the Raft members' ids
     * @param counters  where sends and drops are counted
     * @param store     the node's store: success responses wait for its durability tickets
     */
    public RaftMessageTransport(io.raftwire.transport.Transport transport, RaftTransportCounters counters,
            GroupCommit store) {
        this.transport = transport;
        this.counters = counters;
        this.acks = new DurableAcks(store, this::sendNow);
    }

    @Override
    public void send(RaftEndpoint target, RaftMessage message) {
        try {
            acks.send(target, message);
        } catch (RuntimeException e) {
            counters.dropped(e);
            LOG.debug("could not send {} to {}", message.getClass().getSimpleName(), target, e);
        }
    }

    private void sendNow(RaftEndpoint target, RaftMessage message) {
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
