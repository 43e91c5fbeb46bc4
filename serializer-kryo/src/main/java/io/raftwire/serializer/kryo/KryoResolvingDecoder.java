package io.raftwire.serializer.kryo;

import io.netty.buffer.ByteBuf;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.schema.ReadPlan;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCompatibility;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Decodes kryo payloads written by a writer whose types had another {@link Schema} into the reader's registered
 * classes (docs/upgrades.md §2.5, step 3 for kryo), following {@link SchemaCompatibility#compare}'s plans: a component
 * the reader added gets its default (0, {@code false}, null), one it removed is read by the writer's shape and
 * dropped, components are matched by tag whatever their order, an {@code int} read as {@code long} is sign-extended
 * (-1 reads -1), and an enum constant is matched by name, a constant the reader lacks refused when a value holding
 * it is decoded. The format is kryo's, unchanged: nothing in the bytes names a schema.
 *
 * <p>Built once per writer schema. A type whose plan is an identity (equal schemas, or a rename) is decoded by the
 * reader's own serializer, today's generated codec (or the walk, if the reader is configured so), and so is every type
 * when the two schemas are equal;
 * only the other types go through the plan. A payload of a type the reader does not register is refused as
 * {@link Serializer#decode} refuses it, and one of a type only the reader registers (which the writer cannot have
 * written) is refused too.
 *
 * <p>Not yet handled, refused by {@link #create} naming the component: a removed walked component (such as a boxed
 * number, a map or an array of objects), a widened walked component, enum constants mapped by name inside a walked
 * component or a collection, and a changed type nested in another type (a nested value is read with the reader's
 * codec). Not wired into the store, the handshake or the transport.
 *
 * <p>Thread-safe, as the reader's serializer; {@link #decode} reads the payload and never releases it (the caller
 * owns the buffer).
 */
public final class KryoResolvingDecoder {

    private final KryoSerializer reader;
    private final boolean equal;
    private final Map<Integer, ResolvedType> resolved;
    private final Set<Integer> written;

    private KryoResolvingDecoder(KryoSerializer reader, boolean equal, Map<Integer, ResolvedType> resolved,
            Set<Integer> written) {
        this.reader = reader;
        this.equal = equal;
        this.resolved = Map.copyOf(resolved);
        this.written = Set.copyOf(written);
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
        if (!(reader instanceof KryoSerializer kryo)) {
            throw new IllegalArgumentException("reader serializer is " + reader.name() + " (expected: a kryo"
                    + " serializer)");
        }
        Schema own = Schema.of(kryo.registry());
        if (own.digest() == writer.digest() && own.equals(writer)) {
            return new KryoResolvingDecoder(kryo, true, Map.of(), Set.of());
        }
        SchemaCompatibility.Result result = SchemaCompatibility.compare(writer, own);
        if (!result.compatible()) {
            throw new IllegalArgumentException("the reader's types cannot read the writer's: "
                    + result.problems().size() + " problem(s):\n  " + String.join("\n  ", result.problems()));
        }
        Map<Integer, ReadPlan> changed = new HashMap<>();
        result.plans().forEach((id, plan) -> {
            if (!plan.identity()) {
                changed.put(id, plan);
            }
        });
        NestedChanges.requireNoneNested(kryo.registry(), changed.keySet());
        Map<Integer, ResolvedType> types = new HashMap<>();
        int maxElements = kryo.maxElements();
        changed.forEach((id, plan) -> types.put(id, new ResolvedType(plan, kryo.schema().find(id),
                changed::containsKey, maxElements)));
        Set<Integer> writerIds = new HashSet<>();
        writer.types().forEach(t -> writerIds.add(t.id()));
        return new KryoResolvingDecoder(kryo, false, types, writerIds);
    }

    /**
     * Whether every payload is decoded by the reader's own serializer (the writer's schema equals the reader's).
     */
    public boolean identity() {
        return equal;
    }

    /**
     * Decodes one payload of the type {@code typeId}, written with the writer's schema.
     *
     * @param typeId  the registered id the payload was written under
     * @param payload the payload, all of it read; owned by the caller
     * @return the value, of the reader's class registered under {@code typeId}
     * @throws io.raftwire.serializer.SerializationException as {@link Serializer#decode} does, naming the component
     *                                                       for a truncated or malformed payload
     */
    public Object decode(int typeId, ByteBuf payload) {
        if (equal) {
            return reader.decode(typeId, payload);
        }
        if (!written.contains(typeId) && reader.registry().find(typeId) != null) {
            int size = payload.readableBytes();
            payload.readerIndex(payload.writerIndex());
            throw new SerializationException(reader.name(), "decode", reader.registry().find(typeId).name(), typeId,
                    size, "type id is not in the writer's schema (expected: an id the writer registers)", null);
        }
        ResolvedType t = resolved.get(typeId);
        return t == null ? reader.decode(typeId, payload) : reader.decodeResolved(typeId, payload, t);
    }
}
