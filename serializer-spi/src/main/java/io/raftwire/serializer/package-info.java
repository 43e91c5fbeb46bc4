/**
 * The serializer SPI: what a provider implements and what it may rely on.
 *
 * <p><b>The contract.</b> A provider ({@link io.raftwire.serializer.SerializerProvider}, found by
 * {@link java.util.ServiceLoader}) turns a {@link io.raftwire.serializer.TypeRegistry} and
 * {@link io.raftwire.serializer.SerializerOptions} into a thread-safe {@link io.raftwire.serializer.Serializer};
 * extending {@link io.raftwire.serializer.AbstractSerializer} gives it the argument checks, the buffer rewind on
 * failure and the one exception type. What its {@code write} and {@code read} must do:
 * <ul>
 *   <li><b>No type names, no code from the payload.</b> The top-level type comes from the frame header; a
 *       polymorphic value carries its registry id, never a class name or a library id; nothing that is not in the
 *       registry is ever loaded or instantiated.</li>
 *   <li><b>Component order.</b> A value is its components in {@link io.raftwire.serializer.model.TypeModel#components()}
 *       order (constructor parameters, or fields superclass first and by name); that order, the kind mapping and the
 *       constants of every enum are the wire format, digested by the registry fingerprint.</li>
 *   <li><b>Null markers.</b> Every reference component has a null marker (an absent field, a 0 presence or count);
 *       a primitive has none. Collection elements, map keys and values and an {@code Optional}'s content are never
 *       null: a null one is refused at encode with
 *       {@link io.raftwire.serializer.model.Elements#nullElement the one message all providers give}.</li>
 *   <li><b>Bounds on every length.</b> Every declared length or count is checked with
 *       {@link io.raftwire.serializer.model.Bounds#checkCount} against the bytes (or units) actually left and
 *       {@code maxElements} before anything is allocated for it; a collection is sized with
 *       {@link io.raftwire.serializer.model.Bounds#initialCapacity}; nesting is checked with
 *       {@link io.raftwire.serializer.model.Bounds#checkDepth} on encode and decode; malformed input is reported by
 *       throwing {@link io.raftwire.serializer.model.MalformedPayloadException} with what was found and what was
 *       expected.</li>
 *   <li><b>Instantiation.</b> Values are built only by {@link io.raftwire.serializer.model.TypeModel#instantiate},
 *       which runs the constructor of a record or constructor-shaped class, or instantiates any other class through
 *       Objenesis without a constructor and sets its fields, then runs
 *       {@link io.raftwire.serializer.ValidatedAfterDecode} if the type implements it.</li>
 *   <li><b>Walked shapes.</b> Every component that is not {@linkplain io.raftwire.serializer.model.Component#walked()
 *       native} is written and read by {@link io.raftwire.serializer.model.ShapeCodec} through the provider's
 *       {@link io.raftwire.serializer.model.WireSink}/{@link io.raftwire.serializer.model.WireSource}.</li>
 * </ul>
 *
 * <p><b>What the contract suite checks</b> ({@code serializer-spi} test-jar, {@code SerializerContract}, run by a
 * subclass in each provider module): round trips to an equal value of the same class through heap and direct
 * buffers for every catalog type, edge case, user type and the 37-class legacy model; byte-exact golden files;
 * refusal of hostile declared lengths (native and walked) for the reason named, within a bounded allocation;
 * refusal of smuggled class names with no code run; unknown type ids; trailing bytes; depth beyond the limit on both
 * sides; payloads of values the constructor or check would refuse; null elements with one message; constructors not
 * run for field-by-field classes; a seeded mutation fuzz failing only with {@link
 * io.raftwire.serializer.SerializationException} and a bounded allocation; eight threads sharing one instance;
 * nested serialization from inside a constructor; and immutable decoded collections where the declared type is an
 * interface.
 */
package io.raftwire.serializer;
