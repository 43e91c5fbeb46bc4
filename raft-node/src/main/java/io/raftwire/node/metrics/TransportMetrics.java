package io.raftwire.node.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.raftwire.transport.InboundCounters;
import io.raftwire.transport.MessageStats;
import io.raftwire.transport.Transport;
import io.raftwire.transport.TransportStats;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The meters of one transport of a member (tag {@code transport}: {@code members} or {@code clients}), read from
 * {@link Transport#stats()}: frames and bytes per message type (tag {@code type}), requests refused, timed out and
 * answered with errors, connections made, lost and refused; and, where the implementation tracks them
 * ({@link Transport#inbound()}), open connections, TLS handshake failures and connections refused by a limit. The counters show the snapshot taken by the latest
 * {@link #refresh()}; a message type gets its meters at the first refresh after it was first sent or received.
 * Thread-safe.
 */
public final class TransportMetrics {

    private final MeterRegistry registry;
    private final Transport transport;
    private final Tags tags;
    private final List<Meter> meters = new ArrayList<>();
    private final Set<Integer> types = new HashSet<>(); // guarded by this
    private volatile TransportStats stats;
    private volatile InboundCounters inbound;

    /**
     * Registers the transport's meters and takes a first snapshot.
     *
     * @param registry  where the meters go
     * @param transport the transport to read
     * @param base      the tags of every meter ({@code group}, {@code member})
     * @param name      the value of the {@code transport} tag
     */
    public TransportMetrics(MeterRegistry registry, Transport transport, Tags base, String name) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.transport = Objects.requireNonNull(transport, "transport");
        this.tags = base.and("transport", name);
        this.stats = transport.stats();
        this.inbound = transport.inbound().orElse(null);
        counter("raftwire.transport.requests.rejected", r -> r.requests().rejected(),
                "requests refused at once: too many pending, or the connection not writable");
        counter("raftwire.transport.requests.timeouts", r -> r.requests().timeouts(),
                "requests failed by their deadline");
        counter("raftwire.transport.errors.received", r -> r.requests().errorsReceived(),
                "error frames received in answer to requests");
        counter("raftwire.transport.errors.sent", r -> r.requests().errorsSent(),
                "error frames sent, for requests and for refused connections");
        counter("raftwire.transport.connections.established", r -> r.connections().established(),
                "connections whose handshake completed, both directions");
        counter("raftwire.transport.reconnects", r -> r.connections().reconnects(),
                "outbound connections re-established after a loss");
        counter("raftwire.transport.connect.failures", r -> r.connections().connectFailures(),
                "outbound connection attempts that failed (refused, timed out, handshake refused)");
        counter("raftwire.transport.handshake.refusals", r -> r.connections().handshakeRefusals(),
                "handshakes refused, by this member or by a peer");
        counter("raftwire.transport.protocol.errors", r -> r.connections().protocolErrors(),
                "connections closed because a frame broke the protocol");
        counter("raftwire.transport.idle.closes", r -> r.connections().idleCloses(),
                "connections closed because nothing arrived for the idle timeout");
        meters.add(Gauge.builder("raftwire.transport.requests.pending", this, m -> m.stats.requests().pending())
                .tags(tags).description("requests sent and not yet answered").register(registry));
        if (inbound != null) {
            bindInbound();
        }
        refresh();
    }

    private void counter(String name, ToDoubleFunction<TransportStats> value, String description) {
        meters.add(FunctionCounter.builder(name, this, m -> value.applyAsDouble(m.stats)).tags(tags)
                .description(description).register(registry));
    }

    /** Meters of what the implementation tracks of inbound connections ({@link Transport#inbound()}). */
    private void bindInbound() {
        meters.add(Gauge.builder("raftwire.transport.connections.open", this, m -> m.inbound.openConnections())
                .tags(tags).description("accepted connections now open, handshake completed or not")
                .register(registry));
        meters.add(Gauge.builder("raftwire.transport.connections.unauthenticated", this,
                m -> m.inbound.unauthenticatedConnections()).tags(tags)
                .description("accepted connections now waiting for their handshake").register(registry));
        inboundCounter("raftwire.transport.tls.failures", tags, InboundCounters::tlsFailures,
                "accepted or outbound connections whose TLS handshake failed");
        String refused = "accepted connections closed at once or for overload, by reason";
        inboundCounter("raftwire.transport.connections.refused", tags.and("reason", "over_cap"),
                InboundCounters::refusedOverCap, refused);
        inboundCounter("raftwire.transport.connections.refused", tags.and("reason", "handshake_rate"),
                InboundCounters::refusedHandshakeRate, refused);
        inboundCounter("raftwire.transport.connections.refused", tags.and("reason", "inbound_buffer"),
                InboundCounters::overloadCloses, refused);
    }

    private void inboundCounter(String name, Tags t, ToDoubleFunction<InboundCounters> value, String description) {
        meters.add(FunctionCounter.builder(name, this, m -> value.applyAsDouble(m.inbound)).tags(t)
                .description(description).register(registry));
    }

    /** Takes a new snapshot of the transport's counters and registers the meters of message types new in it. */
    public synchronized void refresh() {
        TransportStats now = transport.stats();
        stats = now;
        inbound = transport.inbound().orElse(inbound);
        for (MessageStats m : now.messages()) {
            if (types.add(m.typeId())) {
                bindType(m.typeId(), m.typeName());
            }
        }
    }

    private void bindType(int typeId, String typeName) {
        Tags t = tags.and("type", typeName);
        type("raftwire.transport.frames.sent", t, typeId, null, MessageStats::sent, "frames written");
        type("raftwire.transport.sent", t, typeId, "bytes", MessageStats::sentBytes,
                "bytes of frames written, headers included");
        type("raftwire.transport.frames.received", t, typeId, null, MessageStats::received, "frames decoded");
        type("raftwire.transport.received", t, typeId, "bytes", MessageStats::receivedBytes,
                "bytes of frames decoded, headers included");
        type("raftwire.transport.decode.failures", t, typeId, null, MessageStats::decodeFailures,
                "frames whose payload could not be decoded");
    }

    private void type(String name, Tags t, int typeId, String unit, ToDoubleFunction<MessageStats> value,
            String description) {
        meters.add(FunctionCounter.builder(name, this, m -> {
            MessageStats s = m.stats.message(typeId);
            return s == null ? 0 : value.applyAsDouble(s);
        }).baseUnit(unit).tags(t).description(description).register(registry));
    }

    /** The counters of the latest refresh. */
    TransportStats stats() {
        return stats;
    }

    /** Removes the transport's meters from the registry. */
    public synchronized void close() {
        meters.forEach(registry::remove);
    }
}
