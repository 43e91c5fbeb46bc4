package io.raftwire.serializer.protostuff;

import io.raftwire.serializer.AbstractSerializerProvider;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;

/**
 * The protostuff provider ({@value #NAME}, id {@value #ID}): payloads in protostuff's wire format (protobuf tags and
 * varints, nested messages as groups), written by protostuff's own {@code ProtostuffOutput} through one
 * {@code io.protostuff.Schema} per registered type, derived from its {@link io.raftwire.serializer.model.TypeModel}.
 * No {@code RuntimeSchema}: in protostuff 1.8.0 it bypasses constructors, turns empty lists into null, writes class
 * names for polymorphic values and cannot handle records (measured: docs/library-behaviour.md §2, R1–R4).
 *
 * <p><b>Fields.</b> Component {@code i} of a type is field {@code i + 1}, written in component order. Field numbers
 * are therefore a wire contract, pinned by the golden files: reordering, adding or removing a component changes the
 * bytes (and the registry fingerprint, which nodes compare at handshake).
 *
 * <table>
 *   <caption>How each kind is written</caption>
 *   <tr><th>kind</th><th>protostuff encoding</th><th>why</th></tr>
 *   <tr><td>LONG, INT</td><td>{@code int64}, {@code int32} varint, always written</td>
 *       <td>terms, indexes and ids are small and non-negative, and varints keep them to a few bytes; a negative
       value takes 10</td></tr>
 *   <tr><td>BOOLEAN</td><td>{@code bool} (one byte), always written</td><td>0 and 1 only are accepted</td></tr>
 *   <tr><td>STRING</td><td>UTF-8, length-delimited</td><td>protobuf's string</td></tr>
 *   <tr><td>BYTES</td><td>length-delimited</td><td>protobuf's bytes; large arrays go straight to the buffer</td></tr>
 *   <tr><td>LONGS</td><td>packed repeated {@code int64}: byte length, then varints</td>
 *       <td>protobuf's packed encoding; one tag per array, not per element</td></tr>
 *   <tr><td>ENUM</td><td>ordinal as an {@code enum} varint</td><td>constant order is part of the format</td></tr>
 *   <tr><td>VALUE</td><td>a group holding the value's own fields</td>
 *       <td>protostuff's nested messages: no length prefix to precompute</td></tr>
 *   <tr><td>POLYMORPHIC</td><td>the value's registry type id ({@code uint32}), then the value as a group, both
 *       under the component's field number</td>
 *       <td>the equivalent of a wrapper message {id, value}, one byte shorter; never a class name, and the id must
 *       be a registered implementation of the declared type</td></tr>
 *   <tr><td>LIST, SET</td><td>the element count ({@code uint32}), then each element as above, all under the
 *       component's field number; sets in iteration order</td>
 *       <td>the count makes an empty collection present (it stays empty, never null) and sizes a list
 *       exactly</td></tr>
 * </table>
 *
 * <p><b>Absence.</b> A null reference component is simply not written; a missing field decodes as null and the
 * constructor decides whether that is allowed. LONG, INT and BOOLEAN are always present; a payload without one is
 * refused. <b>Unknown fields are refused</b> too, as are fields out of order or repeated: bytes written with another
 * schema are read by a {@link ProtostuffResolvingDecoder} instead ({@link Serializer#decoderFor}), which skips the
 * fields the writer's schema says the reader lacks, so an unexpected field here can only be corruption or an
 * attack.
 *
 * <p><b>Hostile input.</b> Decoding goes through {@code ByteBufInput}, not protostuff's inputs (whose
 * {@code ByteArrayInput} allocates a declared 2^31-1 byte length, docs/library-behaviour.md §2 P2): every
 * length and count is checked against the bytes remaining and {@link SerializerOptions#maxElements()} before
 * anything is allocated, nesting against {@link SerializerOptions#maxDepth()} on both encode and decode, enum
 * ordinals and type ids against what is registered.
 *
 * <p>Stateless; {@link #create} builds every schema once and returns a thread-safe serializer.
 */
public final class ProtostuffSerializerProvider extends AbstractSerializerProvider {

    /** The provider name used in configuration. */
    public static final String NAME = "protostuff";
    /** The wire id in frame headers. */
    public static final int ID = 2;
    /** Version of the payload format described above; bump it whenever the same registry would give other bytes. */
    public static final int FORMAT_VERSION = 1;

    /** For {@link java.util.ServiceLoader}. */
    public ProtostuffSerializerProvider() {
        super(NAME, ID, FORMAT_VERSION);
    }

    /**
     * Builds one schema per registered type and returns a serializer shared by every thread.
     *
     * @param registry the types to support
     * @param options  limits and buffer sizes
     * @return a thread-safe serializer
     */
    @Override
    public Serializer create(TypeRegistry registry, SerializerOptions options) {
        return new ProtostuffSerializer(this, registry, options);
    }
}
