package io.raftwire.node.admin;

import java.util.Objects;

/**
 * Asks one member for its {@link NodeStatus}; answered with a {@link StatusResponse}. Any authenticated caller (member,
 * client or admin certificate, or a plaintext connection) may send it. Registered by {@link AdminTypes}. Immutable and
 * thread-safe.
 *
 * @param member the id of the member the caller means to ask; a member whose id differs answers with an error, so
 *               that a status is never shown under another member's name
 */
public record StatusRequest(String member) {

    /** @throws NullPointerException if {@code member} is null */
    public StatusRequest {
        Objects.requireNonNull(member, "member");
    }
}
