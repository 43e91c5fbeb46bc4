package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandle;
import java.util.Collections;
import java.util.List;
import java.util.Set;

/**
 * What a provider needs to know about one registered type: its wire id, its components in constructor order, and
 * how to build an instance through its public constructor, so that decoding runs the type's own validation and can
 * never produce an instance the constructor would refuse.
 *
 * <p>Built once per {@link io.raftwire.serializer.TypeRegistry}; immutable and thread-safe afterwards.
 */
public final class TypeModel {

    private final int id;
    private final Class<?> javaType;
    private final List<Component> components;
    private final Component[] componentArray;
    private final MethodHandle constructor;
    /** Indexes of the LIST and SET components, whose arguments {@link #instantiate} hands over unmodifiable. */
    private final int[] collections;

    TypeModel(int id, Class<?> javaType, List<Component> components, MethodHandle spreadConstructor) {
        this.id = id;
        this.javaType = javaType;
        this.components = List.copyOf(components);
        this.componentArray = components.toArray(new Component[0]);
        this.constructor = spreadConstructor;
        this.collections = components.stream().filter(c -> c.kind() == Kind.LIST || c.kind() == Kind.SET)
                .mapToInt(Component::index).toArray();
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

    /** The components in constructor-parameter order, which is also the order in which they are written. */
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
     * Builds an instance through the public constructor. List and set arguments reach the constructor as unmodifiable
     * views, so that a decoded value never holds a decoder's mutable collection, even when its constructor keeps the
     * argument instead of copying it; callers must not keep or modify the collections they pass.
     *
     * @param args one value per component, in component order; primitives boxed; collection slots are replaced by
     *             their unmodifiable views
     * @return the new instance
     * @throws RuntimeException whatever the constructor throws for invalid arguments (typically
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
        try {
            return (Object) constructor.invokeExact(args);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("constructor of " + name() + " threw a checked exception", e);
        }
    }

    @Override
    public String toString() {
        return id + "=" + javaType.getName() + components;
    }
}
