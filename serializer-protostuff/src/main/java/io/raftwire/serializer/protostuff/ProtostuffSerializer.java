package io.raftwire.serializer.protostuff;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractSerializer;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.PayloadDecoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.ThreadStates;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.Schema;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * The protostuff serializer: one {@link ModelSchema} per registered type, built at construction; a
 * {@link ProtostuffEncoder} (linked buffer, streaming output) per thread for encoding; a {@link ByteBufInput} per
 * decode, reading the payload in place.
 *
 * <p><b>Decode without copying.</b> {@link ByteBufInput} reads through the {@code ByteBuf} API, so heap and direct
 * payloads alike are parsed where they lie: no {@code byte[]} copy of the payload and no {@code nioBuffer()} view.
 * Strings are decoded by {@code ByteBuf.toString}, straight from the backing array of a heap buffer and through
 * Netty's per-thread temporary array for a direct one; {@code byte[]} and {@code long[]} components are the only
 * arrays decoding allocates, each of exactly its checked length: decoding an {@code InstallRequest} allocates its
 * data twice, heap or direct (the array read and the constructor's defensive copy), never a third copy for the
 * payload.
 *
 * <p>Thread-safe: schemas are immutable, encoders are per thread ({@link ThreadStates}: Netty event loops reach
 * theirs by index, and a dropped serializer's encoders go with it), decoders per call.
 */
final class ProtostuffSerializer extends AbstractSerializer {

    private final ModelSchema[] schemas;
    private final ThreadStates<ProtostuffEncoder> encoders;

    ProtostuffSerializer(SerializerProvider provider, TypeRegistry registry, SerializerOptions options) {
        super(provider, registry, options);
        this.schemas = ModelSchema.build(registry, options.codecPath());
        this.encoders = new ThreadStates<>(() -> {
            poolCounters().created();
            return new ProtostuffEncoder(options, poolCounters());
        });
    }

    @Override
    protected void write(TypeModel model, Object value, ByteBuf out) {
        encoders.get().encode(schemas[model.id()], value, out);
    }

    @Override
    protected Object read(TypeModel model, ByteBuf payload) {
        return read(schemas, model, payload);
    }

    /**
     * The schemas of this serializer's types, a {@link ResolvedSchema} for each type with a plan in {@code plans}:
     * what a {@link ProtostuffResolvingDecoder} reads with.
     *
     * @throws IllegalArgumentException naming the component, if a plan needs what {@link ResolvedSchema} does not
     *                                  handle
     */
    ModelSchema[] resolvedSchemas(Map<Integer, ReadPlan> plans) {
        return ModelSchema.build(registry(), options().codecPath(), (m, registry, path) -> plans.containsKey(m.id())
                ? new ResolvedSchema(m, registry, path, plans.get(m.id())) : new ModelSchema(m, registry, path));
    }

    /** {@link #decode}'s checks and failures, the value read with {@code resolved} instead of this serializer's own. */
    Object decodeResolved(int typeId, ByteBuf payload, ModelSchema[] resolved) {
        return decodeWith(typeId, payload, (model, p) -> read(resolved, model, p));
    }

    /**
     * The schemas a {@link ProtostuffDownLevelEncoder} writes with: a {@link DownLevelSchema} for each type with
     * steps, a {@link MissingTypeSchema} for each type the target lacks, today's {@link ModelSchema} for every other.
     *
     * @param steps   a type's steps by id, null for a type whose plan is an identity
     * @param target  the target schema
     * @param missing why a value of a type the target lacks is refused
     */
    ModelSchema[] downLevelSchemas(IntFunction<DownLevelSteps> steps, Schema target, String missing) {
        return ModelSchema.build(registry(), options().codecPath(), (m, registry, path) -> {
            if (target.type(m.id()) == null) {
                return new MissingTypeSchema(m, registry, path, missing);
            }
            DownLevelSteps s = steps.apply(m.id());
            return s == null ? new ModelSchema(m, registry, path)
                    : new DownLevelSchema(m, registry, path, s, target.type(m.id()));
        });
    }

    /** {@link #encode}'s checks and failures, the value written with {@code set} instead of this serializer's own. */
    int encodeDownLevel(Object value, ByteBuf out, ModelSchema[] set) {
        return encodeWith(value, out, (model, v, buf) -> encoders.get().encode(set[model.id()], v, buf));
    }

    private Object read(ModelSchema[] set, TypeModel model, ByteBuf payload) {
        ByteBufInput in = new ByteBufInput(payload, options().maxDepth(), options().maxElements());
        try {
            return set[model.id()].read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("ByteBufInput threw (expected: MalformedPayloadException only)", e);
        }
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #decode} itself (today's code path); any other builds a
     * {@link ProtostuffResolvingDecoder} once.
     */
    @Override
    public PayloadDecoder decoderFor(Schema writer) {
        return isOwnSchema(writer) ? this::decode : ProtostuffResolvingDecoder.create(writer, this)::decode;
    }

    /**
     * {@inheritDoc} Equal schemas give {@link #encode} itself (today's code path); any other builds a
     * {@link ProtostuffDownLevelEncoder} once.
     */
    @Override
    public PayloadEncoder encoderFor(Schema target) {
        return isOwnSchema(target) ? this::encode : ProtostuffDownLevelEncoder.create(target, this)::encode;
    }
}
