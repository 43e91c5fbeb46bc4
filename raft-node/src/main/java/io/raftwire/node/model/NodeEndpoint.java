package io.raftwire.node.model;

import io.microraft.RaftEndpoint;

/**
 * A Raft member as the engine sees it: its raftwire member id ({@code raftwire.node.id}) and nothing else.
 *
 * <p>Equality is by id, as MicroRaft requires: it compares decoded senders, member lists and {@code votedFor} with the
 * configured endpoints and uses them as map keys. The address is deliberately not part of the endpoint (it lives in
 * the transport's peer table), so a member that moves keeps its identity. Immutable and thread-safe.
 *
 * @param id the member id; 1..{@value ModelChecks#MAX_ID_LENGTH} characters, no control characters
 */
public record NodeEndpoint(String id) implements RaftEndpoint {

    /** Validates the id. */
    public NodeEndpoint {
        ModelChecks.memberId(id, "id");
    }

    /**
     * The raftwire endpoint behind a MicroRaft endpoint.
     *
     * @throws IllegalArgumentException if {@code endpoint} is not a {@code NodeEndpoint}: every endpoint a raftwire
     *                                  node builds or decodes is one, so another type means a caller bypassed the
     *                                  node's configuration
     */
    public static NodeEndpoint of(RaftEndpoint endpoint) {
        if (endpoint instanceof NodeEndpoint e) {
            return e;
        }
        throw new IllegalArgumentException("endpoint " + endpoint + " of type "
                + (endpoint == null ? "null" : endpoint.getClass().getName())
                + " (expected: a io.raftwire.node.model.NodeEndpoint)");
    }

    /** The same as {@link #of}, but {@code null} stays {@code null}. */
    static NodeEndpoint ofNullable(RaftEndpoint endpoint) {
        return endpoint == null ? null : of(endpoint);
    }

    @Override
    public Object getId() {
        return id;
    }

    @Override
    public String toString() {
        return id;
    }
}
