package io.raftwire.cli.node;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.RaftwireMember;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.metrics.NodeMetrics;

import java.util.Optional;

/**
 * A node's meters exported for Prometheus, when {@code raftwire.metrics.port} is not -1: a Prometheus registry given
 * to the node's builder, and the {@link MetricsEndpoint} opened once the node has started. With the port at -1 every
 * method does nothing and no registry exists. Not thread-safe: configure, start and close from one thread (close
 * also from a shutdown hook).
 */
public final class NodeMetricsExport implements AutoCloseable {

    private final RaftwireConfig config;
    private final PrometheusMeterRegistry registry;
    private volatile MetricsEndpoint endpoint;

    private NodeMetricsExport(RaftwireConfig config, PrometheusMeterRegistry registry) {
        this.config = config;
        this.registry = registry;
    }

    /** The export {@code config} asks for: none when {@code raftwire.metrics.port} is -1. */
    public static NodeMetricsExport of(RaftwireConfig config) {
        return new NodeMetricsExport(config, config.get(ConfigKeys.METRICS_PORT) < 0 ? null
                : new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    /** Gives the builder the registry, if metrics are on; returns the builder. */
    public RaftwireNode.Builder configure(RaftwireNode.Builder builder) {
        return registry == null ? builder : builder.metrics(registry);
    }

    /** Gives the member's builder the registry, if metrics are on; returns the builder. */
    public RaftwireMember.Builder configure(RaftwireMember.Builder builder) {
        return registry == null ? builder : builder.metrics(registry);
    }

    /**
     * Opens the scrape endpoint for a started member built through {@link #configure}: each scrape refreshes every
     * group's meters.
     *
     * @throws java.io.UncheckedIOException naming the address if it cannot be bound
     */
    public void start(RaftwireMember member) {
        if (registry == null) {
            return;
        }
        endpoint = MetricsEndpoint.start(config, registry, member::refreshMetrics).orElse(null);
    }

    /**
     * Opens the scrape endpoint for a started node built through {@link #configure}.
     *
     * @throws java.io.UncheckedIOException naming the address if it cannot be bound
     */
    public void start(RaftwireNode node) {
        if (registry == null) {
            return;
        }
        Optional<NodeMetrics> meters = node.metrics();
        endpoint = MetricsEndpoint.start(config, registry, () -> meters.ifPresent(NodeMetrics::refresh)).orElse(null);
    }

    /** The scrape URL, once started with metrics on. */
    public Optional<String> url() {
        MetricsEndpoint e = endpoint;
        return e == null ? Optional.empty() : Optional.of(e.url());
    }

    /** The address the endpoint listens on, once started with metrics on. */
    public Optional<java.net.InetSocketAddress> address() {
        MetricsEndpoint e = endpoint;
        return e == null ? Optional.empty() : Optional.of(e.address());
    }

    /** Closes the endpoint; idempotent. */
    @Override
    public void close() {
        MetricsEndpoint e = endpoint;
        endpoint = null;
        if (e != null) {
            e.close();
        }
    }
}
