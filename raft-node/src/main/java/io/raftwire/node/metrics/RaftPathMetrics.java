package io.raftwire.node.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.raftwire.node.transport.RaftTransportStats;
import io.raftwire.transport.TransportException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

/**
 * The meters of a member's Raft message path ({@code RaftwireNode.raftStats()}): Raft messages sent and received,
 * dropped by reason (tag {@code reason}: the transport's refusal in lower case, or {@code other}) and refused on
 * arrival by reason ({@code sender}, {@code unknown_group}, {@code engine}). The counters show the snapshot taken by
 * the latest {@link #refresh()}. Thread-safe.
 */
public final class RaftPathMetrics {

    private final MeterRegistry registry;
    private final Supplier<RaftTransportStats> source;
    private final List<Meter> meters = new ArrayList<>();
    private volatile RaftTransportStats stats;

    /**
     * Registers the meters and takes a first snapshot.
     *
     * @param registry where the meters go
     * @param source   the message path's counters
     * @param tags     the tags of every meter ({@code group}, {@code member})
     */
    public RaftPathMetrics(MeterRegistry registry, Supplier<RaftTransportStats> source, Tags tags) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.source = Objects.requireNonNull(source, "source");
        this.stats = source.get();
        counter("raftwire.raft.messages.sent", tags, RaftTransportStats::sent,
                "Raft messages handed to the transport and written");
        counter("raftwire.raft.messages.received", tags, RaftTransportStats::received,
                "Raft messages decoded and handed to the engine");
        for (TransportException.Reason r : TransportException.Reason.values()) {
            counter("raftwire.raft.messages.dropped", tags.and("reason", r.name().toLowerCase(Locale.ROOT)),
                    s -> s.droppedBy().getOrDefault(r, 0L), "Raft messages that could not be sent, by reason");
        }
        counter("raftwire.raft.messages.dropped", tags.and("reason", "other"), RaftTransportStats::droppedOther,
                "Raft messages that could not be sent, by reason");
        counter("raftwire.raft.messages.refused", tags.and("reason", "sender"), RaftTransportStats::refusedSender,
                "Raft messages refused on arrival, by reason");
        counter("raftwire.raft.messages.refused", tags.and("reason", "unknown_group"),
                RaftTransportStats::unknownGroup, "Raft messages refused on arrival, by reason");
        counter("raftwire.raft.messages.refused", tags.and("reason", "engine"), RaftTransportStats::handleFailed,
                "Raft messages refused on arrival, by reason");
    }

    private void counter(String name, Tags tags, ToDoubleFunction<RaftTransportStats> value, String description) {
        meters.add(FunctionCounter.builder(name, this, m -> value.applyAsDouble(m.stats)).tags(tags)
                .description(description).register(registry));
    }

    /** Takes a new snapshot of the counters. */
    public void refresh() {
        stats = source.get();
    }

    /** Removes the meters from the registry. */
    public void close() {
        meters.forEach(registry::remove);
    }
}
