package io.raftwire.serializer.protostuff;

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
 * Decodes protostuff payloads written by a writer whose types had another {@link Schema} into the reader's registered
 * classes (docs/upgrades.md §2.5, step 3 for protostuff), following {@link SchemaCompatibility#compare}'s plans. The
 * writer's component {@code i} is field {@code i + 1} in the bytes (what a first lock's tags are), and the plan says
 * which reader component each written one is: components are matched by tag whatever their order, a field the reader
 * lacks is skipped by its wire type instead of refused, a component the writer lacked gets the plan's default (0,
 * {@code false}, null) rather than being required, an {@code int} read as a {@code long} is sign-extended (-1 reads
 * -1) and a {@code float} read as a {@code double} widened, and an enum constant is matched by name, a constant the
 * reader lacks refused when a value holding it is decoded. The format is protostuff's, unchanged: nothing in the bytes
 * names a schema.
 *
 * <p>Built once per writer schema. When the two schemas are equal, and when every type's plan is an identity (a
 * rename, an added type), every payload is decoded by the reader's own serializer, today's codec. Otherwise the
 * decoder holds its own set of schemas: a {@code ResolvedSchema} for each type whose plan is not an identity and
 * today's {@code ModelSchema} for every other type, so a changed type is resolved at the top level and nested in
 * another type alike. A payload of a type the reader does not register is refused as {@link Serializer#decode}
 * refuses it, and one of a type only the reader registers (which the writer cannot have written) is refused too.
 *
 * <p>Refused by {@link #create}, naming the component: enum constants mapped by name (their wire numbers differ, or
 * the writer has constants the reader lacks) inside a walked component (a map, an {@code Optional}, an array) or
 * anywhere in a native one but the component itself and its list or set elements. Not wired into the store, the
 * handshake or the transport.
 *
 * <p>Thread-safe, as the reader's serializer; {@link #decode} reads the payload and never releases it (the caller
 * owns the buffer).
 */
public final class ProtostuffResolvingDecoder {

    private final ProtostuffSerializer reader;
    private final boolean equal;
    /** The decoder's own schemas by type id; null when every type is decoded by the reader's serializer. */
    private final ModelSchema[] resolved;
    private final Set<Integer> written;

    private ProtostuffResolvingDecoder(ProtostuffSerializer reader, boolean equal, ModelSchema[] resolved,
            Set<Integer> written) {
        this.reader = reader;
        this.equal = equal;
        this.resolved = resolved;
        this.written = Set.copyOf(written);
    }

    /**
     * The decoder of bytes written with {@code writer} for {@code reader}'s types.
     *
     * @param writer the schema the payloads were written with
     * @param reader a protostuff serializer of the reader's registry; its options (limits, codec path) apply
     * @throws IllegalArgumentException if {@code reader} is not protostuff's; with every problem {@code compare}
     *                                  found, if the reader cannot read the writer's types; or naming the component,
     *                                  if a plan needs what this decoder does not handle (class comment)
     */
    public static ProtostuffResolvingDecoder create(Schema writer, Serializer reader) {
        if (!(reader instanceof ProtostuffSerializer protostuff)) {
            throw new IllegalArgumentException("reader serializer is " + reader.name() + " (expected: a protostuff"
                    + " serializer)");
        }
        Schema own = Schema.of(protostuff.registry());
        if (own.digest() == writer.digest() && own.equals(writer)) {
            return new ProtostuffResolvingDecoder(protostuff, true, null, Set.of());
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
        Set<Integer> writerIds = new HashSet<>();
        writer.types().forEach(t -> writerIds.add(t.id()));
        return new ProtostuffResolvingDecoder(protostuff, false,
                changed.isEmpty() ? null : protostuff.resolvedSchemas(changed), writerIds);
    }

    /**
     * Whether every payload is decoded by the reader's own serializer because the writer's schema equals the
     * reader's.
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
     * @throws SerializationException as {@link Serializer#decode} does, naming the component for a truncated or
     *                                malformed payload
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
        return resolved == null ? reader.decode(typeId, payload) : reader.decodeResolved(typeId, payload, resolved);
    }
}
