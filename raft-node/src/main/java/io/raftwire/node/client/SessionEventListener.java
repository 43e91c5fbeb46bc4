package io.raftwire.node.client;

import io.raftwire.message.value.PrimitiveEvent;

import java.util.List;

/**
 * Receives the events the cluster's state machine publishes to a {@link RaftwireClient}'s session.
 *
 * <p><b>Guarantees.</b> Batches arrive in event index order, each exactly once, with no batch missing, as long as the
 * session stays open: the client drops repeats, asks for a missed batch again, and acknowledges a batch only after
 * this listener has returned from it, so a leader change neither loses nor repeats one. When the session ends (closed,
 * expired, or closed by the cluster because the client left too many events unacknowledged) no further batch comes,
 * and {@link #onSessionClosed} says so once the client notices.
 *
 * <p><b>Threading.</b> Called on the client's event thread, one call at a time, never on a transport I/O thread; a
 * slow listener delays the acknowledgement of later batches (and past the cluster's bound closes the session), so
 * hand long work elsewhere.
 */
@FunctionalInterface
public interface SessionEventListener {

    /**
     * One batch: the events one log entry published to this session.
     *
     * @param session    the session id
     * @param eventIndex the batch's event index: the log index of the entry that published it; ascending
     * @param events     the events, in publication order; immutable
     */
    void onEvents(long session, long eventIndex, List<PrimitiveEvent> events);

    /**
     * The session is no longer open on the cluster; no event will follow. Does nothing by default.
     *
     * @param session the session id
     * @param reason  what the client knows of why
     */
    default void onSessionClosed(long session, String reason) {
    }
}
