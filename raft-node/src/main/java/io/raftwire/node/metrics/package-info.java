/**
 * A member's meters through Micrometer, one binder per area: {@link io.raftwire.node.metrics.RaftGroupMetrics} (the
 * engine's reports, applied indices and snapshot times), {@link io.raftwire.node.metrics.StoreMetrics} (the durable
 * store's {@code StoreListener}), {@link io.raftwire.node.metrics.RaftPathMetrics} (Raft messages sent, dropped and
 * refused), {@link io.raftwire.node.metrics.TransportMetrics} (each transport's counters, read through the transport
 * API) and {@link io.raftwire.node.metrics.SessionMetrics}; {@link io.raftwire.node.metrics.NodeMetrics} holds them for
 * one member. Bound only when the application gives {@code RaftwireNode.Builder.metrics} a registry; no exporter here.
 * Names, units and tags follow Prometheus conventions once exported ({@code raftwire_...}, base units in names,
 * {@code _total} counters, {@code _seconds} histograms); the list is in the module's README.
 */
package io.raftwire.node.metrics;
