package io.raftwire.message.log;

import io.raftwire.message.Checks;
import io.raftwire.message.ToStrings;

import java.util.Arrays;

/**
 * Records that clients kept their sessions alive, and how far each session has seen command results and events.
 * The three arrays are parallel: element {@code i} of each describes the same session. Invariants: the arrays have
 * the same length and no negative element. Immutable and thread-safe (arrays are copied in and out).
 */
public final class KeepAliveEntry extends TimestampedEntry {

    private final long[] sessionIds;
    private final long[] commandSequences;
    private final long[] eventIndexes;

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param sessionIds the sessions kept alive; copied
     * @param commandSequences per session, the highest command sequence whose result the client received; copied
     * @param eventIndexes per session, the highest event index the client received; copied
     * @throws IllegalArgumentException if a value or element is negative or the array lengths differ
     * @throws NullPointerException if an array is null
     */
    public KeepAliveEntry(long term, long timestamp, long[] sessionIds, long[] commandSequences,
            long[] eventIndexes) {
        super(term, timestamp);
        this.sessionIds = Checks.copyNonNegative(sessionIds, "sessionIds");
        this.commandSequences = Checks.copyNonNegative(commandSequences, "commandSequences");
        this.eventIndexes = Checks.copyNonNegative(eventIndexes, "eventIndexes");
        Checks.sameLength(this.commandSequences, "commandSequences", this.sessionIds, "sessionIds");
        Checks.sameLength(this.eventIndexes, "eventIndexes", this.sessionIds, "sessionIds");
    }

    /** A copy of the ids of the sessions kept alive. */
    public long[] sessionIds() {
        return sessionIds.clone();
    }

    /** A copy of the per-session highest command sequence whose result the client received. */
    public long[] commandSequences() {
        return commandSequences.clone();
    }

    /** A copy of the per-session highest event index the client received. */
    public long[] eventIndexes() {
        return eventIndexes.clone();
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        KeepAliveEntry that = (KeepAliveEntry) o;
        return Arrays.equals(sessionIds, that.sessionIds) && Arrays.equals(commandSequences, that.commandSequences)
                && Arrays.equals(eventIndexes, that.eventIndexes);
    }

    @Override
    public int hashCode() {
        int result = 31 * super.hashCode() + Arrays.hashCode(sessionIds);
        result = 31 * result + Arrays.hashCode(commandSequences);
        return 31 * result + Arrays.hashCode(eventIndexes);
    }

    @Override
    public String toString() {
        return "KeepAliveEntry[term=" + term() + ", timestamp=" + timestamp()
                + ", sessionIds=" + ToStrings.of(sessionIds) + ", commandSequences=" + ToStrings.of(commandSequences)
                + ", eventIndexes=" + ToStrings.of(eventIndexes) + "]";
    }
}
