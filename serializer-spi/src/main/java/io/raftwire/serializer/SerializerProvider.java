package io.raftwire.serializer;

/**
 * The service interface by which {@link java.util.ServiceLoader} finds serializers. A provider module ships one
 * implementation and one {@code META-INF/services/io.raftwire.serializer.SerializerProvider} entry naming it;
 * nothing else in raftwire changes when a provider is added.
 *
 * <p>Implementations must have a public no-arg constructor, be cheap to construct (no library work before
 * {@link #create}), and be stateless.
 */
public interface SerializerProvider {

    /** Unique lower-case name used in configuration, for example {@code kryo}. */
    String name();

    /** Unique one-byte wire id, 1..127, written in every frame header. Never reused for another format. */
    int id();

    /**
     * The version of this provider's payload format. Bumped whenever the same registry would produce different
     * bytes (a library major upgrade, a changed setting); part of {@link Serializer#fingerprint()}.
     */
    int formatVersion();

    /**
     * Builds a serializer for the given types. All per-type preparation (schemas, registrations) happens here,
     * once; the returned instance is thread-safe.
     *
     * @param registry the types to support, with their wire ids
     * @param options  limits and pooling settings
     * @return a ready serializer
     * @throws SerializationException if a registered type cannot be handled by this provider
     */
    Serializer create(TypeRegistry registry, SerializerOptions options);
}
