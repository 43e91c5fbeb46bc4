package io.raftwire.serializer.model;

import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * The few helpers generated codecs call (they live in the registered type's package, so they can only reach public
 * members of raftwire). Not for other use. Stateless. The failure helpers take the type's name as a plain string
 * constant, not the model: a dynamic constant that is never resolved because its path never ran (an exception
 * handler) makes JDK 17's JIT refuse to compile the whole method ("could not resolve a constant").
 */
public final class GeneratedSupport {

    private GeneratedSupport() {
    }

    /** The unmodifiable view {@link TypeModel#instantiate} hands a constructor for a native list or set. */
    public static Object unmodifiable(Object collection) {
        if (collection instanceof List<?> list) {
            return Collections.unmodifiableList(list);
        } else if (collection instanceof Set<?> set) {
            return Collections.unmodifiableSet(set);
        }
        return collection;
    }

    /** The mutable copy {@link TypeModel#instantiate} hands over for a {@code MutableCollections} component. */
    public static Object mutable(Object collection) {
        return Mutables.copy(collection);
    }

    /**
     * What {@link TypeModel#instantiate} makes of a throwable from the constructor: a runtime exception or error as it
     * is, a checked exception wrapped.
     *
     * @return the exception to throw
     */
    public static RuntimeException constructorFailure(Throwable e, String typeName) {
        if (e instanceof RuntimeException r) {
            return r;
        } else if (e instanceof Error error) {
            throw error;
        }
        return new IllegalStateException("constructor of " + typeName + " threw a checked exception", e);
    }

    /** A new instance of a type built field by field, through Objenesis (no constructor runs). */
    public static Object newInstance(TypeModel model) {
        return model.newBlankInstance();
    }

    /**
     * {@link TypeModel#instantiate}'s check that a record's canonical constructor returned its arguments unchanged, for
     * a record whose constructor is not shown to ({@link TypeModel#decodingNote()}).
     */
    public static void requireUnchanged(TypeModel model, Object instance, Object[] args) {
        model.requireUnchanged(instance, args);
    }

    /** The failure of a typed getter asked for a component it does not serve. */
    public static IllegalStateException noSuchComponent(String typeName, int index, String getter) {
        return new IllegalStateException(typeName + " has no component " + index + " readable by " + getter
                + " (expected: a component of that type)");
    }
}
