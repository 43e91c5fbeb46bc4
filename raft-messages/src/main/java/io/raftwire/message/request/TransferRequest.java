package io.raftwire.message.request;

import io.raftwire.message.Checks;
import io.raftwire.message.RaftRequest;
import io.raftwire.message.value.MemberId;

/**
 * Asks the leader to hand leadership over to another member. Answered by
 * {@link io.raftwire.message.response.TransferResponse}. Immutable and thread-safe.
 *
 * @param member the member that should become leader
 */
public record TransferRequest(MemberId member) implements RaftRequest {

    /**
     * Checks the invariants as documented on the components.
     *
     * @throws NullPointerException if {@code member} is null
     */
    public TransferRequest {
        member = Checks.notNull(member, "member");
    }
}
