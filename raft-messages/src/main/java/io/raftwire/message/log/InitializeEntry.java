package io.raftwire.message.log;

/**
 * The no-op entry a new leader appends at the start of its term (Raft §8), which commits the entries of earlier
 * terms. Immutable and thread-safe.
 */
public final class InitializeEntry extends TimestampedEntry {

    /**
     * @param term the new leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @throws IllegalArgumentException if a value is negative
     */
    public InitializeEntry(long term, long timestamp) {
        super(term, timestamp);
    }

    @Override
    public String toString() {
        return "InitializeEntry[term=" + term() + ", timestamp=" + timestamp() + "]";
    }
}
