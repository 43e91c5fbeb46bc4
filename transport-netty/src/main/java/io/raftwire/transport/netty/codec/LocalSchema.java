package io.raftwire.transport.netty.codec;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCodec;

/**
 * A node's own schema as the handshake uses it: {@link TypeRegistry#schema()} (tags from the registry's lock if it was
 * built with one, otherwise from {@code @WireTag}s and positions), its canonical {@link SchemaCodec} bytes and their
 * digest, computed once. Immutable and thread-safe.
 */
public final class LocalSchema {

    private final Schema schema;
    private final byte[] bytes;
    private final long digest;

    private LocalSchema(Schema schema) {
        this.schema = schema;
        this.bytes = SchemaCodec.write(schema);
        this.digest = Schema.sha256Prefix(bytes);
    }

    /**
     * Computes the schema of {@code registry}.
     *
     * @throws IllegalArgumentException if the registry's types have no schema ({@code @WireTag}s that cannot be tags)
     */
    public static LocalSchema of(TypeRegistry registry) {
        try {
            return new LocalSchema(registry.schema());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the type registry has no schema for the handshake: " + e.getMessage(),
                    e);
        }
    }

    /** A given schema (tests, tools). */
    public static LocalSchema of(Schema schema) {
        return new LocalSchema(java.util.Objects.requireNonNull(schema, "schema"));
    }

    /** The schema. */
    public Schema schema() {
        return schema;
    }

    /** Its digest, {@link Schema#digest()}: what the {@link SchemaMarker} carries. */
    public long digest() {
        return digest;
    }

    /** The length of its canonical bytes. */
    public int size() {
        return bytes.length;
    }

    /** Its canonical bytes: a copy. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The bytes without a copy, for the frame writer of this package, which only reads them. */
    byte[] sharedBytes() {
        return bytes;
    }
}
