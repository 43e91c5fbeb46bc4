package io.raftwire.serializer;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.model.CodecSwitch;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Shape;
import io.raftwire.serializer.model.TypeModel;
import io.raftwire.serializer.model.TypeModels;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaLock;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The types a node can put on the wire, each with a stable numeric id: every {@link MessageType} of the catalog
 * (ids 1..{@value MessageType#MAX_RESERVED_ID}), plus the application's own types registered in
 * {@value MessageType#FIRST_USER_ID}..{@value MessageType#MAX_USER_ID}.
 *
 * <p>Ids are a wire contract: two nodes must register the same class under the same id. They are never derived from
 * registration order. The {@link #fingerprint()} digests ids, class names, the shape of every type and the constants
 * of every enum it uses, so nodes compare one number at handshake instead of discovering a mismatch in a garbled
 * message.
 *
 * <p>A registered type is a concrete class. Records, final classes with exactly one public constructor whose
 * parameters (compiled with {@code -parameters}) are by name and type exactly their final non-transient instance
 * fields and whose bytecode stores each argument unchanged (checked at registration), and classes with a constructor
 * marked {@link DecodeThrough} are decoded through that constructor (a record whose canonical constructor is not shown
 * to keep its arguments is checked on every decode). Any other class (mutable, non-final, with inherited or protected fields, with no
 * no-arg constructor or one with side effects) is written field by field and instantiated through Objenesis:
 * <b>its constructors do not run on decode</b>; implement {@link ValidatedAfterDecode} to check a decoded instance.
 * Every non-transient instance field is written, or registration fails naming it. See
 * {@link io.raftwire.serializer.model} for the field types allowed. No per-type serializer code is needed: every
 * provider handles any such type, and nothing unregistered is ever instantiated.
 *
 * <p>Immutable and thread-safe.
 */
public final class TypeRegistry {

    /**
     * Version of the type-model rules and of the text the fingerprint digests. 2: enum constants are digested too, so
     * that reordering the constants of an enum a type uses (which changes its ordinals on the wire) changes the
     * fingerprint.
     */
    static final int MODEL_VERSION = 2;

    /** {@link #codecSwitch} once it is known that there is none. */
    private static final Object NO_SWITCH = new Object();
    private static final TypeRegistry CATALOG = builder().build();

    private final List<TypeModel> models;
    private final TypeModel[] byId;
    private final Map<Class<?>, TypeModel> byClass;
    private final long fingerprint;
    /** The lock the types were checked against at registration, or null. */
    private final SchemaLock lock;
    /** {@link #schema()}, once computed. */
    private volatile Schema schema;
    /** {@link #codecSwitch()}, once built: a {@link CodecSwitch}, or {@link #NO_SWITCH}; null before. */
    private volatile Object codecSwitch;

    private TypeRegistry(List<TypeModel> models, SchemaLock lock) {
        this.models = models;
        this.lock = lock;
        this.byId = new TypeModel[models.get(models.size() - 1).id() + 1];
        this.byClass = new HashMap<>();
        for (TypeModel m : models) {
            byId[m.id()] = m;
            byClass.put(m.javaType(), m);
        }
        this.fingerprint = digest(models);
    }

    /** The schema lock this registry's types were checked against at registration, or {@code null} if none. */
    public SchemaLock lock() {
        return lock;
    }

    /**
     * What this registry's bytes mean, type by type, with the tags of its lock (or, without one, the tags a first lock
     * would give); computed on the first call. Nothing on the wire or on disk carries it yet. Thread-safe.
     *
     * @throws IllegalArgumentException if the types' {@link WireTag}s cannot be tags (one tag on two components)
     */
    public Schema schema() {
        Schema s = schema;
        if (s == null) {
            s = Schema.of(this);
            schema = s;
        }
        return s;
    }

    /** The catalog alone: every {@link MessageType}, no user types. */
    public static TypeRegistry catalog() {
        return CATALOG;
    }

    /** A builder that starts with the catalog; add user types with {@link Builder#register}. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The model of the type with the given id.
     *
     * @throws SerializationException if no type has that id
     */
    public TypeModel model(int typeId) {
        TypeModel m = typeId > 0 && typeId < byId.length ? byId[typeId] : null;
        if (m == null) {
            throw new SerializationException("unknown type id " + typeId + " (expected: one of the " + models.size()
                    + " registered ids, " + models.get(0).id() + ".." + models.get(models.size() - 1).id() + ")");
        }
        return m;
    }

    /** The model for the given id, or {@code null} if none is registered. Never throws. */
    public TypeModel find(int typeId) {
        return typeId > 0 && typeId < byId.length ? byId[typeId] : null;
    }

    /** The model of exactly this class (not a subclass), or {@code null} if it is not registered. */
    public TypeModel find(Class<?> type) {
        return byClass.get(type);
    }

    /**
     * The id of a value's registered type.
     *
     * @throws SerializationException if the value's class is not registered
     */
    public int idOf(Object value) {
        TypeModel m = byClass.get(value.getClass());
        if (m == null) {
            throw new SerializationException(value.getClass().getName()
                    + " is not a registered type (expected: a MessageType or a type passed to TypeRegistry.Builder"
                    + ".register)");
        }
        return m.id();
    }

    /** A short name for an id, for logs and messages: the simple class name, or {@code unknown type}. */
    public String describe(int typeId) {
        TypeModel m = find(typeId);
        return m == null ? "unknown type" : m.name();
    }

    /** Every registered type, in id order. */
    public Collection<TypeModel> models() {
        return models;
    }

    /**
     * The switch over this registry's generated codecs ({@link CodecSwitch#of}), for a provider's calls on the
     * generated path; built on the first call, then the same instance for every later caller (two threads calling
     * first may each build and keep one; both are correct). {@code null} if no type has a generated codec, if there are
     * more than {@link CodecSwitch#MAX_TYPES}, or if the JVM refused to define the switch's class (not expected where
     * it defined the generated codecs themselves, with the same API): the providers then call each type's generated
     * codec directly, the same bytes somewhat slower. Never throws. Thread-safe.
     */
    public CodecSwitch codecSwitch() {
        Object s = codecSwitch;
        if (s == null) {
            CodecSwitch built;
            try {
                built = CodecSwitch.of(models);
            } catch (RuntimeException | LinkageError e) {
                built = null; // as TypeModels does when a codec cannot be generated: the slower path, same bytes
            }
            s = built == null ? NO_SWITCH : built;
            codecSwitch = s;
        }
        return s == NO_SWITCH ? null : (CodecSwitch) s;
    }

    /**
     * 64-bit digest of every id, class name, component (name, kind and declared types, in constructor order) and enum
     * constant (in ordinal order). Equal on two nodes iff they agree on the wire.
     */
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public String toString() {
        return "TypeRegistry[" + models.size() + " types, fingerprint=" + Long.toHexString(fingerprint) + ']';
    }

    private static long digest(List<TypeModel> models) {
        StringBuilder text = new StringBuilder("raftwire-model-v").append(MODEL_VERSION).append('\n');
        for (TypeModel m : models) {
            text.append(m);
            for (Component c : m.components()) {
                // an enum travels as its ordinal: the constants, in order, are as much the wire format as the kinds
                if (!c.walked() && c.enumConstants() != null) {
                    appendConstants(text, c.name(), c.enumConstants());
                } else if (c.walked()) {
                    appendNestedConstants(text, c.name(), c.shape());
                }
            }
            text.append('\n');
        }
        return Fingerprints.sha256Prefix(text.toString());
    }

    private static void appendConstants(StringBuilder text, String name, Object[] constants) {
        text.append(' ').append(name).append('=');
        for (Object constant : constants) {
            text.append(((Enum<?>) constant).name()).append(',');
        }
    }

    private static void appendNestedConstants(StringBuilder text, String name, Shape shape) {
        if (shape.enumConstants() != null) {
            appendConstants(text, name, shape.enumConstants());
        }
        if (shape.key() != null) {
            appendNestedConstants(text, name + ".key", shape.key());
        }
        if (shape.element() != null) {
            appendNestedConstants(text, name + ".element", shape.element());
        }
    }

    /** Collects user types; not thread-safe. */
    public static final class Builder {

        private final TreeMap<Integer, Class<?>> types = new TreeMap<>();
        private final Map<Class<?>, Integer> ids = new HashMap<>();
        private SchemaLock lock;

        private Builder() {
            for (MessageType t : MessageType.values()) {
                add(t.id(), t.javaType());
            }
        }

        /**
         * Registers an application type.
         *
         * @param id   its wire id, {@value MessageType#FIRST_USER_ID}..{@value MessageType#MAX_USER_ID}; never reuse
         *             an id for another class
         * @param type a concrete class following the rules in the class comment
         * @return this builder
         * @throws IllegalArgumentException if the id is out of range or taken, or the class is already registered
         */
        public Builder register(int id, Class<?> type) {
            if (id < MessageType.FIRST_USER_ID || id > MessageType.MAX_USER_ID) {
                throw new IllegalArgumentException("type id " + id + " for " + type.getName() + " (expected: "
                        + MessageType.FIRST_USER_ID + ".." + MessageType.MAX_USER_ID + "; lower ids are reserved)");
            }
            add(id, type);
            return this;
        }

        /**
         * Registers one of the Raft engine's model classes (the {@code raft-node} module registers MicroRaft's
         * messages, log entries and persistent state this way). Applications use {@link #register}.
         *
         * @param id   its wire id, {@value MessageType#FIRST_ENGINE_ID}..{@value MessageType#MAX_ENGINE_ID}; append-only
         * @param type a record or a final class following the rule in the class comment
         * @return this builder
         * @throws IllegalArgumentException if the id is out of range or taken, or the class is already registered
         */
        public Builder registerEngineType(int id, Class<?> type) {
            if (id < MessageType.FIRST_ENGINE_ID || id > MessageType.MAX_ENGINE_ID) {
                throw new IllegalArgumentException("engine type id " + id + " for " + type.getName() + " (expected: "
                        + MessageType.FIRST_ENGINE_ID + ".." + MessageType.MAX_ENGINE_ID + ")");
            }
            add(id, type);
            return this;
        }

        private void add(int id, Class<?> type) {
            Class<?> taken = types.get(id);
            if (taken != null) {
                throw new IllegalArgumentException("type id " + id + " for " + type.getName() + " is already taken by "
                        + taken.getName() + " (expected: an unused id)");
            }
            Integer previous = ids.get(type);
            if (previous != null) {
                throw new IllegalArgumentException(type.getName() + " is already registered as id " + previous
                        + " (expected: one id per class)");
            }
            types.put(id, type);
            ids.put(type, id);
        }

        /**
         * Checks the types against a schema lock when the registry is built: {@link #build()} then fails, listing
         * every difference at once (a type or component added, removed, renamed or changed, an enum constant added
         * or removed), unless the registered types are exactly what the lock records. Without a lock (the default)
         * nothing is checked.
         *
         * @param lock the registry's lock, for example {@code SchemaLock.load(loader, SchemaLock.RESOURCE)}; null
         *             for none
         * @return this builder
         */
        public Builder lock(SchemaLock lock) {
            this.lock = lock;
            return this;
        }

        /**
         * Models every type and links them; with a {@link #lock}, checks them against it.
         *
         * @throws IllegalArgumentException listing every problem of every type at once (a field type that is not
         *                                  supported, a reference to an unregistered type, ...), each with a fix; or
         *                                  every difference from the lock
         */
        public TypeRegistry build() {
            List<TypeModel> models = TypeModels.build(types);
            if (lock != null) {
                lock.check(models);
            }
            return new TypeRegistry(models, lock);
        }
    }

    /** Digest helper shared with {@link AbstractSerializer}. */
    static final class Fingerprints {
        private Fingerprints() {
        }

        static long sha256Prefix(String text) {
            return Schema.sha256Prefix(text.getBytes(StandardCharsets.UTF_8));
        }
    }
}
