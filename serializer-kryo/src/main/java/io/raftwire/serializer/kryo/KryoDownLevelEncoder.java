package io.raftwire.serializer.kryo;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.DownLevelSteps;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.schema.Schema;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Encodes values of today's registered classes in an older (target) {@link Schema}, in kryo's format: exactly the
 * bytes the target's own kryo codec writes for the corresponding old value (docs/upgrades.md §2.4 "forward", §2.5),
 * so a member or client with the target's types reads them with its own codec. What it writes per change, what it
 * refuses at encode and what it does not write yet are {@link AbstractDownLevelEncoder}'s and
 * {@link DownLevelSteps}'s; every type when the schemas are equal is encoded by today's serializer (its generated
 * codec, or the walk if it is configured so). When they differ, every value, the payload's own and each nested one
 * (a component, a list or set element, a map key or value, an optional's content, a polymorphic place) at any depth
 * within the depth limit, is written by its own type's route ({@link DownLevelRoutes}): a changed type's components
 * through the type's {@link ModelSerializer} per component, the methods the generated codec calls, an unchanged
 * type by today's codec, so the layout is kryo's, unchanged, and a value whose type is not in the target (added
 * since, in a polymorphic place) is refused naming the type. {@code KryoSerializer.encoderFor}
 * builds it for a target schema other than today's own.
 *
 * <p>Built once per target schema; thread-safe, as today's serializer. {@link #encode} writes at the writer index of
 * {@code out}, which the caller owns; a refused value leaves nothing written.
 */
public final class KryoDownLevelEncoder extends AbstractDownLevelEncoder {

    private final KryoSerializer today;
    private final DownLevelRoutes routes;

    private KryoDownLevelEncoder(Schema target, KryoSerializer today) {
        super(target, today, KryoSerializerProvider.NAME, true);
        this.today = today;
        Map<Integer, DownLevelSteps> changed = new HashMap<>();
        today.registry().models().forEach(m -> {
            DownLevelSteps s = steps(m.id());
            if (s != null) {
                changed.put(m.id(), s);
            }
        });
        Set<Integer> ids = new HashSet<>();
        target.types().forEach(t -> ids.add(t.id()));
        this.routes = new DownLevelRoutes(changed, ids, notInTarget());
    }

    /**
     * The encoder of {@code today}'s types in {@code target}.
     *
     * @param target the schema to write in
     * @param today  a kryo serializer of today's registry; its options (limits, codec path) apply
     * @throws IllegalArgumentException if {@code today} is not kryo's; as {@link AbstractDownLevelEncoder}'s
     *                                  constructor does, if today's types cannot be written in the target
     */
    public static KryoDownLevelEncoder create(Schema target, Serializer today) {
        return new KryoDownLevelEncoder(target, requireProvider(today, KryoSerializer.class,
                KryoSerializerProvider.NAME));
    }

    @Override
    protected int encodeResolved(Object value, ByteBuf out, DownLevelSteps steps) {
        return today.encodeDownLevel(value, out, routes);
    }
}
