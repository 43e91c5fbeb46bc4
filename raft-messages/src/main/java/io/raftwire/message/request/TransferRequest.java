package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;

/**
 * Asks the leader to hand leadership over to another member. Answered by
 * {@link io.raftwire.message.response.TransferResponse}. Immutable and thread-safe.
 */
public final class TransferRequest implements RaftRequest {

    private final MemberId member;

    /**
     * @param member the member that should become leader
     * @throws NullPointerException if {@code member} is null
     */
    public TransferRequest(MemberId member) {
        this.member = Checks.notNull(member, "member");
    }

    /** The member that should become leader. */
    public MemberId member() {
        return member;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof TransferRequest && member.equals(((TransferRequest) o).member);
    }

    @Override
    public int hashCode() {
        return member.hashCode();
    }

    @Override
    public String toString() {
        return "TransferRequest[member=" + member + "]";
    }
}
