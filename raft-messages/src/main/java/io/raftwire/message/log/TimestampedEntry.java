package io.raftwire.message.log;

import io.raftwire.message.Checks;

/**
 * A log entry stamped with the leader's clock, so that every member applies it with the same notion of time.
 * Invariant: {@code timestamp >= 0}.
 */
public abstract class TimestampedEntry extends RaftLogEntry {

    private final long timestamp;

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock when the entry was created, in milliseconds since the epoch;
     *        {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     */
    protected TimestampedEntry(long term, long timestamp) {
        super(term);
        this.timestamp = Checks.nonNegative(timestamp, "timestamp");
    }

    /** The leader's wall clock when the entry was created, in milliseconds since the epoch. */
    public long timestamp() {
        return timestamp;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && timestamp == ((TimestampedEntry) o).timestamp;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Long.hashCode(timestamp);
    }
}
