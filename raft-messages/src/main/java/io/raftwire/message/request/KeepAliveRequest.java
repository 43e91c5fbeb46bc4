package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.ToStrings;

import java.util.Arrays;

/**
 * A client keeps its sessions alive and acknowledges, per session, the command results and events it has received.
 * The three arrays are parallel: element {@code i} of each describes the same session. Invariants: the arrays have
 * the same length and no negative element. Answered by {@link io.raftwire.message.response.KeepAliveResponse}.
 * Immutable and thread-safe (arrays are copied in and out).
 *
 * @param sessionIds the sessions to keep alive; copied
 * @param commandSequences per session, the highest command sequence whose result the client received; copied
 * @param eventIndexes per session, the highest event index the client received; copied
 */
public record KeepAliveRequest(long[] sessionIds, long[] commandSequences, long[] eventIndexes) implements RaftRequest {

    /**
     * Checks the invariants, and copies the arrays and lists, as documented on the components.
     *
     * @throws IllegalArgumentException if an element is negative or the array lengths differ
     * @throws NullPointerException if an array is null
     */
    public KeepAliveRequest {
        sessionIds = Checks.copyNonNegative(sessionIds, "sessionIds");
        commandSequences = Checks.copyNonNegative(commandSequences, "commandSequences");
        eventIndexes = Checks.copyNonNegative(eventIndexes, "eventIndexes");
        Checks.sameLength(commandSequences, "commandSequences", sessionIds, "sessionIds");
        Checks.sameLength(eventIndexes, "eventIndexes", sessionIds, "sessionIds");
    }

    /** A copy of the ids of the sessions to keep alive. */
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
        if (this == o) {
            return true;
        }
        if (!(o instanceof KeepAliveRequest)) {
            return false;
        }
        KeepAliveRequest that = (KeepAliveRequest) o;
        return Arrays.equals(sessionIds, that.sessionIds) && Arrays.equals(commandSequences, that.commandSequences)
                && Arrays.equals(eventIndexes, that.eventIndexes);
    }

    @Override
    public int hashCode() {
        int result = Arrays.hashCode(sessionIds);
        result = 31 * result + Arrays.hashCode(commandSequences);
        return 31 * result + Arrays.hashCode(eventIndexes);
    }

    @Override
    public String toString() {
        return "KeepAliveRequest[sessionIds=" + ToStrings.of(sessionIds) + ", commandSequences="
                + ToStrings.of(commandSequences) + ", eventIndexes=" + ToStrings.of(eventIndexes) + "]";
    }
}
