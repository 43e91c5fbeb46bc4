package io.raftwire.serializer.protostuff;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.schema.Schema;

/**
 * Encodes values of today's registered classes in an older (target) {@link Schema}, in protostuff's format: exactly
 * the bytes the target's own protostuff codec writes for the corresponding old value (docs/upgrades.md §2.4
 * "forward", §2.5), so a member or client with the target's types reads them with its own codec. Protostuff writes
 * its writer's component {@code i} as field {@code i + 1}, so a changed type is written as the target's components in
 * the target's order under the target's field numbers ({@link DownLevelSchema}); what it writes per change, what it
 * refuses at encode (a {@code long} outside the target's {@code int}, an enum constant or a type the target lacks, a
 * null for the target's primitive) and what it refuses when created are {@link AbstractDownLevelEncoder}'s and
 * {@link DownLevelSteps}'s, as for kryo.
 *
 * <p>Beyond kryo's: a changed type nested in another (a registered value, a polymorphic place, a collection, a walked
 * component) is written in the target's layout too, since the encoder holds its own schema of every type (today's
 * {@link ModelSchema} for the unchanged ones, the same bytes as today); and a value of a type the target lacks is
 * refused nested as at the top level. When the schemas are equal every value is encoded by today's serializer.
 *
 * <p>Built once per target schema; thread-safe, as today's serializer. {@link #encode} writes at the writer index of
 * {@code out}, which the caller owns; a refused value leaves nothing written.
 */
public final class ProtostuffDownLevelEncoder extends AbstractDownLevelEncoder {

    private final ProtostuffSerializer today;
    /** This encoder's schemas by type id; null when the schemas are equal. */
    private final ModelSchema[] schemas;

    private ProtostuffDownLevelEncoder(Schema target, ProtostuffSerializer today) {
        super(target, today, ProtostuffSerializerProvider.NAME, true);
        this.today = today;
        this.schemas = identity() ? null : today.downLevelSchemas(this::steps, target, notInTarget());
    }

    /**
     * The encoder of {@code today}'s types in {@code target}.
     *
     * @param target the schema to write in
     * @param today  a protostuff serializer of today's registry; its options (limits, codec path) apply
     * @throws IllegalArgumentException if {@code today} is not protostuff's; as {@link AbstractDownLevelEncoder}'s
     *                                  constructor does, if today's types cannot be written in the target, except
     *                                  that a changed type nested in another is written
     */
    public static ProtostuffDownLevelEncoder create(Schema target, Serializer today) {
        return new ProtostuffDownLevelEncoder(target, requireProvider(today, ProtostuffSerializer.class,
                ProtostuffSerializerProvider.NAME));
    }

    @Override
    protected int encodeResolved(Object value, ByteBuf out, DownLevelSteps steps) {
        return today.encodeDownLevel(value, out, schemas);
    }
}
