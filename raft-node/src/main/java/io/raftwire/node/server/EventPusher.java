package io.raftwire.node.server;

import io.raftwire.message.request.PublishRequest;
import io.raftwire.node.group.SessionIds;
import io.raftwire.node.session.EventDelivery;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.PeerText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;

/**
 * Pushes the state machine's event batches to the clients, from the member that leads: each batch goes as a
 * {@code PublishRequest} over the connection the client opened to this member's client port
 * ({@link Transport#push}), since a client need not accept connections. A push that fails is not retried here: the
 * batch stays in the replicated session state until the client acknowledges it, and the client's next keep-alive
 * (which it sends at once after a leader change or a gap) makes it ready to push again. Followers drop the batches.
 *
 * <p>Thread-safe; {@link #push} is called on the Raft thread and never blocks.
 */
public final class EventPusher {

    private static final Logger LOG = LoggerFactory.getLogger(EventPusher.class);

    private final Transport clients;
    private final int group;
    private final LongAdder pushed = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private volatile BooleanSupplier leading = () -> false;

    /** @param clients the client-facing transport */
    public EventPusher(Transport clients) {
        this(clients, 0);
    }

    /**
     * @param clients the member's client-facing transport
     * @param group   the index of the group whose batches this pushes: their session ids go out as the client knows
     *                them ({@link SessionIds#global})
     */
    public EventPusher(Transport clients, int group) {
        this.clients = Objects.requireNonNull(clients, "clients");
        this.group = group;
    }

    /** Tells the pusher whether this member leads (read at every {@link #push}); nothing is pushed until it is set. */
    public void leadership(BooleanSupplier leading) {
        this.leading = Objects.requireNonNull(leading, "leading");
    }

    /** Pushes the batches if this member leads; otherwise drops them. */
    public void push(List<EventDelivery> deliveries) {
        if (deliveries.isEmpty() || !leading.getAsBoolean()) {
            return;
        }
        for (EventDelivery d : deliveries) {
            PublishRequest batch = group == 0 ? d.batch() : new PublishRequest(SessionIds.global(group,
                    d.batch().session()), d.batch().eventIndex(), d.batch().previousIndex(), d.batch().events());
            clients.push(d.client().id(), batch).whenComplete((ok, e) -> {
                if (e == null) {
                    pushed.increment();
                } else {
                    failed.increment();
                    LOG.debug("event batch {} of session {} not pushed to {} (it stays pending until acknowledged):"
                            + " {}", d.batch().eventIndex(), d.batch().session(), PeerText.escape(d.client().id()),
                            e instanceof TransportException t ? t.reason() + " " + t.getMessage() : e.toString());
                }
            });
        }
    }

    /** Batches written to a client's connection so far. */
    public long pushed() {
        return pushed.sum();
    }

    /** Batches that could not be pushed so far (no connection, overloaded, closed). */
    public long failed() {
        return failed.sum();
    }
}
