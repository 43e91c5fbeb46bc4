package io.raftwire.serializer.fory;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.schema.Schema;

/**
 * Encodes values of today's registered classes in an older (target) {@link Schema}, in fory's format: exactly the
 * bytes the target's own fory codec writes for the corresponding old value (docs/upgrades.md §2.4 "forward", §2.5),
 * so a member or client with the target's types reads them with its own codec. What it writes per change, what it
 * refuses at encode and what it does not write yet are {@link AbstractDownLevelEncoder}'s and
 * {@link DownLevelSteps}'s; a type whose plan is an identity, and every type when the schemas are equal, is encoded by
 * today's serializer (its generated codec, or the walk if it is configured so). The changed types' components are
 * written through the type's {@link ModelSerializer} per component, the methods the generated codec calls, so the
 * layout is fory's, unchanged. {@code ForySerializer.encoderFor}
 * builds it for a target schema other than today's own.
 *
 * <p>Built once per target schema; thread-safe, as today's serializer. {@link #encode} writes at the writer index of
 * {@code out}, which the caller owns; a refused value leaves nothing written.
 */
public final class ForyDownLevelEncoder extends AbstractDownLevelEncoder {

    private final ForySerializer today;

    private ForyDownLevelEncoder(Schema target, ForySerializer today) {
        super(target, today, ForySerializerProvider.NAME);
        this.today = today;
    }

    /**
     * The encoder of {@code today}'s types in {@code target}.
     *
     * @param target the schema to write in
     * @param today  a fory serializer of today's registry; its options (limits, codec path) apply
     * @throws IllegalArgumentException if {@code today} is not fory's; as {@link AbstractDownLevelEncoder}'s
     *                                  constructor does, if today's types cannot be written in the target
     */
    public static ForyDownLevelEncoder create(Schema target, Serializer today) {
        return new ForyDownLevelEncoder(target, requireProvider(today, ForySerializer.class,
                ForySerializerProvider.NAME));
    }

    @Override
    protected int encodeResolved(Object value, ByteBuf out, DownLevelSteps steps) {
        return today.encodeDownLevel(value, out, steps);
    }
}
