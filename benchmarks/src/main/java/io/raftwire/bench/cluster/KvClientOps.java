package io.raftwire.bench.cluster;

import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvResult;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** The KV cluster benchmarks' operations through a {@link KvClient}, whichever layout runs the members. Stateless. */
final class KvClientOps {

    private KvClientOps() {
    }

    /** Puts the key and value {@code command} holds ({@link PutCommands}); fails if the put did not succeed. */
    static CompletableFuture<KvResult> put(KvClient client, byte[] command) {
        return client.put(PutCommands.keyOf(command), PutCommands.valueOf(command)).thenApply(r -> {
            if (!r.success()) {
                throw new IllegalStateException("put answered success=false (expected: true)");
            }
            return r;
        });
    }

    /** Puts {@code tag} under {@code key} and waits for it, at most {@link Workloads#OP_TIMEOUT_SECONDS}. */
    static void write(KvClient client, String key, String tag) throws Exception {
        put(client, PutCommands.put(key, tag)).get(Workloads.OP_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    }

    /** The value of {@code key}, read linearizably, waiting at most {@link Workloads#OP_TIMEOUT_SECONDS}. */
    static byte[] read(KvClient client, String key) throws Exception {
        try {
            return client.get(key).get(Workloads.OP_TIMEOUT_SECONDS, TimeUnit.SECONDS).value();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception c ? c : e;
        }
    }
}
