package io.raftwire.serializer.jdk;

import io.raftwire.serializer.AbstractSerializerProvider;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;

/**
 * The jdk provider (name {@code jdk}, id 3): JDK serialization ({@code ObjectOutputStream} and
 * {@code ObjectInputStream}), the baseline the other providers are measured against and a correctness oracle.
 *
 * <p><b>Format.</b> A payload is one standard Java serialization stream (magic {@code aced0005}) holding one
 * {@link Carrier}: the value and everything nested in it as records in pre-order, numbers in a {@code long[]} and
 * strings and arrays in an {@code Object[]} (layout in {@link Carrier}). Registered types are not
 * {@link java.io.Serializable}: the output stream's {@code replaceObject} writes the carrier in place of the value,
 * and the input stream's {@code resolveObject} builds the value back through the constructors, nested values first,
 * after checking every record's type id against the model expected where it stands. Kinds map as follows:
 * <ul>
 *   <li>LONG, INT, BOOLEAN and ENUM are words of the {@code long[]} (booleans as 0/1, enums as ordinal + 1 with 0 for
 *       null): one JDK primitive array for every number of the payload. Enum constant order is the catalog's wire
 *       contract; a JDK enum would put class and constant names into the payload;</li>
 *   <li>STRING, BYTES and LONGS are a presence word and the JDK's own {@code String}, {@code byte[]} or
 *       {@code long[]} among the references;</li>
 *   <li>VALUE and POLYMORPHIC are the nested value's record, whose type id (never a class name) says which
 *       registered type it is, or 0 for null;</li>
 *   <li>LIST and SET are a size word and their elements as above, sets in iteration order.</li>
 * </ul>
 * <p>Why one carrier per payload rather than one per value: the JDK stream then holds a handful of objects whatever
 * the value, so neither side recurses per nesting level (one carrier per value nested the stream, and
 * {@code ObjectOutputStream} overflowed a 1 MiB stack at 1000 levels), and a decode allocates little beyond the
 * values it builds (per value, the JDK allocates a filter record, a field-value holder and arrays: about 20 times the
 * payload size when not JIT-compiled).
 *
 * <p><b>Hostile input.</b> Every payload is read with an {@link java.io.ObjectInputFilter} allow-list
 * ({@link PayloadFilter}): the carrier's own classes ({@link StreamClasses}), and a registered type only as the value
 * {@code resolveObject} built from the registry's model. Class names outside the list are refused before any class is
 * loaded, declared lengths are checked against the bytes remaining before anything is allocated
 * ({@link PayloadFilter}, {@link PayloadInputStream}, {@link CarrierReader}), and no code named by a payload runs.
 * A JVM-wide filter factory ({@code jdk.serialFilterFactory}, JEP 415) must keep or merge the stream filter; a
 * decode during which the filter was never consulted fails.
 *
 * <p>Stateless; found through {@link java.util.ServiceLoader}.
 */
public final class JdkSerializerProvider extends AbstractSerializerProvider {

    /** The provider name used in configuration. */
    public static final String NAME = "jdk";
    /** The provider's wire id in frame headers. */
    public static final int ID = 3;
    /**
     * Version of the payload format: the carrier's class name, serialVersionUID and fields, and the kind mapping.
     * Bump it whenever the same registry would produce different bytes. 2: a {@code byte[]} or {@code long[]} that a
     * value holds in several places (two entries sharing one immutable operation, say) is written once per place
     * instead of once and then by handle, and a payload whose arrays add up to more bytes than itself is refused: one
     * array named by many handles was copied by every constructor that received it.
     */
    public static final int FORMAT_VERSION = 2;

    /** Public no-arg constructor for {@link java.util.ServiceLoader}. */
    public JdkSerializerProvider() {
        super(NAME, ID, FORMAT_VERSION);
    }

    /**
     * Builds the allow-list and the kind mapping for {@code registry}; the result is thread-safe.
     *
     * @param registry the types to support
     * @param options  limits (depth, elements); the pool settings are unused by this provider, which keeps no
     *                 per-thread buffers
     * @return the jdk serializer
     */
    @Override
    public Serializer create(TypeRegistry registry, SerializerOptions options) {
        return new JdkSerializer(this, registry, options);
    }
}
