package io.raftwire.serializer.model;

import io.raftwire.serializer.ValidatedAfterDecode;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Constructor;
import java.util.Collections;
import java.util.List;
import java.util.Set;

import org.objenesis.instantiator.ObjectInstantiator;

/**
 * What a provider needs to know about one registered type: its wire id, its components in wire order, and how to build
 * an instance. A type is built {@link #throughConstructor() through its constructor} (records and constructor-shaped
 * final classes), so decoding runs the type's own validation and can never produce an instance the constructor would
 * refuse; or field by field (any other class), instantiated through Objenesis <em>without running a constructor</em>
 * and then its fields set. Either way, a type implementing {@link ValidatedAfterDecode} has its check run on every
 * decoded instance.
 *
 * <p>Built once per {@link io.raftwire.serializer.TypeRegistry}; immutable and thread-safe afterwards.
 */
public final class TypeModel {

    private final int id;
    private final Class<?> javaType;
    private final List<Component> components;
    private final Component[] componentArray;
    /** The spread constructor, or null for a field-by-field type. */
    private final MethodHandle constructor;
    /** The constructor itself, for generated code; null for a field-by-field type. */
    private final Constructor<?> reflectedConstructor;
    /** Objenesis' instantiator of a field-by-field type, or null. */
    private final ObjectInstantiator<?> instantiator;
    private final boolean validated;
    /** Why the type is built as it is, when that is not the plain rule; see {@link #decodingNote()}. */
    private final String note;
    /** Whether every decode checks that the constructor returned its arguments unchanged (an unproven record). */
    private final boolean checksConstructor;
    /** Indexes of the native LIST and SET components, whose arguments {@link #instantiate} hands over unmodifiable. */
    private final int[] collections;
    /** Indexes of the components {@link io.raftwire.serializer.MutableCollections} asks mutable copies of. */
    private final int[] mutables;

    /** Set once by {@link TypeModels#build}: the generated codec, or null with the reason in {@link #notGenerated}. */
    private volatile GeneratedCodec generated;
    private volatile String notGenerated = "not generated yet";

    private TypeModel(int id, Class<?> javaType, List<Component> components, MethodHandle spreadConstructor,
            Constructor<?> reflectedConstructor, ObjectInstantiator<?> instantiator, String note) {
        this.id = id;
        this.note = note;
        this.checksConstructor = spreadConstructor != null && note != null;
        this.reflectedConstructor = reflectedConstructor;
        this.javaType = javaType;
        this.components = List.copyOf(components);
        this.componentArray = components.toArray(new Component[0]);
        this.constructor = spreadConstructor;
        this.instantiator = instantiator;
        this.validated = ValidatedAfterDecode.class.isAssignableFrom(javaType);
        this.collections = components.stream().filter(c -> !c.walked()
                && (c.kind() == Kind.LIST || c.kind() == Kind.SET)).mapToInt(Component::index).toArray();
        this.mutables = components.stream().filter(c -> mutable(javaType, c)).mapToInt(Component::index).toArray();
    }

    static TypeModel throughConstructor(int id, Class<?> javaType, List<Component> components,
            MethodHandle spreadConstructor, Constructor<?> constructor, String checkedBecause) {
        return new TypeModel(id, javaType, components, spreadConstructor, constructor, null, checkedBecause);
    }

    static TypeModel fieldByField(int id, Class<?> javaType, List<Component> components,
            ObjectInstantiator<?> instantiator, String note) {
        return new TypeModel(id, javaType, components, null, null, instantiator, note);
    }

    /** Whether a component is an interface-declared collection or map that decodes mutable. */
    private static boolean mutable(Class<?> type, Component c) {
        Class<?> declared = c.rawType();
        boolean container = declared.isInterface() && (java.util.Collection.class.isAssignableFrom(declared)
                || java.util.Map.class.isAssignableFrom(declared));
        return container && (type.isAnnotationPresent(io.raftwire.serializer.MutableCollections.class)
                || c.field().isAnnotationPresent(io.raftwire.serializer.MutableCollections.class));
    }

    /** Whether component {@code index} decodes into a mutable copy ({@link io.raftwire.serializer.MutableCollections}). */
    boolean mutable(int index) {
        for (int i : mutables) {
            if (i == index) {
                return true;
            }
        }
        return false;
    }

    /** The stable wire id (1..32767). */
    public int id() {
        return id;
    }

    /** The registered class. */
    public Class<?> javaType() {
        return javaType;
    }

    /** The simple class name, for messages. */
    public String name() {
        return javaType.getSimpleName();
    }

    /** The components in wire order: constructor parameters in order, or fields superclass first and by name. */
    public List<Component> components() {
        return components;
    }

    /** Number of components. */
    public int size() {
        return componentArray.length;
    }

