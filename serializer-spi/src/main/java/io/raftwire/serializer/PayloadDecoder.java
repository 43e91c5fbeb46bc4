package io.raftwire.serializer;

import io.netty.buffer.ByteBuf;

/**
 * Decodes payloads that a writer with another {@link io.raftwire.serializer.schema.Schema schema} of the same types
 * wrote, into this process's registered classes: what {@link Serializer#decoderFor} returns. When the schemas are
 * equal it is the serializer's own {@link Serializer#decode}.
 *
 * <p>Thread-safe, like the serializer it comes from. It reads the payload and never releases it: the caller owns the
 * buffer.
 */
@FunctionalInterface
public interface PayloadDecoder {

    /**
     * Decodes one value of the given type from all readable bytes of {@code payload}, written at the writer's schema.
     *
     * @param typeId  the type id the writer declared
     * @param payload exactly one payload; the caller keeps ownership
     * @return the value, never {@code null}
     * @throws SerializationException for malformed bytes, a type or enum constant this process lacks, or a value
     *                                the plan cannot follow; the message names the type and component
     */
    Object decode(int typeId, ByteBuf payload);
}
