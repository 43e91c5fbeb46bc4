package io.raftwire.serializer.model;

/**
 * The primitive writes {@link ShapeCodec} makes; each provider maps them to its library. Every write is one token of
 * the provider's format and takes at least one payload byte (or, for the jdk provider, one word or reference).
 * Implementations are per encode and not thread-safe.
 */
public interface WireSink {

    /** An integral value, a presence marker or a count: small magnitudes should take few bytes. */
    void writeLong(long value);

    /** 32 raw bits (a {@code float}). */
    void writeFixed32(int bits);

    /** 64 raw bits (a {@code double}, half a {@code UUID}). */
    void writeFixed64(long bits);

    /** A string, never null. */
    void writeString(String value);

    /** A byte array, never null. */
    void writeBytes(byte[] value);

    /**
     * A registered value, never null, with the provider's own machinery for registered types (no type id: the codec
     * writes one first where the place is polymorphic). The provider checks the nesting depth.
     */
    void writeValue(TypeModel model, Object value);

    /**
     * The configured most elements of one collection, map, array or string, as {@link WireSource#maxElements()}:
     * {@link ShapeCodec} refuses a larger count at encode ({@link Bounds#checkEncodeCount}), and
     * {@link #writeString}/{@link #writeBytes} refuse a longer value, in the units the provider's decode counts.
     */
    int maxElements();
}
