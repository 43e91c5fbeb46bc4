package io.raftwire.message.request;

import io.raftwire.message.value.RaftMember;

/**
 * Asks the leader to add a member to the configuration. Answered by
 * {@link io.raftwire.message.response.JoinResponse}. Immutable and thread-safe.
 */
public final class JoinRequest extends ConfigurationRequest {

    /**
     * @param member the member to add
     * @throws NullPointerException if {@code member} is null
     */
    public JoinRequest(RaftMember member) {
        super(member);
    }

    @Override
    public String toString() {
        return "JoinRequest[member=" + member() + "]";
    }
}
