package io.raftwire.transport;

import io.raftwire.serializer.schema.Schema;

/**
 * Decides whether a connection goes ahead with a peer whose types' {@link Schema} differs from this node's, during a
 * rolling upgrade (docs/upgrades.md). A transport consults it only when the two registries' fingerprints differ and
 * both sides have sent their schema; equal fingerprints connect without asking it, and a transport with no gate set
 * refuses every difference, as before the gate existed.
 *
 * <p>Called on a transport I/O thread during the handshake: it must be thread-safe and must not block.
 */
@FunctionalInterface
public interface SchemaGate {

    /** The gate of a transport nobody set one on: every difference is refused. */
    SchemaGate REFUSE_ALL = (own, peer) -> "the two members' registered types differ";

    /**
     * @param own  this node's schema
     * @param peer the schema the peer sent
     * @return {@code null} to accept the peer, or the reason of the refusal (the transport sends it to the peer and
     *         logs it, with every difference between the two schemas)
     */
    String refusal(Schema own, Schema peer);
}
