package io.raftwire.node.session;

import io.raftwire.message.response.CommandResponse;

import java.util.TreeMap;

/** The mutable state of one open session inside a {@link SessionTable}. Not thread-safe: Raft thread only. */
final class ClientSession {

    private final SessionRecord opened;
    long lastActive;
    long lastSequence;
    long acknowledgedSequence;
    /** Responses of applied, not yet acknowledged commands, by sequence. */
    final TreeMap<Long, CommandResponse> results = new TreeMap<>();

    ClientSession(SessionRecord record) {
        this.opened = record;
        this.lastActive = record.lastActive();
        this.lastSequence = record.lastSequence();
        this.acknowledgedSequence = record.acknowledgedSequence();
    }

    long id() {
        return opened.id();
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
