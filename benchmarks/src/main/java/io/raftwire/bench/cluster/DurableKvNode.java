package io.raftwire.bench.cluster;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.store.FileRaftStore;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.SerializerConfig;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The shipped KV node ({@link KvNodes#node}) with its Raft state in {@code raftwire.node.data-dir}: the same registry,
 * state machine and codecs, plus a {@link FileRaftStore} opened with its default options (real fsyncs, as shipped)
 * through the node's configured serializer, and the state restored from it. {@code KvNodes.node} does not open the
 * store from the data directory itself yet, so the benchmark does what a node will do. Stateless.
 */
final class DurableKvNode {

    private DurableKvNode() {
    }

    /**
     * A KV node, not started: durable when the configuration names a data directory, else exactly
     * {@link KvNodes#node}.
     *
     * @throws UncheckedIOException if the data directory cannot be opened
     */
    static RaftwireNode node(RaftwireConfig config) {
        String dir = config.get(ConfigKeys.NODE_DATA_DIR);
        if (dir.isEmpty()) {
            return KvNodes.node(config);
        }
        TypeRegistry registry = KvNodes.registry();
        FileRaftStore store;
        try {
            store = FileRaftStore.open(Path.of(dir), Serializers.create(config.get(ConfigKeys.SERIALIZER), registry,
                    SerializerConfig.options(config)), config.get(ConfigKeys.CLUSTER_ID));
        } catch (IOException e) {
            throw new UncheckedIOException("opening the data directory " + dir, e);
        }
        try {
            return RaftwireNode.builder(config, registry)
                    .stateMachine(new KvStateMachine(KvNodes.codecs(config, registry), System::currentTimeMillis))
                    .store(store, store.takeRestoredState().orElse(null), store)
                    .build();
        } catch (RuntimeException e) {
            try {
                store.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
