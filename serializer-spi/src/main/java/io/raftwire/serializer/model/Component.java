package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * One constructor parameter of a registered type: its name, its {@link Kind}, and a reader for its value.
 *
 * <p>Values are read from the private final field of the same name, not through the accessor, because accessors
 * of array components return defensive copies and encoding must not allocate. The typed getters
 * ({@link #getLong}, {@link #getInt}, {@link #getBoolean}) do not box.
 *
 * <p>Immutable and thread-safe once its {@link TypeModel} is built.
 */
public final class Component {

    private final String name;
    private final int index;
    private final Kind kind;
    private final Class<?> rawType;
    private final Kind elementKind;
    private final Class<?> elementType;
    private final Object[] enumConstants;
    private final MethodHandle getter;
    private TypeModel valueModel;
    private List<TypeModel> subtypes = List.of();

    Component(String name, int index, Kind kind, Class<?> rawType, Kind elementKind, Class<?> elementType,
            MethodHandle getter) {
        this.name = name;
        this.index = index;
        this.kind = kind;
        this.rawType = rawType;
        this.elementKind = elementKind;
        this.elementType = elementType;
        Class<?> target = kind == Kind.LIST || kind == Kind.SET ? elementType : rawType;
        this.enumConstants = target != null && target.isEnum() ? target.getEnumConstants() : null;
        this.getter = getter;
    }

    void resolve(TypeModel valueModel, List<TypeModel> subtypes) {
        this.valueModel = valueModel;
        this.subtypes = List.copyOf(subtypes);
    }

    /** The parameter name, equal to the field and accessor name. */
    public String name() {
        return name;
    }

    /** Zero-based position among the constructor parameters; also the order components are written in. */
    public int index() {
        return index;
    }

    /** The component's shape. */
    public Kind kind() {
        return kind;
    }

    /** The declared (erased) Java type. */
    public Class<?> rawType() {
        return rawType;
    }

    /** For {@link Kind#LIST} and {@link Kind#SET}: the element kind; otherwise {@code null}. */
    public Kind elementKind() {
        return elementKind;
    }

    /** For {@link Kind#LIST} and {@link Kind#SET}: the element class; otherwise {@code null}. */
    public Class<?> elementType() {
        return elementType;
    }

    /** The kind of the individual values: the element kind for collections, the kind itself otherwise. */
    public Kind valueKind() {
        return elementKind != null ? elementKind : kind;
    }

    /** For an {@link Kind#ENUM} component or element: the constants in ordinal order; otherwise {@code null}. */
    public Object[] enumConstants() {
        return enumConstants;
    }

    /** For a {@link Kind#VALUE} component or element: the model of the value type; otherwise {@code null}. */
    public TypeModel valueModel() {
        return valueModel;
    }

    /**
     * For a {@link Kind#POLYMORPHIC} component or element: every registered type assignable to the declared type,
     * in id order; otherwise empty.
     */
    public List<TypeModel> subtypes() {
        return subtypes;
    }

    /**
     * Checks that a type read from a payload may stand in this component.
     *
     * @param model the registered type named by the payload
     * @return {@code model}
     * @throws MalformedPayloadException if the type does not implement the declared type
     */
    public TypeModel checkAssignable(TypeModel model) {
        Class<?> declared = elementType != null ? elementType : rawType;
        if (!declared.isAssignableFrom(model.javaType())) {
            throw new MalformedPayloadException(name + " holds type " + model.id() + " (" + model.name()
                    + ") (expected: a registered " + declared.getSimpleName() + ")");
        }
        return model;
    }

    /** Reads a {@link Kind#LONG} component of {@code owner} without boxing. */
    public long getLong(Object owner) {
        try {
            return (long) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Reads an {@link Kind#INT} component of {@code owner} without boxing. */
    public int getInt(Object owner) {
        try {
            return (int) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /** Reads a {@link Kind#BOOLEAN} component of {@code owner} without boxing. */
    public boolean getBoolean(Object owner) {
        try {
            return (boolean) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    /**
     * Reads a reference component of {@code owner}. Arrays are the field itself, not a copy: callers must not
     * modify them.
     */
    public Object get(Object owner) {
        try {
            return (Object) getter.invokeExact(owner);
        } catch (Throwable e) {
            throw unexpected(e);
        }
    }

    private static IllegalStateException unexpected(Throwable e) {
        return new IllegalStateException("field read failed", e);
    }

    @Override
    public String toString() {
        return name + ':' + kind + (elementKind != null ? "<" + elementKind + ' ' + elementType.getName() + '>'
                : kind == Kind.VALUE || kind == Kind.POLYMORPHIC || kind == Kind.ENUM ? "<" + rawType.getName() + '>'
                : "");
    }
}
