package io.raftwire.node.session;

import java.util.List;

/**
 * A state machine that publishes events to client sessions. After each operation the node collects the batches the
 * operation made ready to push (new batches, and unacknowledged ones a keep-alive asked for again) and the member that
 * leads pushes them to the clients; the other members drop them. What is published, and at which event index, is
 * replicated state: only the pushing is local.
 *
 * <p>Called on the Raft thread only, like the state machine.
 */
public interface SessionEventSource {

    /**
     * The batches to push that the operations applied since the last call made ready, in the order to send them;
     * clears them.
     *
     * @return the deliveries; empty if none
     */
    List<EventDelivery> drainDeliveries();

    /**
     * The ids of the sessions that the operations applied since the last call closed, for whatever reason: closed by
     * their client, expired, or closed for holding too many unacknowledged events; clears them. The node forgets what
     * it noted about each (its read consistency), which it would otherwise keep for every session ever opened.
     *
     * @return the ids, in the order they were closed; empty if none
     */
    default long[] drainClosedSessions() {
        return new long[0];
    }
}
