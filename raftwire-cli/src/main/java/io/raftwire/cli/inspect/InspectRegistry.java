package io.raftwire.cli.inspect;

import io.raftwire.node.model.EngineType;
import io.raftwire.serializer.TypeRegistry;

/** The one place that says which types {@code raftwire inspect} can decode. */
public final class InspectRegistry {

    private InspectRegistry() {
    }

    /**
     * The types a raftwire node puts on the wire: the catalog and the Raft engine's model types. When the node's
     * state machine registers types of its own, register them here too, so that inspect decodes what a node sends.
     */
    public static TypeRegistry registry() {
        return EngineType.registerAll(TypeRegistry.builder()).build();
    }
}
