package io.raftwire.message.request;

import io.raftwire.message.value.RaftMember;

/**
 * Asks the leader to remove a member from the configuration. Answered by
 * {@link io.raftwire.message.response.LeaveResponse}. Immutable and thread-safe.
 */
public final class LeaveRequest extends ConfigurationRequest {

    /**
     * @param member the member to remove
     * @throws NullPointerException if {@code member} is null
     */
    public LeaveRequest(RaftMember member) {
        super(member);
    }

    @Override
    public String toString() {
        return "LeaveRequest[member=" + member() + "]";
    }
}
