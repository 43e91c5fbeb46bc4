package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.value.RaftMember;

import java.util.Objects;

/**
 * Asks the leader to change a member's role, guarded by the configuration the requester last saw. Invariants:
 * {@code index >= 0}, {@code term >= 0}. Answered by {@link io.raftwire.message.response.ReconfigureResponse}.
 * Immutable and thread-safe.
 */
public final class ReconfigureRequest extends ConfigurationRequest {

    private final long index;
    private final long term;

    /**
     * @param member the member with its new role
     * @param index the log index of the configuration the requester last saw; {@code >= 0}
     * @param term the term of that configuration; {@code >= 0}
     * @throws NullPointerException if {@code member} is null
     * @throws IllegalArgumentException if a value is negative
     */
    public ReconfigureRequest(RaftMember member, long index, long term) {
        super(member);
        this.index = Checks.nonNegative(index, "index");
        this.term = Checks.nonNegative(term, "term");
    }

    /** The log index of the configuration the requester last saw. */
    public long index() {
        return index;
    }

    /** The term of the configuration the requester last saw. */
    public long term() {
        return term;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        ReconfigureRequest that = (ReconfigureRequest) o;
        return index == that.index && term == that.term;
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hash(index, term);
    }

    @Override
    public String toString() {
        return "ReconfigureRequest[member=" + member() + ", index=" + index + ", term=" + term + "]";
    }
}
