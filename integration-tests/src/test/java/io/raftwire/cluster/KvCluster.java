package io.raftwire.cluster;

import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.StateCheck;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** A loopback KV cluster for tests: the shipped node ({@link KvNodes}), short timers, clients, state digests. */
final class KvCluster implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);

    final LocalCluster cluster;
    final Map<String, String> base;

    private KvCluster(LocalCluster cluster, Map<String, String> base) {
        this.cluster = cluster;
        this.base = base;
    }

    static Map<String, String> base(String serializer) {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.serializer", serializer);
        base.put("raftwire.tls.enabled", "false"); // loopback tests run plaintext on purpose
        base.put("raftwire.security.plaintext-admin", "true"); // and change membership over it
        base.put("raftwire.cluster.id", "it-kv");
        base.put("raftwire.raft.election-timeout-ms", "300");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        base.put("raftwire.transport.reconnect-initial-backoff-ms", "20");
        base.put("raftwire.transport.reconnect-max-backoff-ms", "200");
        return base;
    }

    static KvCluster start(int size, String serializer) {
        return start(size, size, base(serializer), null);
    }

    static KvCluster start(int size, int initial, Map<String, String> base, Path dataRoot) {
        return new KvCluster(LocalCluster.start(size, initial, base, dataRoot, KvNodes::node), base);
    }

    KvClient client() {
        return client(ReadConsistency.LINEARIZABLE, Duration.ofSeconds(5));
    }

    KvClient client(ReadConsistency consistency, Duration sessionTimeout) {
        RaftwireClient.Builder b = RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                cluster.clientAddresses()).readConsistency(consistency).sessionTimeout(sessionTimeout)
                .operationTimeout(WAIT);
        KvClient client = KvNodes.client(b);
        client.session().connect();
        return client;
    }

    int awaitLeader() {
        return cluster.awaitLeader(WAIT);
    }

    /** Every running member's state digest, all taken at one common applied log index. */
    Map<String, Long> digests() throws Exception {
        awaitLeader();
        Map<String, Long> digests = new TreeMap<>();
        StateCheck.atOneIndex(cluster.running(), WAIT).forEach((id, s) -> digests.put(id, s.digest()));
        return digests;
    }

    @Override
    public void close() {
        cluster.close();
    }
}
