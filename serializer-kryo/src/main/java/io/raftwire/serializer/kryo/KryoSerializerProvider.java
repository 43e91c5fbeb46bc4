package io.raftwire.serializer.kryo;

import io.raftwire.serializer.AbstractSerializerProvider;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;

/**
 * The Kryo 5 provider: name {@value #NAME}, wire id {@value #ID}.
 *
 * <p>Every registered type is registered with Kryo ({@code registrationRequired}, references off) under the Kryo id
 * {@code registry id + }{@value KryoSchema#KRYO_ID_OFFSET} (Kryo keeps 0..8 for its primitives and {@code String};
 * the offset leaves it 0..15), with one generic {@link com.esotericsoftware.kryo.Serializer} per
 * {@link io.raftwire.serializer.model.TypeModel} that walks the components with Kryo's {@code Output}/{@code Input}
 * primitives and decodes through the type's constructor. Kryo never writes or reads a class, neither by id nor by
 * name: the top-level type comes from the frame header, polymorphic values carry the registry id written by this
 * provider, and the Kryo instances use a class resolver that refuses to read a class at all (the by-name marker makes
 * Kryo 5.6.2 parse and load a class name before checking registration, see {@code docs/library-behaviour.md} §1
 * K2b).
 *
 * <p><b>Payload layout.</b> A value is its components in constructor order, nothing before or after. "varint" is
 * Kryo's {@code writeVarInt(v, true)} (1..5 bytes, 7 bits per byte, small non-negative values short) and "varlong" its
 * {@code writeVarLong(v, true)} (1..9 bytes). Lengths and counts carry {@code n + 1} so that 0 can mean null; they are
 * read as unsigned 32-bit numbers and checked against the bytes remaining and {@code maxElements} before anything is
 * allocated.
 * <table>
 *   <caption>Kinds</caption>
 *   <tr><th>kind</th><th>bytes</th><th>why</th></tr>
 *   <tr><td>LONG</td><td>varlong</td><td>terms, indexes, sessions and timestamps are validated {@code >= 0}: small
 *       ones take 1-3 bytes, an epoch-millisecond timestamp 6; a negative value costs 9 (zig-zag would cost positive
 *       values one bit each)</td></tr>
 *   <tr><td>INT</td><td>varint</td><td>same reasoning</td></tr>
 *   <tr><td>BOOLEAN</td><td>one byte, 0 or 1; any other byte is refused</td><td>Kryo's {@code readBoolean} would
 *       take any non-1 byte as false</td></tr>
 *   <tr><td>STRING</td><td>varint (UTF-8 byte length + 1, 0 = null), then standard UTF-8 (a string with an unpaired
 *       surrogate, which UTF-8 cannot carry, is refused at encode: {@code Utf16})</td><td>Kryo's own string
 *       reader allocates a {@code char[]} of the declared length unchecked and keeps stale characters for invalid
 *       bytes; this format is bounded before allocation, decodes straight from the buffer with the JDK's UTF-8
 *       decoder, and is encoded without allocating</td></tr>
 *   <tr><td>BYTES</td><td>varint (length + 1, 0 = null), then the bytes</td><td>one bulk copy each way</td></tr>
 *   <tr><td>LONGS</td><td>varint (count + 1, 0 = null), then one varlong per element; the decoder first checks that
 *       {@code count} complete varlongs follow</td><td>session ids and sequences are small and non-negative</td></tr>
 *   <tr><td>ENUM</td><td>varint (ordinal + 1, 0 = null); an unknown ordinal is refused</td><td>one byte for any enum
 *       of up to 126 constants</td></tr>
 *   <tr><td>VALUE</td><td>presence byte (0 = null, 1 = present, anything else refused), then the value's
 *       components</td><td>the type is fixed by the declaration, so no id</td></tr>
 *   <tr><td>POLYMORPHIC</td><td>varint registry type id (0 = null), then the value's components; the id must be
 *       registered and assignable to the declared type</td><td>never a class name or a Kryo class id</td></tr>
 *   <tr><td>LIST, SET</td><td>varint (count + 1, 0 = null), then each element: STRING, ENUM and POLYMORPHIC
 *       elements as above (their null marker is refused), VALUE elements without the presence byte; a set in
 *       iteration order, duplicates refused</td><td>elements are never null</td></tr>
 * </table>
 * Nesting deeper than {@code maxDepth} (the top-level value is depth 1; each VALUE, POLYMORPHIC or element value one
 * more) is refused on encode and decode.
 *
 * <p>Stateless; {@link #create} builds a thread-safe serializer that keeps one Kryo, one {@code Output} and one
 * {@code Input} per thread.
 */
public final class KryoSerializerProvider extends AbstractSerializerProvider {

    /** The provider name used in configuration. */
    public static final String NAME = "kryo";
    /** The provider's wire id in the frame header. */
    public static final int ID = 1;
    /** The payload format version described in the class comment; part of the serializer fingerprint. */
    public static final int FORMAT_VERSION = 1;

    /** Called by {@link java.util.ServiceLoader}; does no Kryo work. */
    public KryoSerializerProvider() {
        super(NAME, ID, FORMAT_VERSION);
    }

    @Override
    public Serializer create(TypeRegistry registry, SerializerOptions options) {
        return new KryoSerializer(this, registry, options);
    }
}
