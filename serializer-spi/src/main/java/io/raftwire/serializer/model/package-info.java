/**
 * The type model: the one description of every registered type that every provider maps, and the decisions all
 * providers share.
 *
 * <p><b>Types.</b> {@link io.raftwire.serializer.model.TypeModels#build} derives a
 * {@link io.raftwire.serializer.model.TypeModel} per registered class and links them, reporting every problem of
 * every class at once. A class goes <em>through its constructor</em> (records; final classes with one public
 * constructor whose parameters are exactly their final non-transient fields and which {@code ConstructorCheck} shows
 * to store them unchanged; a constructor marked {@link io.raftwire.serializer.DecodeThrough}) or <em>field by field</em> (any other concrete
 * class; instantiated through Objenesis, constructors not run). Either way every non-transient instance field is a
 * {@link io.raftwire.serializer.model.Component}, or the class is refused naming it.
 *
 * <p><b>Shapes.</b> A component's declared type is a {@link io.raftwire.serializer.model.Shape}, a tree of
 * {@link io.raftwire.serializer.model.Kind}s:
 * <table>
 *   <caption>Declared types per kind</caption>
 *   <tr><th>kind</th><th>declared Java types</th></tr>
 *   <tr><td>BOOLEAN, BYTE, SHORT, CHAR, INT, LONG, FLOAT, DOUBLE</td><td>the primitive (never null) or its box
 *       (nullable)</td></tr>
 *   <tr><td>STRING, BYTES, LONGS, ARRAY</td><td>{@code String}, {@code byte[]}, {@code long[]}, the other primitive
 *       arrays</td></tr>
 *   <tr><td>UUID, INSTANT, DURATION, LOCAL_DATE, LOCAL_TIME, LOCAL_DATE_TIME, BIG_INTEGER, BIG_DECIMAL</td>
 *       <td>those classes</td></tr>
 *   <tr><td>ATOMIC_LONG, ATOMIC_INTEGER, ATOMIC_BOOLEAN, DATE</td><td>those classes ({@code java.util.Date}
 *       exactly)</td></tr>
 *   <tr><td>NUMBER, CHAR_SEQUENCE</td><td>{@code Number} (the value's class travels as a tag),
 *       {@code CharSequence} (a {@code String} only)</td></tr>
 *   <tr><td>OBJECT_ARRAY</td><td>an array of any other supported type: {@code String[]}, {@code Object[]},
 *       {@code long[][]}, ...</td></tr>
 *   <tr><td>ENUM</td><td>an enum, by ordinal: constant order is the wire format</td></tr>
 *   <tr><td>VALUE</td><td>a registered final class or record; no type id on the wire</td></tr>
 *   <tr><td>POLYMORPHIC</td><td>{@code Object}, an interface (sealed or not), an abstract or non-final class; the
 *       value's registered type id travels with it, and only registered types assignable to the declaration are
 *       accepted</td></tr>
 *   <tr><td>OPTIONAL</td><td>{@code Optional<T>}</td></tr>
 *   <tr><td>LIST, SET, MAP</td><td>{@code List}, {@code Collection}, {@code ArrayList}, {@code LinkedList};
 *       {@code Set}, {@code HashSet}, {@code LinkedHashSet}, {@code SortedSet}, {@code NavigableSet},
 *       {@code TreeSet}; {@code Map}, {@code HashMap}, {@code LinkedHashMap}, {@code SortedMap},
 *       {@code NavigableMap}, {@code TreeMap}; the enum and concurrent ones ({@link
 *       io.raftwire.serializer.model.JdkTypes}); of any supported type, nested to any depth
 *       ({@link io.raftwire.serializer.model.Container} says what each decodes into)</td></tr>
 * </table>
 *
 * <p>{@link io.raftwire.serializer.model.JdkTypes} is the one table of the supported JDK types, their layouts and the
 * refusals with their reasons; registration takes its decisions from it and serializer-spi's README renders it.
 *
 * <p><b>Native and walked.</b> The shapes raftwire supported first ({@code long}, {@code int}, {@code boolean},
 * {@code String}, {@code byte[]}, {@code long[]}, enums, registered and polymorphic values, and {@code List<E>}/
 * {@code Set<E>} of strings, enums or registered values) are <em>native</em>: each provider writes them in its own
 * documented layout, kept byte for byte by the golden files. Every other shape is <em>walked</em>:
 * {@link io.raftwire.serializer.model.ShapeCodec} is the one place that says how it is written, as six primitive
 * writes ({@link io.raftwire.serializer.model.WireSink}) that each provider maps to its library.
 *
 * <p><b>Shared decisions.</b> {@link io.raftwire.serializer.model.Bounds} (every length, depth and ordinal),
 * {@link io.raftwire.serializer.model.Elements} (walking by index, null elements, repeated set elements and map keys),
 * {@link io.raftwire.serializer.model.Container} (sizing and finishing decoded collections) and
 * {@link io.raftwire.serializer.model.Shape#subtypeOf} (a value of an unregistered type) are used by every provider,
 * so their messages are the same everywhere.
 *
 * <p>Everything here is immutable and thread-safe once built, except the per-call sinks and sources.
 */
package io.raftwire.serializer.model;
