package io.raftwire.transport.netty.testkit;

import io.raftwire.serializer.TypeRegistry;

/** The registries tests use: the catalog plus {@link Echo} and {@link Blob}, optionally one more type. */
public final class TestTypes {

    /** Wire id of {@link Echo}. */
    public static final int ECHO_ID = 1024;
    /** Wire id of {@link Blob}. */
    public static final int BLOB_ID = 1025;
    /** Wire id of {@link Extra}. */
    public static final int EXTRA_ID = 1026;

    private static final TypeRegistry REGISTRY = TypeRegistry.builder().register(ECHO_ID, Echo.class)
            .register(BLOB_ID, Blob.class).build();

    private TestTypes() {
    }

    /** The catalog, {@link Echo} and {@link Blob}. */
    public static TypeRegistry registry() {
        return REGISTRY;
    }

    /** {@link #registry()} plus {@link Extra}: a node with a different fingerprint. */
    public static TypeRegistry registryWithExtra() {
        return TypeRegistry.builder().register(ECHO_ID, Echo.class).register(BLOB_ID, Blob.class)
                .register(EXTRA_ID, Extra.class).build();
    }

    /**
     * A type only some test nodes register.
     *
     * @param value anything
     */
    public record Extra(long value) {
    }
}
