package io.raftwire.node.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.TransportStats;

import java.util.List;
import java.util.Objects;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The meters of client sessions on a member: sessions open as this member knows them, sessions its state machine
 * closed without a close request, and command and query requests clients sent to this member (read from the client
 * transport's counters, so requests this member refused, a follower's {@code NO_LEADER} answers among them, count
 * too). Tags {@code group} and {@code member}. Thread-safe.
 */
public final class SessionMetrics {

    private final MeterRegistry registry;
    private final IntSupplier open;
    private final LongSupplier expired;
    private final Supplier<TransportStats> clientSide;
    private final List<Meter> meters;

    /**
     * Registers the meters.
     *
     * @param registry   where the meters go
     * @param tags       {@code group} and {@code member}
     * @param open       the sessions open as this member knows them
     * @param expired    the sessions the state machine closed without a close request from their client
     * @param clientSide the latest snapshot of the client transport's counters
     */
    public SessionMetrics(MeterRegistry registry, Tags tags, IntSupplier open, LongSupplier expired,
            Supplier<TransportStats> clientSide) {
        this.registry = Objects.requireNonNull(registry, "registry");
        // the meters hold what they read weakly: this object, which the node holds, keeps the suppliers
        this.open = Objects.requireNonNull(open, "open");
        this.expired = Objects.requireNonNull(expired, "expired");
        this.clientSide = Objects.requireNonNull(clientSide, "clientSide");
        meters = List.of(
                Gauge.builder("raftwire.sessions.open", this, m -> m.open.getAsInt()).tags(tags)
                        .description("client sessions open, as this member's state machine knows them")
                        .register(registry),
                FunctionCounter.builder("raftwire.sessions.expired", this, m -> m.expired.getAsLong()).tags(tags)
                        .description("sessions the state machine closed without a close request from their client"
                                + " (expired, or too many unacknowledged events)").register(registry),
                FunctionCounter.builder("raftwire.sessions.commands", this,
                        m -> received(m.clientSide, "CommandRequest"))
                        .tags(tags).description("command requests received from clients").register(registry),
                FunctionCounter.builder("raftwire.sessions.queries", this,
                        m -> received(m.clientSide, "QueryRequest"))
                        .tags(tags).description("query requests received from clients").register(registry));
    }

    private static double received(Supplier<TransportStats> stats, String typeName) {
        for (MessageStats m : stats.get().messages()) {
            if (m.typeName().equals(typeName)) {
                return m.received();
            }
        }
        return 0;
    }

    /** Removes the meters from the registry. */
    public void close() {
        meters.forEach(registry::remove);
    }
}
