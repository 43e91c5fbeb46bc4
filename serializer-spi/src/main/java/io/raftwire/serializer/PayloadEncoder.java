package io.raftwire.serializer;

import io.netty.buffer.ByteBuf;

/**
 * Encodes this process's values as a writer with another {@link io.raftwire.serializer.schema.Schema schema} of the
 * same types would have, so that a reader at that schema decodes them: what {@link Serializer#encoderFor} returns.
 * When the schemas are equal it is the serializer's own {@link Serializer#encode}.
 *
 * <p>Thread-safe, like the serializer it comes from. The caller owns {@code out}; on failure nothing is appended.
 */
@FunctionalInterface
public interface PayloadEncoder {

    /**
     * Appends the payload of {@code value}, in the target schema, to {@code out}.
     *
     * @param value a non-null value of a registered type
     * @param out   the buffer to write into; the caller keeps ownership
     * @return the number of payload bytes written
     * @throws SerializationException if the target schema cannot hold the value (a type, enum constant or number
     *                                it lacks, a null where it has a primitive); the message names the type,
     *                                component and value
     */
    int encode(Object value, ByteBuf out);
}
