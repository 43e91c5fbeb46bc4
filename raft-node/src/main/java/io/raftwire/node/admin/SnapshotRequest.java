package io.raftwire.node.admin;

import java.util.Objects;

/**
 * Asks one member to take a snapshot of its state machine at its current commit index now (MicroRaft's
 * {@code RaftNode#takeSnapshot()}); answered with a {@link StatusResponse} holding the member's status afterwards.
 * Admins only ({@link io.raftwire.node.server.MembershipGuard}). Registered by {@link AdminTypes}. Immutable and
 * thread-safe.
 *
 * @param member the id of the member that is to take the snapshot; a member whose id differs refuses
 */
public record SnapshotRequest(String member) {

    /** @throws NullPointerException if {@code member} is null */
    public SnapshotRequest {
        Objects.requireNonNull(member, "member");
    }
}
