package io.raftwire.node.session;

import io.raftwire.message.request.PublishRequest;

import java.util.List;
import java.util.Objects;

/**
 * The event state of one session as it travels in a {@link SessionEventChunk}: the last event index published to it,
 * the index the client acknowledged, and the batches published since, which the cluster keeps until the client
 * acknowledges them (see {@link SessionTable#publish}). Registered by {@code io.raftwire.node.kv.KvTypes}. Immutable
 * and thread-safe.
 *
 * @param session           the session id; {@code >= 1}
 * @param eventIndex        the event index (log index) of the last batch published to the session; 0 if none
 * @param acknowledgedIndex every batch up to this event index has been received by the client;
 *                          {@code 0 <= acknowledgedIndex <= eventIndex}
 * @param pending           the unacknowledged batches, in ascending event index order, each addressed to
 *                          {@code session}, with an event index above {@code acknowledgedIndex}, chained by their
 *                          previous index, the first one's at most {@code acknowledgedIndex} and the last one's event
 *                          index {@code eventIndex}; empty iff {@code eventIndex == acknowledgedIndex}; copied
 */
public record SessionEvents(long session, long eventIndex, long acknowledgedIndex, List<PublishRequest> pending) {

    /**
     * Validates and copies.
     *
     * @throws NullPointerException     if the list or an element is null
     * @throws IllegalArgumentException naming the first broken invariant
     */
    public SessionEvents {
        SessionChecks.atLeast(session, "session", 1);
        SessionChecks.atLeast(acknowledgedIndex, "acknowledgedIndex", 0);
        pending = List.copyOf(Objects.requireNonNull(pending, "pending"));
        if (acknowledgedIndex > eventIndex) {
            throw new IllegalArgumentException("acknowledgedIndex = " + acknowledgedIndex
                    + " (expected: <= eventIndex = " + eventIndex + ")");
        }
        long previous = -1;
        for (PublishRequest p : pending) {
            if (p.session() != session) {
                throw new IllegalArgumentException("pending batch " + p.eventIndex() + " is addressed to session "
                        + p.session() + " (expected: session " + session + ")");
            }
            if (previous < 0 ? p.previousIndex() > acknowledgedIndex || p.eventIndex() <= acknowledgedIndex
                    : p.previousIndex() != previous) {
                throw new IllegalArgumentException("pending batch " + p.eventIndex() + " follows " + p.previousIndex()
                        + (previous < 0 ? " (expected: a first batch above acknowledgedIndex = " + acknowledgedIndex
                                + " that follows an index at most that)" : " (expected: " + previous
                                + ", the event index of the batch before it)"));
            }
            previous = p.eventIndex();
        }
        if (previous < 0 ? eventIndex != acknowledgedIndex : previous != eventIndex) {
            throw new IllegalArgumentException("eventIndex = " + eventIndex + " (expected: " + (previous < 0
                    ? "acknowledgedIndex = " + acknowledgedIndex + " when no batch is pending"
                    : previous + ", the last pending batch's") + ")");
        }
    }
}
