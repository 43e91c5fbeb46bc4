package io.raftwire.serializer;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.schema.Schema;

/**
 * Turns registered values into payload bytes and back, for one serialization library.
 *
 * <p>A payload carries no type information of its own: the caller keeps the type id (the transport writes it in
 * the frame header, see {@link TypeRegistry}) and hands it back to {@link #decode}. Values are any type the
 * {@link #registry() registry} knows, at the top level or nested.
 *
 * <p><b>Threading.</b> One instance is meant to be shared by every thread of a node (event loops, callers).
 * Implementations are thread-safe and keep their reusable state (library instances, buffers) per thread, so that a
 * steady-state {@link #encode} allocates nothing.
 *
 * <p><b>Buffers.</b> Neither method takes ownership of a {@link ByteBuf}: the caller allocates, and releases, both
 * the buffer it encodes into and the payload it decodes from.
 */
public interface Serializer {

    /** The provider's name, for example {@code kryo}; lower case, stable, used in configuration. */
    String name();

    /** The provider's one-byte wire id (1..127); travels in every frame header. */
    int id();

    /** The types this instance can encode and decode, with their stable ids. */
    TypeRegistry registry();

    /**
     * A 64-bit digest of everything two nodes must agree on to exchange payloads with this serializer: the
     * provider id, its wire format version and the {@link TypeRegistry#fingerprint() registry fingerprint}.
     */
    long fingerprint();

    /**
     * Appends the payload of {@code value} to {@code out}, advancing its writer index. On failure nothing is
     * appended: the writer index is where it was.
     *
     * @param value a non-null value of a registered type
     * @param out   the buffer to write into; the caller keeps ownership
     * @return the number of payload bytes written
     * @throws SerializationException if the value's type is not registered, or the value cannot be encoded within
     *                                the configured limits
     */
    int encode(Object value, ByteBuf out);

    /**
     * Decodes one value of the given type from all readable bytes of {@code payload}, advancing its reader index
     * to the end. Every declared length is checked against the bytes present before anything is allocated, and the
     * value is built through its constructor, so a decoded value always satisfies the type's own invariants.
     *
     * @param typeId  the registered type id the sender declared (from the frame header)
     * @param payload the payload bytes, exactly one value; the caller keeps ownership
     * @return the decoded value, never {@code null}
     * @throws SerializationException for any malformed, truncated, oversized or unknown input; never another
     *                                exception type, and never an {@link Error} caused by the input
     */
    Object decode(int typeId, ByteBuf payload);

    /**
     * A decoder of payloads written at another schema of these types (docs/upgrades.md §2.5): a resolving decoder
     * built once, which the caller keeps and reuses. Equal schemas give this serializer's own {@link #decode}.
     *
     * @param writer the schema the payloads were written at
     * @throws IllegalArgumentException listing every problem, if this process's types cannot read that schema's
     * @throws UnsupportedOperationException if this provider has no resolving decoder
     */
    default PayloadDecoder decoderFor(Schema writer) {
        throw new UnsupportedOperationException(name() + " has no resolving decoder");
    }

    /**
     * An encoder that writes this process's values at another schema of these types, for a reader at that schema
     * (docs/upgrades.md §2.5): a down-level encoder built once, which the caller keeps and reuses. Equal schemas give
     * this serializer's own {@link #encode}.
     *
     * @param target the schema the reader expects
     * @throws IllegalArgumentException listing every problem, if this process's values cannot be written at it
     * @throws UnsupportedOperationException if this provider has no down-level encoder
     */
    default PayloadEncoder encoderFor(Schema target) {
        throw new UnsupportedOperationException(name() + " has no down-level encoder");
    }

    /**
     * Reuse counters of this serializer's per-thread state; {@link PoolStats#NONE} for a serializer that keeps none.
     * Cheap to call; safe from any thread.
     */
    default PoolStats poolStats() {
        return PoolStats.NONE;
    }
}
