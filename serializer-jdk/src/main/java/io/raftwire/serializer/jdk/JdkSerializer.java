package io.raftwire.serializer.jdk;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import io.raftwire.serializer.AbstractSerializer;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.PayloadDecoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.Schema;

import java.io.IOException;
import java.io.StreamCorruptedException;
import java.io.UTFDataFormatException;
import java.io.UncheckedIOException;

/**
 * The jdk serializer: JDK serialization of one {@link Carrier} per value (see {@link JdkSerializerProvider} for the
 * format).
 *
 * <p><b>Threading.</b> Thread-safe and meant to be shared: it holds only immutable state built in the constructor
 * (the registry and the carrier writer and reader). Every call creates its own {@code ObjectOutputStream} or
 * {@code ObjectInputStream}; this baseline keeps no per-thread state.
 *
 * <p><b>Buffers.</b> Encode writes through a {@link ByteBufOutputStream} straight into the caller's buffer. Decode
 * reads the caller's payload through a {@link PayloadInputStream}: the stream pulls bytes from the buffer as it parses
 * (heap or direct), so the payload is never copied to a {@code byte[]} first. Neither buffer is retained or released.
 */
final class JdkSerializer extends AbstractSerializer {

    /** {@code ObjectInputStream}'s message for a negative declared array length (JDK 25; JDK 17 lets it through). */
    private static final String NEGATIVE_ARRAY_LENGTH = "Array length is negative";

    private final CarrierWriter writer;
    private final CarrierReader reader;

    JdkSerializer(SerializerProvider provider, TypeRegistry registry, SerializerOptions options) {
        super(provider, registry, options);
        this.writer = new CarrierWriter(registry, options);
        this.reader = new CarrierReader(registry, options);
    }

    @Override
    protected void write(TypeModel model, Object value, ByteBuf out) {
        try {
            CarrierOutputStream stream = new CarrierOutputStream(new ByteBufOutputStream(out), writer);
            stream.writeObject(value);
            stream.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /**
     * Encodes a value of this serializer's types in an older schema: {@link #encode}'s checks, the carrier's top-level
     * record written by {@code steps} (the target's components in its order), the stream as {@link #write} writes it.
     */
    int encodeDownLevel(Object value, ByteBuf out, DownLevelSteps steps) {
        return encodeWith(value, out, (model, v, buf) -> {
            try {
                CarrierOutputStream stream = new CarrierOutputStream(new ByteBufOutputStream(buf), writer);
                stream.writeObject(writer.writeDownLevel(model, v, steps));
                stream.flush();
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        });
    }

    @Override
    protected Object read(TypeModel model, ByteBuf payload) {
        return read(model, null, payload);
    }

    /**
     * Decodes a payload written with another schema into this serializer's types: {@link #decode}'s checks, the
     * carrier's top-level record read by {@code resolved} (its plan for the payload's type).
     */
    Object decodeResolved(int typeId, ByteBuf payload, ResolvedType resolved) {
        return decodeWith(typeId, payload, (model, p) -> read(model, resolved, p));
    }

    /** The configured bound on elements. */
    int maxElements() {
        return options().maxElements();
    }

    /** Reads one value of {@code model}, its top-level record by {@code resolved} if not null. */
    private Object read(TypeModel model, ResolvedType resolved, ByteBuf payload) {
        SerializerOptions options = options();
        PayloadFilter filter = new PayloadFilter(options, payload.readableBytes());
        try {
            return new CarrierInputStream(new PayloadInputStream(payload), model, reader, resolved,
                    filter).readValue();
        } catch (IOException | ClassNotFoundException e) {
            throw reason(e);
        } catch (NegativeArraySizeException e) {
            // JDK 17.0.15 hands a declared array length of -1 to the filter as "not an array" (-1), then fails here
            throw new MalformedPayloadException("array length " + e.getMessage() + " is negative (expected: >= 0)");
        }
    }

    /** The refusal behind a stream exception: ours if we caused it (filter, allow-list, guard), else the JDK's. */
    private static MalformedPayloadException reason(Exception e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof MalformedPayloadException m) {
                return m;
            }
        }
        String detail = e.getMessage();
        if (e instanceof StreamCorruptedException && NEGATIVE_ARRAY_LENGTH.equals(detail)) {
            // JDK 25 checks the length itself, before the filter, without saying which; same words as on JDK 17
            return new MalformedPayloadException("array length is negative (expected: >= 0)");
        }
        if (e instanceof java.io.EOFException) {
            // the stream is read whole before the value is rebuilt, so no component can be named here
            return Bounds.truncated("the Java serialization stream of the value's carrier");
        }
        if (e instanceof UTFDataFormatException) {
            // the JDK says nothing more; a stray, truncated or out-of-range byte in a string's modified UTF-8
            return new MalformedPayloadException("a string in the stream is not well-formed modified UTF-8 (expected:"
                    + " the form ObjectOutputStream writes)");
        }
        return new MalformedPayloadException("unreadable serialization stream: " + e.getClass().getSimpleName()
                + (detail != null ? " " + detail : ""));
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #decode} itself (today's code path); any other builds a
     * {@link JdkResolvingDecoder} once.
     */
    @Override
    public PayloadDecoder decoderFor(Schema writer) {
        return isOwnSchema(writer) ? this::decode : JdkResolvingDecoder.create(writer, this)::decode;
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #encode} itself (today's code path and bytes); any other builds a
     * {@link JdkDownLevelEncoder} once.
     */
    @Override
    public PayloadEncoder encoderFor(Schema target) {
        return isOwnSchema(target) ? this::encode : JdkDownLevelEncoder.create(target, this)::encode;
    }
}
