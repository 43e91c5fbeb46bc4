package io.raftwire.node.session;

import io.raftwire.message.request.PublishRequest;
import io.raftwire.message.value.MemberId;

import java.util.Objects;

/**
 * A batch of events to push to the client that opened its session: what a state machine hands to the node after
 * applying an entry (see {@link SessionEventSource}). Not a wire type. Immutable and thread-safe.
 *
 * @param client the client's member id, as it opened the session (its connection's id on the client port)
 * @param batch  the batch
 */
public record EventDelivery(MemberId client, PublishRequest batch) {

    /**
     * @throws NullPointerException if an argument is null
     */
    public EventDelivery {
        Objects.requireNonNull(client, "client");
        Objects.requireNonNull(batch, "batch");
    }
}
