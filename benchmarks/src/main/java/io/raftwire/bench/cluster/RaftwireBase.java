package io.raftwire.bench.cluster;

import io.raftwire.config.ConfigKeys;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The configuration every member of a raftwire cluster in the benchmark shares: the serializer and a cluster id;
 * everything else as shipped (engine timings, transport limits, flush coalescing, NIO). {@code LocalCluster} adds
 * ids, loopback addresses and data directories. Plaintext, as the peers run. A JVM system property named
 * {@code raftwire.*} overrides or adds that key (for example {@code jvm-args=-Draftwire.transport.native=epoll}), so a
 * run can compare one setting against the shipped one; the benchmark sets none itself.
 */
final class RaftwireBase {

    private RaftwireBase() {
    }

    static Map<String, String> config(String serializer, String clusterId) {
        Map<String, String> base = new LinkedHashMap<>();
        base.put(ConfigKeys.SERIALIZER.name(), serializer);
        base.put(ConfigKeys.CLUSTER_ID.name(), clusterId);
        // loopback, like the peers' benchmark: plaintext (TransportLatency tls=on measures what mutual TLS adds)
        base.put(ConfigKeys.TLS_ENABLED.name(), "false");
        for (String key : System.getProperties().stringPropertyNames()) {
            if (key.startsWith("raftwire.")) {
                base.put(key, System.getProperty(key));
            }
        }
        return base;
    }
}