    /** The component at {@code index}, without the bounds check of {@code components().get(index)}. */
    public Component component(int index) {
        return componentArray[index];
    }

    /**
     * Whether decoding runs the type's constructor (a record or constructor-shaped final class); {@code false} for a
     * type built field by field through Objenesis, whose constructors never run on decode.
     */
    public boolean throughConstructor() {
        return constructor != null;
    }

    /**
     * Why this type is decoded as it is, where that is not the plain rule, or {@code null}: a constructor-shaped class
     * decoded field by field because its constructor is not shown to store its arguments unchanged (the reason names
     * what the check found), or a record whose canonical constructor is not shown to, so that every decode checks the
     * constructed components against the decoded ones ({@link #instantiate}).
     */
    public String decodingNote() {
        return note;
    }

    /**
     * Builds an instance: through the constructor, or through Objenesis and the fields; then runs
     * {@link ValidatedAfterDecode#validateAfterDecode()} if the type implements it. Native list and set arguments
     * reach the instance as unmodifiable views, so that a decoded value never holds a decoder's mutable collection,
     * even when its constructor keeps the argument instead of copying it; callers must not keep or modify the
     * collections they pass.
     *
     * @param args one value per component, in component order; primitives boxed; native collection slots are replaced
     *             by their unmodifiable views
     * @return the new instance
     * @throws RuntimeException whatever the constructor or the validation throws for invalid arguments (typically
     *                          {@link IllegalArgumentException} or {@link NullPointerException}); callers turn it into
     *                          a {@link io.raftwire.serializer.SerializationException}
     */
    public Object instantiate(Object[] args) {
        for (int i : collections) {
            if (args[i] instanceof List<?> list) {
                args[i] = Collections.unmodifiableList(list);
            } else if (args[i] instanceof Set<?> set) {
                args[i] = Collections.unmodifiableSet(set);
            }
        }
        for (int i : mutables) {
            args[i] = Mutables.copy(args[i]);
        }
        Object instance;
        if (constructor != null) {
            try {
                instance = (Object) constructor.invokeExact(args);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable e) {
                throw new IllegalStateException("constructor of " + name() + " threw a checked exception", e);
            }
            if (checksConstructor) {
                requireUnchanged(instance, args);
            }
        } else {
            instance = instantiator.newInstance();
            for (Component c : componentArray) {
                c.set(instance, args[c.index()]);
            }
        }
        if (validated) {
            ((ValidatedAfterDecode) instance).validateAfterDecode();
        }
        return instance;
    }

    /**
     * Refuses an instance whose constructor changed an argument: a record decoded through a canonical constructor
     * that {@link ConstructorCheck} could not show to store its arguments unchanged. Arrays compare by content, other
     * values by {@code equals} (or identity).
     *
     * @throws IllegalArgumentException naming the first component that changed
     */
    void requireUnchanged(Object instance, Object[] args) {
        if (!checksConstructor) {
            return;
        }
        for (Component c : componentArray) {
            Object stored;
            try {
                stored = c.field().get(instance);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(name() + "." + c.name() + " cannot be read", e);
            }
            Object given = args[c.index()];
            if (stored != given && !java.util.Objects.deepEquals(stored, given)) {
                throw new IllegalArgumentException(name() + "'s canonical constructor changed component '" + c.name()
                        + "' (expected: a record constructor that keeps the values it produced, since a record is"
                        + " decoded through it; make the change idempotent, or use a class, which is decoded field by"
                        + " field)");
            }
        }
    }

    /** Whether every decode checks that the constructor returned its arguments unchanged; see {@link #decodingNote}. */
    boolean checksConstructor() {
        return checksConstructor;
    }

    /**
     * The codec generated for this type at registration (direct field reads and constructor call, see
     * {@link GeneratedCodec}), or {@code null} if it could not be generated on this JVM, for the reason
     * {@link #notGeneratedReason()} gives; providers then walk the components, as they do when configured to.
     */
    public GeneratedCodec generated() {
        return generated;
    }

    /** Why {@link #generated()} is null, or {@code null} if it is not. */
    public String notGeneratedReason() {
        return generated == null ? notGenerated : null;
    }

    void generated(GeneratedCodec codec, String reason) {
        this.notGenerated = reason;
        this.generated = codec;
    }

    /** The constructor of a type built through it, or null. */
    Constructor<?> reflectedConstructor() {
        return reflectedConstructor;
    }

    /** Whether decoded instances are checked with {@link ValidatedAfterDecode#validateAfterDecode()}. */
    boolean validated() {
        return validated;
    }

    /** A field-by-field type's new instance, no constructor run. */
    Object newBlankInstance() {
        return instantiator.newInstance();
    }

    @Override
    public String toString() {
        return id + "=" + javaType.getName() + (constructor == null ? "{fields}" : "") + components;
    }
}
