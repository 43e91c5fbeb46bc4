package io.raftwire.message.log;

/**
 * Marks the point in the log at which a session asked for cluster metadata, so that the answer is consistent.
 * Immutable and thread-safe.
 */
public final class MetadataEntry extends SessionEntry {

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param session the asking session's id; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     */
    public MetadataEntry(long term, long timestamp, long session) {
        super(term, timestamp, session);
    }

    @Override
    public String toString() {
        return "MetadataEntry[term=" + term() + ", timestamp=" + timestamp() + ", session=" + session() + "]";
    }
}
