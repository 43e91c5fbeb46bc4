package io.raftwire.serializer;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.model.Bounds;
import io.raftwire.serializer.model.Cycles;
import io.raftwire.serializer.model.MalformedPayloadException;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.Schema;

import java.util.Objects;

/**
 * The part every provider shares: type lookup, the error contract and buffer bookkeeping. A provider implements
 * {@link #write} and {@link #read} for one library; this class guarantees that whatever they throw reaches the caller
 * as one {@link SerializationException} naming provider, type and size (an {@link Error} other than a stack overflow
 * passes through unchanged), that a failed encode leaves the output buffer's writer index where it was, even when a
 * provider wrote into it before failing, and that a decode consumes exactly the payload.
 */
public abstract class AbstractSerializer implements Serializer {

    private final String name;
    private final int id;
    private final TypeRegistry registry;
    private final SerializerOptions options;
    private final long fingerprint;
    private final PoolCounters poolCounters = new PoolCounters();

    /**
     * @param provider the provider creating this instance (name, id and format version are taken from it)
     * @param registry the supported types
     * @param options  limits and pool settings
     */
    protected AbstractSerializer(SerializerProvider provider, TypeRegistry registry, SerializerOptions options) {
        this.name = provider.name();
        this.id = provider.id();
        this.registry = Objects.requireNonNull(registry, "registry");
        this.options = Objects.requireNonNull(options, "options");
        this.fingerprint = TypeRegistry.Fingerprints.sha256Prefix(
                name + '/' + id + '/' + provider.formatVersion() + '/' + registry.fingerprint());
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int id() {
        return id;
    }

    @Override
    public final TypeRegistry registry() {
        return registry;
    }

    @Override
    public final long fingerprint() {
        return fingerprint;
    }

    /**
     * Whether {@code schema} is this serializer's own ({@link TypeRegistry#schema()}: equal digest and equal value),
     * for which {@link #decoderFor} and {@link #encoderFor} give {@link #decode} and {@link #encode} themselves.
     *
     * @throws NullPointerException if {@code schema} is null
     */
    protected final boolean isOwnSchema(Schema schema) {
        Objects.requireNonNull(schema, "schema");
        Schema own = registry.schema();
        return own.digest() == schema.digest() && own.equals(schema);
    }

    /** Counters a provider with per-thread state bumps when it creates state or drops an oversized buffer. */
    protected final PoolCounters poolCounters() {
        return poolCounters;
    }

    @Override
    public PoolStats poolStats() {
        return poolCounters.snapshot();
    }

    /** The limits and pool settings this instance was created with. */
    protected final SerializerOptions options() {
        return options;
    }

    @Override
    public final int encode(Object value, ByteBuf out) {
        return encodeWith(value, out, null);
    }

    /** Writes one value's payload, as {@link #write} does; for {@link #encodeWith}. */
    @FunctionalInterface
    protected interface PayloadWriter {
        /**
         * @param model the value's registered type
         * @param value the value, of exactly {@code model.javaType()}
         * @param out   the destination; owned by the caller
         */
        void write(TypeModel model, Object value, ByteBuf out);
    }

    /**
     * {@link #encode}, with the payload written by {@code writer} instead of {@link #write}: the same checks (a
     * registered type, the payload size limit) and the same failures, the writer index of {@code out} reset on a
     * failure. For a provider's down-level encoder, which writes this serializer's types in an older schema
     * (docs/upgrades.md §2.5).
     *
     * @param writer writes one value's payload, as {@link #write} does; null = {@link #write}
     * @return the number of bytes written
     */
    protected final int encodeWith(Object value, ByteBuf out, PayloadWriter writer) {
        if (value == null) {
            throw new SerializationException(name, "encode", "null", -1, -1, "value is null (expected: an instance"
                    + " of a registered type)", null);
        }
        TypeModel model = registry.find(value.getClass());
        if (model == null) {
            throw new SerializationException(name, "encode", value.getClass().getName(), -1, -1,
                    "type is not registered (expected: a MessageType or a type registered with TypeRegistry)", null);
        }
        int start = out.writerIndex();
        try {
            if (writer == null) {
                write(model, value, out);
            } else {
                writer.write(model, value, out);
            }
            Bounds.checkEncodedSize(out.writerIndex() - start, options.maxPayloadBytes());
            return out.writerIndex() - start;
        } catch (RuntimeException | StackOverflowError e) {
            out.writerIndex(start);
            throw encodeFailure(model, value, e);
        } catch (Error e) { // an OutOfMemoryError, say, after a provider wrote part of the payload: rethrown as is
            out.writerIndex(start);
            throw e;
        }
    }

    @Override
    public final Object decode(int typeId, ByteBuf payload) {
        return decodeWith(typeId, payload, null);
    }

    /**
     * {@link #decode}, with the value read by {@code reader} instead of {@link #read}: the same checks (registered
     * type, payload size, nothing left after the value) and the same failures. For a provider's decoder of bytes
     * written with another schema (docs/upgrades.md §2.5), which reads into this serializer's registered types.
     *
     * @param reader reads one value of the given model from the payload, as {@link #read} does; null = {@link #read}
     */
    protected final Object decodeWith(int typeId, ByteBuf payload,
            java.util.function.BiFunction<TypeModel, ByteBuf, Object> reader) {
        int size = payload.readableBytes();
        TypeModel model = registry.find(typeId);
        if (model == null) {
            throw new SerializationException(name, "decode", "unknown type", typeId, size,
                    "type id is not registered (expected: an id of this node's registry)", null);
        }
        if (size > options.maxPayloadBytes()) {
            payload.readerIndex(payload.writerIndex());
            throw new SerializationException(name, "decode", model.name(), model.id(), size,
                    Bounds.payloadTooLarge(size, options.maxPayloadBytes()), null);
        }
        try {
            Object value = reader == null ? read(model, payload) : reader.apply(model, payload);
            if (payload.isReadable()) {
                throw new MalformedPayloadException(payload.readableBytes() + " bytes left after the value"
                        + " (expected: none)");
            }
            return value;
        } catch (RuntimeException | StackOverflowError e) {
            payload.readerIndex(payload.writerIndex());
            throw failure("decode", model, size, e);
        }
    }

    /**
     * Writes the payload of {@code value} at the writer index of {@code out}.
     *
     * @param model the value's registered type
     * @param value the value, of exactly {@code model.javaType()}
     * @param out   the destination; owned by the caller
     */
    protected abstract void write(TypeModel model, Object value, ByteBuf out);

    /**
     * Reads one value of {@code model} from {@code payload}, leaving the reader index after the last byte used.
     * Throw {@link MalformedPayloadException} for malformed input; any other runtime exception is reported too.
     *
     * @param model   the declared type
     * @param payload the payload; owned by the caller
     * @return the value, built through its constructor
     */
    protected abstract Object read(TypeModel model, ByteBuf payload);

    /**
     * The failure of an encode; one that ran out of depth is searched for a cycle (only then, so encoding costs
     * nothing for it), and a cycle found is reported as the reason instead of the depth.
     */
    private SerializationException encodeFailure(TypeModel model, Object value, Throwable e) {
        if (isDepthFailure(e)) {
            String cycle = Cycles.describe(registry::find, value);
            if (cycle != null) {
                return new SerializationException(name, "encode", model.name(), model.id(), -1, cycle, e);
            }
        }
        return failure("encode", model, -1, e);
    }

    private static boolean isDepthFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StackOverflowError || (t.getMessage() != null
                    && t.getMessage().contains("nesting depth "))) {
                return true;
            }
        }
        return false;
    }

    private SerializationException failure(String op, TypeModel model, int size, Throwable e) {
        if (e instanceof SerializationException se) {
            return se;
        }
        String reason;
        if (e instanceof MalformedPayloadException) {
            reason = e.getMessage();
        } else if (e instanceof IllegalArgumentException || e instanceof NullPointerException) {
            reason = "invalid value: " + e.getMessage();
        } else if (e instanceof StackOverflowError) {
            reason = "value too deep for this thread's stack (maxDepth " + options.maxDepth()
                    + "; expected: a smaller maxDepth or a larger thread stack)";
        } else {
            reason = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return new SerializationException(name, op, model.name(), model.id(), size, reason, e);
    }
}
