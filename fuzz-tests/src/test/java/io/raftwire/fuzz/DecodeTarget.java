package io.raftwire.fuzz;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;

/**
 * One fuzz target: a provider decoding one message shape. An input is a type selector byte followed by the payload.
 * Pass: the decoder refuses the payload with {@link SerializationException} (its one error type), or returns a value
 * of the declared type that encodes and decodes back to an equal value. Anything else (another exception, an
 * {@link Error}, a value of the wrong type, a value that does not round-trip) escapes and is a finding.
 */
final class DecodeTarget {

    private final Serializer serializer;
    private final Shape shape;

    DecodeTarget(String provider, Shape shape) {
        this.serializer = Serializers.create(provider, TypeRegistry.catalog(), SerializerOptions.defaults());
        this.shape = shape;
    }

    void run(byte[] input) {
        if (input.length == 0) {
            return;
        }
        MessageType type = shape.typeFor(input[0]);
        ByteBuf payload = Unpooled.wrappedBuffer(input, 1, input.length - 1);
        Object value;
        try {
            value = serializer.decode(type.id(), payload);
        } catch (SerializationException refused) {
            return;
        } finally {
            payload.release();
        }
        if (value == null || value.getClass() != type.javaType()) {
            throw new AssertionError(serializer.name() + " decoded " + type + " as " + value);
        }
        ByteBuf again = Unpooled.buffer();
        try {
            serializer.encode(value, again);
            Object back = serializer.decode(type.id(), again);
            if (!back.equals(value)) {
                throw new AssertionError(serializer.name() + ": " + type + " does not round-trip: " + value
                        + " became " + back);
            }
        } finally {
            again.release();
        }
    }
}
