package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import java.util.List;

/**
 * One component of a registered type: a constructor parameter of a type built through its constructor, or a field
 * of a type built field by field. It has a name, a position (also the order components are written in), a
 * {@link Shape}, and a reader for its value.
 *
 * <p>A component is either <i>native</i> ({@link #walked()} {@code == false}: a primitive {@code long}, {@code int}
 * or {@code boolean}, a {@code String}, {@code byte[]}, {@code long[]}, an enum, a registered or polymorphic value, or
 * a {@code List<E>}/{@code Set<E>} of strings, enums or registered values), which every provider writes in its own
 * layout, or <i>walked</i>: every other shape, which providers write through {@link ShapeCodec}.
 *
 * <p>Values are read from the field itself, not through an accessor, because accessors of array components return
 * defensive copies and encoding must not allocate. The typed getters ({@link #getLong}, {@link #getInt},
 * {@link #getBoolean}) do not box and serve native primitive components only.
 *
 * <p>Immutable and thread-safe once its {@link TypeModel} is built.
 */
public final class Component {

    private final String name;
    private final int index;
    private final Shape shape;
    private final boolean walked;
    private final MethodHandle getter;
    private final MethodHandle setter;
    private final Field field;

    Component(String name, int index, Shape shape, boolean walked, MethodHandle getter, MethodHandle setter,
            Field field) {
        this.name = name;
        this.field = field;
        this.index = index;
        this.shape = shape;
        this.walked = walked;
        this.getter = getter;
        this.setter = setter;
    }

    /** The field that holds this component's value (read and, field by field, written by generated code). */
    Field field() {
        return field;
    }

    /**
     * The tag pinned with {@link io.raftwire.serializer.WireTag} on this component's field (a record component's
     * annotation reaches its field), or 0 if it has none.
     */
    public int wireTag() {
        io.raftwire.serializer.WireTag tag = field.getAnnotation(io.raftwire.serializer.WireTag.class);
        return tag == null ? 0 : tag.value();
    }

    /** The parameter or field name. */
    public String name() {
        return name;
    }

    /** Zero-based position among the components; also the order components are written in. */
    public int index() {
        return index;
    }

    /** The full shape of the declared type. */
    public Shape shape() {
        return shape;
    }

    /** Whether providers write this component through {@link ShapeCodec} rather than natively (class comment). */
    public boolean walked() {
        return walked;
    }

    /** The component's kind. */
    public Kind kind() {
        return shape.kind();
    }

    /** The declared (erased) Java type. */
    public Class<?> rawType() {
        return shape.javaType();
    }

    private boolean nativeCollection() {
        return !walked && (shape.kind() == Kind.LIST || shape.kind() == Kind.SET);
    }

    /** For a native {@link Kind#LIST} or {@link Kind#SET}: the element kind; otherwise {@code null}. */
    public Kind elementKind() {
        return nativeCollection() ? shape.element().kind() : null;
    }

    /** For a native {@link Kind#LIST} or {@link Kind#SET}: the element class; otherwise {@code null}. */
    public Class<?> elementType() {
        return nativeCollection() ? shape.element().javaType() : null;
    }

    /** The shape of the individual values: the element's for a native collection, the component's otherwise. */
    private Shape valueShape() {
        return nativeCollection() ? shape.element() : shape;
    }

    /** The kind of the individual values: the element kind for native collections, the kind itself otherwise. */
    public Kind valueKind() {
        return valueShape().kind();
    }

    /** For an {@link Kind#ENUM} component or native element: the constants in ordinal order; otherwise null. */
    public Object[] enumConstants() {
        return valueShape().enumConstants();
    }

    /** For a {@link Kind#VALUE} component or native element: the model of the value type; otherwise null. */
    public TypeModel valueModel() {
        return valueShape().valueModel();
    }

    /**
     * For a {@link Kind#POLYMORPHIC} component or native element: every registered type assignable to the declared
     * type, in id order; otherwise empty.
     */
    public List<TypeModel> subtypes() {
        return valueShape().subtypes();
    }

    /**
     * The registered type of a value about to be written in this polymorphic component or native element.
     *
     * @param label the place, for the message
     * @throws IllegalArgumentException if the value's class is not registered or does not belong here
     */
    public TypeModel subtypeOf(String label, Object value) {
        return valueShape().subtypeOf(label, value);
    }

    /**
     * Checks that a type read from a payload may stand in this component.
     *
     * @param model the registered type named by the payload
     * @return {@code model}
     * @throws MalformedPayloadException if the type does not implement the declared type
     */
    public TypeModel checkAssignable(TypeModel model) {
        Class<?> declared = valueShape().javaType();
        if (!declared.isAssignableFrom(model.javaType())) {
            throw new MalformedPayloadException(name + " holds type " + model.id() + " (" + model.name()
                    + ") (expected: a registered " + declared.getSimpleName() + ")");
        }
        return model;
    }

    /** Reads a native {@link Kind#LONG} component of {@code owner} without boxing. */
    public long getLong(Object owner) {
        try {
            return (long) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Reads a native {@link Kind#INT} component of {@code owner} without boxing. */
    public int getInt(Object owner) {
        try {
            return (int) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Reads a native {@link Kind#BOOLEAN} component of {@code owner} without boxing. */
    public boolean getBoolean(Object owner) {
        try {
            return (boolean) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /**
     * Reads a reference component of {@code owner}, or a walked primitive one boxed. Arrays are the field itself,
     * not a copy: callers must not modify them.
     */
    public Object get(Object owner) {
        try {
            return (Object) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Sets the field of a field-by-field type; {@code value} boxed for a primitive. */
    void set(Object owner, Object value) {
        try {
            setter.invokeExact(owner, value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    private static IllegalStateException unexpected(Throwable e) {
        return new IllegalStateException("field access failed", e);
    }

    @Override
    public String toString() {
        if (walked) {
            return name + ':' + shape;
        }
        Kind kind = shape.kind();
        return name + ':' + kind + (nativeCollection() ? "<" + elementKind() + ' ' + elementType().getName() + '>'
                : kind == Kind.VALUE || kind == Kind.POLYMORPHIC || kind == Kind.ENUM ? "<" + rawType().getName() + '>'
                : "");
    }
}
