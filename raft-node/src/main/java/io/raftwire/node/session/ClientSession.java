package io.raftwire.node.session;

import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.PrimitiveEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** The mutable state of one open session inside a {@link SessionTable}. Not thread-safe: Raft thread only. */
final class ClientSession {

    private final SessionRecord opened;
    long lastActive;
    long lastSequence;
    long acknowledgedSequence;
    /** Responses of applied, not yet acknowledged commands, by sequence. */
    final TreeMap<Long, CommandResponse> results = new TreeMap<>();
    /** The event index of the last batch published to this session; 0 if none. */
    long eventIndex;
    /** Every batch up to this event index has been received by the client. */
    long eventsAcknowledged;
    /** Published, not yet acknowledged batches, by event index. */
    final TreeMap<Long, PublishRequest> pending = new TreeMap<>();
    /** The estimated size of {@link #pending}, as {@link SessionTable#estimate} counts it. */
    long pendingBytes;

    ClientSession(SessionRecord record) {
        this.opened = record;
        this.lastActive = record.lastActive();
        this.lastSequence = record.lastSequence();
        this.acknowledgedSequence = record.acknowledgedSequence();
    }

    long id() {
        return opened.id();
    }

    MemberId member() {
        return opened.member();
    }

    /** Adds {@code event} to the batch of event index {@code index}, starting that batch if it is not the last one. */
    void publish(long index, PrimitiveEvent event) {
        PublishRequest last = pending.isEmpty() ? null : pending.lastEntry().getValue();
        List<PrimitiveEvent> events = new ArrayList<>();
        long previous = eventIndex;
        if (last != null && last.eventIndex() == index) {
            events.addAll(last.events());
            previous = last.previousIndex();
        } else {
            pendingBytes += SessionTable.BATCH_BYTES;
        }
        events.add(event);
        pendingBytes += SessionTable.estimate(event);
        pending.put(index, new PublishRequest(id(), index, previous, events));
        eventIndex = index;
    }

    /** Drops the batches up to {@code index}, which the client has received. */
    void acknowledgeEvents(long index) {
        long upTo = Math.min(index, eventIndex);
        if (upTo > eventsAcknowledged) {
            eventsAcknowledged = upTo;
            for (PublishRequest p : pending.headMap(upTo, true).values()) {
                pendingBytes -= SessionTable.BATCH_BYTES;
                p.events().forEach(e -> pendingBytes -= SessionTable.estimate(e));
            }
            pending.headMap(upTo, true).clear();
        }
    }

    /** Restores the event state of a snapshot. */
    void restoreEvents(SessionEvents events) {
        eventIndex = events.eventIndex();
        eventsAcknowledged = events.acknowledgedIndex();
        for (PublishRequest p : events.pending()) {
            pending.put(p.eventIndex(), p);
            pendingBytes += SessionTable.BATCH_BYTES;
            p.events().forEach(e -> pendingBytes += SessionTable.estimate(e));
        }
    }

    /** Whether any event was ever published to this session. */
    boolean hasEvents() {
        return eventIndex > 0;
    }

    SessionEvents toEvents() {
        return new SessionEvents(id(), eventIndex, eventsAcknowledged, new ArrayList<>(pending.values()));
    }

    /**
     * Whether the session timed out at {@code clock}: its last activity plus its timeout is before it. Written as a
     * difference so that a huge timeout cannot overflow into an early expiry.
     */
    boolean expiredAt(long clock) {
        return clock - lastActive > opened.timeout();
    }

    /** Drops the results of every sequence up to {@code sequence}, which the client has received. */
    void acknowledge(long sequence) {
        long upTo = Math.min(sequence, lastSequence);
        if (upTo > acknowledgedSequence) {
            acknowledgedSequence = upTo;
            results.headMap(upTo, true).clear();
        }
    }

    SessionRecord toRecord() {
        return new SessionRecord(opened.id(), opened.member(), opened.serviceName(), opened.serviceType(),
                opened.readConsistency(), opened.timeout(), lastActive, lastSequence, acknowledgedSequence);
    }
}
