package io.raftwire.serializer.model;

/**
 * The primitive reads {@link ShapeCodec} makes, mirroring {@link WireSink}. Each read refuses a truncated or malformed
 * token with a {@link MalformedPayloadException}; {@link #readString} and {@link #readBytes} check their declared
 * length against {@link #remaining()} and {@link #maxElements()} before allocating. Per decode; not thread-safe.
 */
public interface WireSource {

    /** Reads what {@link WireSink#writeLong} wrote. */
    long readLong();

    /** Reads what {@link WireSink#writeFixed32} wrote. */
    int readFixed32();

    /** Reads what {@link WireSink#writeFixed64} wrote. */
    long readFixed64();

    /** Reads what {@link WireSink#writeString} wrote; never null. */
    String readString();

    /** Reads what {@link WireSink#writeBytes} wrote; never null. */
    byte[] readBytes();

    /** Reads what {@link WireSink#writeValue} wrote, building it through the model; the provider checks the depth. */
    Object readValue(TypeModel model);

    /**
     * Units left in the payload, where every token takes at least one unit (payload bytes; words plus references for
     * the jdk provider): the bound of every count {@link ShapeCodec} reads.
     */
    int remaining();

    /** The configured most elements of one collection, map, array or string. */
    int maxElements();
}
