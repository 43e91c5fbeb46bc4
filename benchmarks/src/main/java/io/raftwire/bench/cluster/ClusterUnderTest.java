package io.raftwire.bench.cluster;

import java.util.concurrent.CompletableFuture;

/**
 * A started 3-member cluster as the workloads see it: puts of {@link PutCommands} and, where the cluster answers
 * them, linearizable reads. Implementations: {@link IdealCluster}, {@link DirectCluster}, {@link KvEndToEnd}.
 *
 * <p>{@link #putAsync} and {@link #read} are called from one thread; futures may complete on any thread.
 */
interface ClusterUnderTest extends AutoCloseable {

    /** Sends the put of sequence number {@code seq}; completes when it is committed and applied on the leader. */
    CompletableFuture<?> putAsync(long seq);

    /** Writes {@code tag} to {@code key} and waits (bounded) for it to commit. */
    void write(String key, String tag) throws Exception;

    /** Whether {@link #read} is supported (only the KV node answers client reads). */
    boolean reads();

    /**
     * A linearizable read of {@code key}.
     *
     * @return the value, or {@code null} if the key is absent
     */
    byte[] read(String key) throws Exception;

    /**
     * Counters taken now, to subtract from a later call: named values (messages, bytes, encode time, drops...) the
     * report turns into per-commit figures; empty if the cluster has none.
     */
    Counters counters();

    /**
     * CPU time, in nanoseconds, that the cluster's processes other than this JVM have used so far (user and system,
     * every thread), to add to this JVM's: 0 when every member runs in this JVM.
     */
    default long outsideCpuNanos() {
        return 0;
    }

    /** Regular files under the members' data directories now (0 when they keep their Raft state in memory). */
    default long dataFiles() {
        return 0;
    }

    /** Stops every member; bounded. */
    @Override
    void close();
}
