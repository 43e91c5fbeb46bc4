package io.raftwire.message.log;

import io.raftwire.message.Checks;
import io.raftwire.message.value.RaftMember;

import java.util.List;

/**
 * A cluster membership configuration, replicated through the log (Raft §6). Immutable and thread-safe.
 */
public final class ConfigurationEntry extends TimestampedEntry {

    private final List<RaftMember> members;

    /**
     * @param term the leader's term; {@code >= 0}
     * @param timestamp the leader's wall clock, in milliseconds since the epoch; {@code >= 0}
     * @param members every member of the new configuration; may be empty; copied
     * @throws IllegalArgumentException if a value is negative
     * @throws NullPointerException if {@code members} or one of its elements is null
     */
    public ConfigurationEntry(long term, long timestamp, List<RaftMember> members) {
        super(term, timestamp);
        this.members = Checks.copy(members, "members");
    }

    /** Every member of the configuration; immutable. */
    public List<RaftMember> members() {
        return members;
    }

    @Override
    public boolean equals(Object o) {
        return super.equals(o) && members.equals(((ConfigurationEntry) o).members);
    }

    @Override
    public int hashCode() {
        return 31 * super.hashCode() + members.hashCode();
    }

    @Override
    public String toString() {
        return "ConfigurationEntry[term=" + term() + ", timestamp=" + timestamp() + ", members=" + members + "]";
    }
}
