package io.raftwire.bench.cluster;

import io.raftwire.node.KvNodes;
import io.raftwire.serializer.TypeRegistry;

/**
 * The wire ids of the direct raftwire cluster's own types, registered beside the engine's and the KV store's
 * ({@link KvNodes#registry(java.util.function.Consumer)}); outside the KV store's 1100..1149.
 */
final class BenchTypes {

    /** {@link BenchPut}. */
    static final int PUT = 1200;
    /** {@link MapEntry}. */
    static final int ENTRY = 1201;
    /** {@link MapChunk}. */
    static final int CHUNK = 1202;

    private BenchTypes() {
    }

    /** The shipped node's registry plus these types. */
    static TypeRegistry registry() {
        return KvNodes.registry(b -> b.register(PUT, BenchPut.class).register(ENTRY, MapEntry.class)
                .register(CHUNK, MapChunk.class));
    }
}
