package io.raftwire.serializer.contract.legacy;

/** A node id; the constructor parameter is not named like the inherited field. */
public final class NodeId extends Id<String> {

    private static final long serialVersionUID = 1L;

    public NodeId(String name) {
        super(name);
    }

    public static NodeId of(String name) {
        return new NodeId(name);
    }
}
