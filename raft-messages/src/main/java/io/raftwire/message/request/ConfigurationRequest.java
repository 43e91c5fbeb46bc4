package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.RaftMember;

/**
 * A request to change the cluster membership for one member. Subclasses are immutable and thread-safe;
 * {@code equals} requires the same concrete class.
 */
public abstract class ConfigurationRequest implements RaftRequest {

    private final RaftMember member;

    /**
     * @param member the member concerned
     * @throws NullPointerException if {@code member} is null
     */
    protected ConfigurationRequest(RaftMember member) {
        this.member = Checks.notNull(member, "member");
    }

    /** The member concerned. */
    public RaftMember member() {
        return member;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (o == null || getClass() != o.getClass()) {
            return false;
        }
        return member.equals(((ConfigurationRequest) o).member);
    }

    @Override
    public int hashCode() {
        return 31 * getClass().getName().hashCode() + member.hashCode();
    }
}
