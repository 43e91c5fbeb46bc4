package io.raftwire.transport.netty;

import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.PeerText;
import io.raftwire.transport.SchemaGate;

import java.util.Objects;

/**
 * The {@link SchemaGate} of one transport: set before the transport starts ({@link SchemaGate#REFUSE_ALL} until
 * then), asked by both handshake handlers on the event loop once two members whose schemas differ have exchanged them.
 * Asking never throws: a gate that throws refuses, and its refusal names the exception. Thread-safe.
 */
final class PeerSchemaGate {

    private volatile SchemaGate gate = SchemaGate.REFUSE_ALL;

    /** Replaces the gate; the transport allows it only before it starts. */
    void set(SchemaGate gate) {
        this.gate = Objects.requireNonNull(gate, "gate");
    }

    /**
     * Asks the gate about a peer.
     *
     * @param own  this node's schema
     * @param peer the schema the peer sent
     * @return {@code null} if the gate accepts the peer, otherwise the reason, escaped ({@link PeerText}: the gate may
     *         quote names from the peer's schema), never blank
     */
    String refusal(Schema own, Schema peer) {
        String reason;
        try {
            reason = gate.refusal(own, peer);
        } catch (RuntimeException e) {
            return PeerText.escape("the schema gate failed: " + e);
        }
        if (reason == null) {
            return null;
        }
        return reason.isBlank() ? "the schema gate refused without a reason" : PeerText.escape(reason);
    }
}
