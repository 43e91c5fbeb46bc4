package io.raftwire.serializer.fory;

import io.raftwire.serializer.AbstractSerializerProvider;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;

/**
 * The Apache Fory 1.6 provider: name {@value #NAME}, wire id {@value #ID}.
 *
 * <p><b>What comes from Fory.</b> Each thread gets its own {@code org.apache.fory.Fory}, built in Java mode with
 * class registration required, reference tracking off, compatible mode off ({@code SCHEMA_CONSISTENT}), Fory's own
 * code generation off and its depth limit set to ours. Every registered type is registered with it
 * under its <em>raftwire</em> type id, together with one Fory {@code Serializer} per type derived from the
 * {@link io.raftwire.serializer.model.TypeModel} ({@link ModelSerializer}); the bytes are written and read with
 * Fory's {@code MemoryBuffer} varint and fixed-width primitives, through Fory's {@code WriteContext}/{@code
 * ReadContext}, which carry the nesting depth. A heap payload is read in place and a direct one through its memory
 * address ({@code MemoryBuffer.fromByteBuffer}), so decoding never copies a frame that is one contiguous region.
 *
 * <p><b>What does not.</b> Fory's root header, its reference flags and its type info (an id, or a class and package
 * name for types registered by name) are never written or read: the top-level type comes from the frame header, and
 * a polymorphic value carries the raftwire registry id, checked against the registry and the declared type before
 * anything is built. So no payload can name a class for Fory to resolve at all, and registration-required is a second
 * line, not the first: with it, Fory 1.6.0's own reader still parses a class name from the bytes before refusing it,
 * and admits the JDK classes of its built-in allow-list unregistered ({@code ForyClassNamesTest}). Fory's generated serializers, which set fields through {@code Unsafe} and skip constructors,
 * are not used: every value is built through its constructor (by the type's generated code, or on the walk through
 * {@link io.raftwire.serializer.model.TypeModel#instantiate}), so a decoded
 * message passed its own constructor's checks (or, for a class built field by field, its
 * {@link io.raftwire.serializer.ValidatedAfterDecode} check), exactly as with the other providers. Fory's own string,
 * array and collection formats are not used either: they check a declared length against the bytes present, but know
 * neither {@code maxElements} nor the field to name in a refusal, and have no null marker of their own; every length
 * here is checked with {@link io.raftwire.serializer.model.Bounds} first.
 *
 * <p><b>Payload layout.</b> A value is its components in constructor order, nothing before or after. "varuint32" and
 * "varuint64" are Fory's {@code writeVarUInt32} (1..5 bytes, 7 bits per byte, little-endian groups) and
 * {@code writeVarUInt64} (1..9 bytes, the ninth holding 8 bits). Lengths and counts carry {@code n + 1} so that 0 can
 * mean null; they are checked against the bytes remaining and {@code maxElements} before anything is allocated.
 * <table>
 *   <caption>Kinds</caption>
 *   <tr><th>kind</th><th>bytes</th></tr>
 *   <tr><td>LONG</td><td>varuint64 (terms, indexes and ids are non-negative; a negative value costs 9 bytes)</td></tr>
 *   <tr><td>INT</td><td>varuint32</td></tr>
 *   <tr><td>BOOLEAN</td><td>one byte, 0 or 1; any other byte is refused</td></tr>
 *   <tr><td>STRING</td><td>varuint32 (UTF-8 byte length + 1, 0 = null), then standard UTF-8 (a string with an
 *       unpaired surrogate, which UTF-8 cannot carry, is refused at encode: {@code Utf16})</td></tr>
 *   <tr><td>BYTES</td><td>varuint32 (length + 1, 0 = null), then the bytes</td></tr>
 *   <tr><td>LONGS</td><td>varuint32 (count + 1, 0 = null), then one varuint64 per element; the decoder first checks
 *       that {@code count} complete varints follow</td></tr>
 *   <tr><td>ENUM</td><td>varuint32 (ordinal + 1, 0 = null); an unknown ordinal is refused</td></tr>
 *   <tr><td>VALUE</td><td>presence byte (0 = null, 1 = present, anything else refused), then the value's
 *       components</td></tr>
 *   <tr><td>POLYMORPHIC</td><td>varuint32 raftwire registry type id (0 = null), then the value's components; the id
 *       must be registered and assignable to the declared type</td></tr>
 *   <tr><td>LIST, SET</td><td>varuint32 (count + 1, 0 = null), then each element: STRING, ENUM and POLYMORPHIC
 *       elements as above (their null marker is refused), VALUE elements without the presence byte; a set in
 *       iteration order, duplicates refused</td></tr>
 * </table>
 * Every other shape is walked by {@link io.raftwire.serializer.model.ShapeCodec}, whose tokens map to Fory's
 * zig-zag {@code writeVarInt64}, little-endian {@code writeInt32}/{@code writeInt64}, and the string, byte-array and
 * value formats above ({@link ForyWire}). Nesting deeper than {@code maxDepth} (the top-level value is depth 1) is
 * refused on encode and decode.
 *
 * <p><b>JDK 17 and later.</b> Fory reaches {@code sun.misc.Unsafe} (module {@code jdk.unsupported}, open by default)
 * and nothing else on the paths this provider uses, so no {@code --add-opens} is needed; the test suite runs without
 * any. On JDK 24 and later the JVM warns once on stderr that {@code sun.misc.Unsafe} was called (silenced by
 * {@code --sun-misc-unsafe-memory-access=allow}).
 *
 * <p>Stateless; {@link #create} builds a thread-safe serializer that keeps one Fory and its buffers per thread.
 */
public final class ForySerializerProvider extends AbstractSerializerProvider {

    /** The provider name used in configuration. */
    public static final String NAME = "fory";
    /** The provider's wire id in the frame header. */
    public static final int ID = 4;
    /** The payload format version described in the class comment; part of the serializer fingerprint. */
    public static final int FORMAT_VERSION = 1;

    /** Called by {@link java.util.ServiceLoader}; does no Fory work. */
    public ForySerializerProvider() {
        super(NAME, ID, FORMAT_VERSION);
    }

    @Override
    public Serializer create(TypeRegistry registry, SerializerOptions options) {
        return new ForySerializer(this, registry, options);
    }
}
