package io.raftwire.message.response;

import io.raftwire.message.Checks;
import io.raftwire.message.Nullable;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;

import java.util.List;
import java.util.Objects;

/**
 * The answer to a membership change: the configuration in force afterwards. Invariants: every number
 * {@code >= 0}.
 */
public abstract class ConfigurationResponse extends AbstractRaftResponse {

    private final long index;
    private final long term;
    private final long timestamp;
    private final List<RaftMember> members;

    /**
     * @param status the outcome
     * @param error why the change failed; may be {@code null} only when {@code status} is {@link Status#OK}
     * @param index the log index of the configuration; {@code >= 0}
     * @param term the term of the configuration; {@code >= 0}
     * @param timestamp when the configuration was created, in milliseconds since the epoch; {@code >= 0}
     * @param members every member of the configuration; may be empty; copied
     * @throws NullPointerException if {@code status}, {@code members} or one of its elements is null, or
     *         {@code error} is null for an ERROR response
     * @throws IllegalArgumentException if a value is negative
     */
    protected ConfigurationResponse(Status status, @Nullable RaftError error, long index, long term, long timestamp,
            List<RaftMember> members) {
        super(status, error);
        this.index = Checks.nonNegative(index, "index");
        this.term = Checks.nonNegative(term, "term");
        this.timestamp = Checks.nonNegative(timestamp, "timestamp");
        this.members = Checks.copy(members, "members");
    }

    /** The log index of the configuration. */
    public long index() {
        return index;
    }

    /** The term of the configuration. */
    public long term() {
        return term;
    }

    /** When the configuration was created, in milliseconds since the epoch. */
    public long timestamp() {
        return timestamp;
    }

    /** Every member of the configuration; immutable. */
    public List<RaftMember> members() {
        return members;
    }

    @Override
    public boolean equals(Object o) {
        if (!super.equals(o)) {
            return false;
        }
        ConfigurationResponse that = (ConfigurationResponse) o;
        return index == that.index && term == that.term && timestamp == that.timestamp
                && members.equals(that.members);
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + Objects.hash(index, term, timestamp, members);
    }
}
