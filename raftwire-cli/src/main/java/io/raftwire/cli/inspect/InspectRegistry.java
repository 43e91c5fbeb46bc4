package io.raftwire.cli.inspect;

import io.raftwire.node.KvNodes;
import io.raftwire.serializer.TypeRegistry;

/** The one place that says which types {@code raftwire inspect} can decode. */
public final class InspectRegistry {

    private InspectRegistry() {
    }

    /**
     * The types a raftwire node puts on the wire: the catalog, the Raft engine's model types and the shipped KV
     * store's types ({@link KvNodes#registry()}).
     */
    public static TypeRegistry registry() {
        return KvNodes.registry();
    }
}
