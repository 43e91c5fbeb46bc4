package io.raftwire.bench.cluster;

import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * The peers' workload end to end on the shipped KV node ({@link DurableKvNode}): three members in one JVM on loopback
 * ({@link LocalCluster}), one {@link KvClient} session with linearizable reads talking to the leader's client port.
 * A put is {@code KvPut(kNNNNNNN, <51-byte value>)}, the key and value of the peers' 64-byte command; a read is a
 * {@code KvGet}. Durable: each member's data directory ({@code FileRaftStore}) in a fresh temporary directory, fsync as
 * shipped; memory: no data directory (MicroRaft's {@code NopRaftStore}).
 */
final class KvEndToEnd implements ClusterUnderTest {

    /** The durable store's class; the durable mode needs it on the class path. */
    static final String STORE_CLASS = "io.raftwire.node.store.FileRaftStore";

    private final LocalCluster cluster;
    private final KvClient client;
    private final Path dataRoot;

    private KvEndToEnd(LocalCluster cluster, KvClient client, Path dataRoot) {
        this.cluster = cluster;
        this.client = client;
        this.dataRoot = dataRoot;
    }

    /** Whether the durable store is on the class path (the durable mode needs it). */
    static boolean durableAvailable() {
        try {
            Class.forName(STORE_CLASS, false, KvEndToEnd.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    /**
     * Starts three KV members with {@code serializer}, waits for a leader and opens a client session.
     *
     * @param durable       whether the members keep their Raft state in data directories (fsync as shipped)
     * @param sessionMillis the client's session timeout, or 0 for its default
     * @throws IllegalStateException if the durable store is missing, or no leader is agreed within {@code timeout}
     */
    static KvEndToEnd start(String serializer, boolean durable, long sessionMillis, Duration timeout)
            throws IOException {
        if (durable && !durableAvailable()) {
            throw new IllegalStateException("durable mode: " + STORE_CLASS + " is not on the class path (expected: a"
                    + " build that has the durable store)");
        }
        Path root = durable ? Files.createTempDirectory("raftwire-cluster-bench") : null;
        LocalCluster c = null;
        try {
            c = LocalCluster.start(3, RaftwireBase.config(serializer, "bench-kv"), root, DurableKvNode::node);
            c.awaitLeader(timeout);
            RaftwireClient.Builder b = RaftwireClient.builder(c.config(0), KvNodes.registry(), c.clientAddresses())
                    .readConsistency(ReadConsistency.LINEARIZABLE)
                    .operationTimeout(Duration.ofSeconds(Workloads.OP_TIMEOUT_SECONDS));
            if (sessionMillis > 0) {
                b.sessionTimeout(Duration.ofMillis(sessionMillis));
            }
            KvClient client = KvNodes.client(b);
            client.session().connect();
            return new KvEndToEnd(c, client, root);
        } catch (RuntimeException | Error e) {
            if (c != null) {
                c.close();
            }
            delete(root);
            throw e;
        }
    }

    @Override
    public CompletableFuture<?> putAsync(long seq) {
        return KvClientOps.put(client, PutCommands.put(seq));
    }

    @Override
    public void write(String key, String tag) throws Exception {
        KvClientOps.write(client, key, tag);
    }

    @Override
    public boolean reads() {
        return true;
    }

    @Override
    public byte[] read(String key) throws Exception {
        return KvClientOps.read(client, key);
    }

    @Override
    public Counters counters() {
        return NodeCounters.of(cluster.running());
    }

    /** Files under the data directories (0 in memory mode): proof that the durable store was used. */
    @Override
    public long dataFiles() {
        if (dataRoot == null) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dataRoot)) {
            return files.filter(Files::isRegularFile).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            cluster.close();
            delete(dataRoot);
        }
    }

    private static void delete(Path root) {
        if (root == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
