package io.raftwire.node.session;

import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;

import java.util.Objects;

/**
 * One open client session as it travels in a {@link SessionSnapshotChunk}. Registered by
 * {@code io.raftwire.node.kv.KvTypes}. Immutable and thread-safe.
 *
 * @param id                   the session id: the log index of its {@code OpenSessionEntry}; {@code >= 1}
 * @param member               the client node that opened it
 * @param serviceName          the service it is bound to; not empty
 * @param serviceType          that service's type; not empty
 * @param readConsistency      how its queries are served
 * @param timeout              its timeout, in milliseconds; {@code >= 1}
 * @param lastActive           the session clock when it was last kept alive, in milliseconds since the epoch;
 *                             {@code >= 0}
 * @param lastSequence         the highest command sequence applied for it; {@code >= 0}
 * @param acknowledgedSequence every command sequence up to this one has been applied and its result received by the
 *                             client; {@code 0 <= acknowledgedSequence <= lastSequence}
 */
public record SessionRecord(long id, MemberId member, String serviceName, String serviceType,
        ReadConsistency readConsistency, long timeout, long lastActive, long lastSequence,
        long acknowledgedSequence) {

    /**
     * Validates.
     *
     * @throws NullPointerException     if a reference is null
     * @throws IllegalArgumentException if a number is out of range or a string empty
     */
    public SessionRecord {
        SessionChecks.atLeast(id, "id", 1);
        Objects.requireNonNull(member, "member");
        SessionChecks.notEmpty(serviceName, "serviceName");
        SessionChecks.notEmpty(serviceType, "serviceType");
        Objects.requireNonNull(readConsistency, "readConsistency");
        SessionChecks.atLeast(timeout, "timeout", 1);
        SessionChecks.atLeast(lastActive, "lastActive", 0);
        SessionChecks.atLeast(lastSequence, "lastSequence", 0);
        SessionChecks.atLeast(acknowledgedSequence, "acknowledgedSequence", 0);
        if (acknowledgedSequence > lastSequence) {
            throw new IllegalArgumentException("acknowledgedSequence = " + acknowledgedSequence
                    + " (expected: <= lastSequence = " + lastSequence + ")");
        }
    }

    /**
     * An upper estimate of this record's encoded size in a {@link SessionSnapshotChunk}, in bytes: what the state
     * machines use to cut their snapshots into chunks that fit a frame.
     */
    public int estimatedSnapshotBytes() {
        return 64 + SessionChecks.utf8Length(member.id()) + SessionChecks.utf8Length(serviceName)
                + SessionChecks.utf8Length(serviceType);
    }
}
