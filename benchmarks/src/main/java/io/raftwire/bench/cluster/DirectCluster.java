package io.raftwire.bench.cluster;

import io.microraft.RaftNode;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.serializer.TypeRegistry;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * raftwire with durability off, measured like the ideal: three {@link RaftwireNode}s in one JVM on loopback sockets
 * ({@link LocalCluster}), MicroRaft's {@code NopRaftStore} (the node's default without a data directory), a
 * {@link CommandMap} per node, and puts by calling the leader's {@code replicate} directly. The only differences from
 * {@link IdealCluster} are the transport and serialization, and raftwire's message models.
 */
final class DirectCluster implements ClusterUnderTest {

    private final LocalCluster cluster;
    private final RaftNode leader;

    private DirectCluster(LocalCluster cluster, RaftNode leader) {
        this.cluster = cluster;
        this.leader = leader;
    }

    /**
     * Starts three members with {@code serializer} and waits for a leader.
     *
     * @throws IllegalStateException if no leader is agreed within {@code timeout}
     */
    static DirectCluster start(String serializer, Duration timeout) {
        TypeRegistry registry = BenchTypes.registry();
        LocalCluster c = LocalCluster.start(3, RaftwireBase.config(serializer, "bench-direct"), null,
                config -> RaftwireNode.builder(config, registry).stateMachine(new CommandMap()).build());
        try {
            return new DirectCluster(c, c.node(c.awaitLeader(timeout)).raftNode());
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    @Override
    public CompletableFuture<?> putAsync(long seq) {
        return leader.replicate(new BenchPut(PutCommands.put(seq)));
    }

    @Override
    public void write(String key, String tag) throws Exception {
        leader.replicate(new BenchPut(PutCommands.put(key, tag))).get(Workloads.OP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    @Override
    public boolean reads() {
        return false;
    }

    @Override
    public byte[] read(String key) {
        throw new UnsupportedOperationException("the direct cluster answers no client reads (expected: puts only)");
    }

    @Override
    public Counters counters() {
        return NodeCounters.of(cluster.running());
    }

    @Override
    public void close() {
        cluster.close();
    }
}
