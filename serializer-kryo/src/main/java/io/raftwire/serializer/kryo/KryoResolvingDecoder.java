package io.raftwire.serializer.kryo;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.AbstractResolvingDecoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCompatibility;

import java.util.function.IntFunction;

/**
 * Decodes kryo payloads written by a writer whose types had another {@link Schema} into the reader's registered
 * classes (docs/upgrades.md §2.5, step 3 for kryo), following {@link SchemaCompatibility#compare}'s plans: a component
 * the reader added gets its default (0, {@code false}, null), one it removed is read by the writer's shape and
 * dropped, components are matched by tag whatever their order, an {@code int} read as {@code long} is sign-extended
 * (-1 reads -1), and an enum constant is matched by name, a constant the reader lacks refused when a value holding
 * it is decoded. The format is kryo's, unchanged: nothing in the bytes names a schema.
 *
 * <p>Built once per writer schema. When the two schemas are equal every payload is decoded by the reader's own
 * serializer, today's generated codec (or the walk, if the reader is configured so). When they differ, every value,
 * the payload's own and each nested one (a component, a list or set element, a map key or value, an optional's
 * content, a polymorphic place by its written type id) at any depth within the depth limit, is read by its own
 * type: a type whose plan is an identity (or a rename) by the reader's codec, a changed type through its plan. A payload of a type the reader does not register is refused as
 * {@link Serializer#decode} refuses it, and one of a type only the reader registers (which the writer cannot have
 * written) is refused too.
 *
 * <p>Not yet handled, refused by {@link #create} naming the component: a removed walked component (such as a boxed
 * number, a map or an array of objects), a widened walked component, enum constants mapped by name inside a walked
 * component or a collection, a removed component whose value is of a changed type. {@code KryoSerializer.decoderFor} builds this decoder for a writer schema
 * other than the reader's own.
 *
 * <p>Thread-safe, as the reader's serializer; {@link #decode} reads the payload and never releases it (the caller
 * owns the buffer).
 */
public final class KryoResolvingDecoder extends AbstractResolvingDecoder<ResolvedType> {

    private final KryoSerializer reader;
    /** The resolved type of each changed type id, null for an unchanged one: what every read value is routed by. */
    private final IntFunction<ResolvedType> types = this::resolved;

    private KryoResolvingDecoder(Schema writer, KryoSerializer reader) {
        super(writer, reader, KryoSerializerProvider.NAME, (id, plan, changed) -> new ResolvedType(plan,
                reader.schema().find(id), changed, reader.maxElements()), true);
        this.reader = reader;
    }

    /**
     * The decoder of bytes written with {@code writer} for {@code reader}'s types.
     *
     * @param writer the schema the payloads were written with
     * @param reader a kryo serializer of the reader's registry; its options (limits, codec path) apply
     * @throws IllegalArgumentException if {@code reader} is not kryo's; with every problem {@code compare} found, if
     *                                  the reader cannot read the writer's types; or naming the component, if a plan
     *                                  needs what this decoder does not handle yet (class comment)
     */
    public static KryoResolvingDecoder create(Schema writer, Serializer reader) {
        return new KryoResolvingDecoder(writer, requireProvider(reader, KryoSerializer.class,
                KryoSerializerProvider.NAME));
    }

    @Override
    protected Object decodeResolved(int typeId, ByteBuf payload, ResolvedType resolved) {
        return reader.decodeResolving(typeId, payload, types);
    }
}
