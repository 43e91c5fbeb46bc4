package io.raftwire.serializer.schema;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.TypeModel;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * What a registry's bytes mean, per registered type: its id, class name (informational), and per component in wire
 * order its tag, name (informational), layout and shape, with registered types named by id and enum constants by
 * name and wire number. Two schemas with equal {@link #digest()}s describe the same bytes; where they differ,
 * {@link SchemaCompatibility#compare} says whether, and how, one reads the other's bytes.
 *
 * <p>The schema sits beside the wire and disk formats: nothing carries it yet (docs/upgrades.md §3, steps 4 and 5).
 * Its canonical bytes are {@link SchemaCodec}'s. Immutable and thread-safe.
 *
 * @param types every registered type, in increasing id
 */
public record Schema(List<TypeSchema> types) {

    /** @throws IllegalArgumentException if the ids are not increasing */
    public Schema {
        types = List.copyOf(types);
        int previous = 0;
        for (TypeSchema t : types) {
            if (t.id() <= previous) {
                throw new IllegalArgumentException("type " + t.id() + " after type " + previous
                        + " (expected: increasing type ids)");
            }
            previous = t.id();
        }
    }

    /**
     * The schema of a registry: tags from its lock if it has one ({@link TypeRegistry.Builder#lock}), otherwise from
     * {@link io.raftwire.serializer.WireTag} and positions, as a first lock would give them.
     *
     * @throws IllegalArgumentException if the types' {@code @WireTag}s cannot be tags (a tag twice, below 1)
     */
    public static Schema of(TypeRegistry registry) {
        return of(registry.models(), registry.lock());
    }

    /** The schema of these models with the tags and wire numbers {@code lock} gives them, or a first lock's. */
    static Schema of(Collection<TypeModel> models, SchemaLock lock) {
        SchemaLock.Reconciliation r = (lock == null ? SchemaLock.EMPTY : lock).reconcile(models);
        r.requireNoRefusal();
        SchemaLock locked = r.lock();
        List<TypeSchema> types = new ArrayList<>(models.size());
        for (TypeModel m : models) {
            SchemaLock.LockedType lt = locked.types().get(m.id());
            List<FieldSchema> fields = new ArrayList<>(m.size());
            for (Component c : m.components()) {
                SchemaLock.LockedField lf = lt.byName(c.name());
                fields.add(new FieldSchema(lf.tag(), c.name(), c.walked(),
                        ShapeSchema.of(c.shape()).withConstants(locked::constants)));
            }
            types.add(new TypeSchema(m.id(), m.javaType().getName(), !m.throughConstructor(), fields));
        }
        return new Schema(types);
    }

    /** The type with this id, or null. */
    public TypeSchema type(int id) {
        for (TypeSchema t : types) {
            if (t.id() == id) {
                return t;
            }
        }
        return null;
    }

    /** The first 64 bits of the SHA-256 of {@link SchemaCodec#write}'s bytes, big-endian. */
    public long digest() {
        return sha256Prefix(SchemaCodec.write(this));
    }

    /** The first 64 bits of the SHA-256 of {@code bytes}, big-endian. */
    public static long sha256Prefix(byte[] bytes) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(bytes);
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (d[i] & 0xFF);
            }
            return v;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every JVM", e);
        }
    }
}
