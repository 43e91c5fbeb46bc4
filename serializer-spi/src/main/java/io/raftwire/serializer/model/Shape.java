package io.raftwire.serializer.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The full description of one declared type in a registered type: its {@link Kind}, its Java type, and for a
 * container the shapes inside it (the element of a list, set, array or {@code Optional}; the key and value of a map).
 * Shapes nest to any depth, {@code Map<String, List<Set<Long>>>} being three shapes deep. {@link ShapeCodec} is the
 * one place that says how every shape is written; each provider maps the few primitive writes it makes
 * ({@link WireSink}) to its own library.
 *
 * <p>Immutable and thread-safe once its {@link TypeModel} is built.
 */
public final class Shape {

    private final Kind kind;
    private final Class<?> javaType;
    private final Shape element;
    private final Shape key;
    private final Container container;
    private final Object[] enumConstants;
    private TypeModel valueModel;
    private List<TypeModel> subtypes = List.of();
    private Map<Class<?>, TypeModel> subtypesByClass = Map.of();

    Shape(Kind kind, Class<?> javaType, Shape key, Shape element, Container container) {
        this.kind = kind;
        this.javaType = javaType;
        this.key = key;
        this.element = element;
        this.container = container;
        this.enumConstants = javaType.isEnum() ? javaType.getEnumConstants() : null;
    }

    void resolve(TypeModel valueModel, List<TypeModel> subtypes) {
        this.valueModel = valueModel;
        this.subtypes = List.copyOf(subtypes);
        Map<Class<?>, TypeModel> byClass = new HashMap<>();
        for (TypeModel m : subtypes) {
            byClass.put(m.javaType(), m);
        }
        this.subtypesByClass = Map.copyOf(byClass);
    }

    /** The kind of this shape. */
    public Kind kind() {
        return kind;
    }

    /** The declared (erased) Java type; a primitive class for a primitive, a box class for a nullable number. */
    public Class<?> javaType() {
        return javaType;
    }

    /** Whether a value of this shape may be null: every reference type may, a primitive may not. */
    public boolean nullable() {
        return !javaType.isPrimitive();
    }

    /**
     * The element shape of a {@link Kind#LIST}, {@link Kind#SET}, {@link Kind#ARRAY}, {@link Kind#OBJECT_ARRAY},
     * {@link Kind#OPTIONAL}, or the
     * value shape of a {@link Kind#MAP}; otherwise {@code null}.
     */
    public Shape element() {
        return element;
    }

    /** The key shape of a {@link Kind#MAP}; otherwise {@code null}. */
    public Shape key() {
        return key;
    }

    /** What a {@link Kind#LIST}, {@link Kind#SET} or {@link Kind#MAP} decodes into; otherwise {@code null}. */
    public Container container() {
        return container;
    }

    /** For an {@link Kind#ENUM}: the constants in ordinal order; otherwise {@code null}. */
    public Object[] enumConstants() {
        return enumConstants;
    }

    /** For a {@link Kind#VALUE}: the model of the registered type; otherwise {@code null}. */
    public TypeModel valueModel() {
        return valueModel;
    }

    /** For a {@link Kind#POLYMORPHIC}: every registered type assignable to the declared type, in id order. */
    public List<TypeModel> subtypes() {
        return subtypes;
    }

    /**
     * The registered type of a value about to be written in a {@link Kind#POLYMORPHIC} place: one decision for every
     * provider.
     *
     * @param label the place, for the message, e.g. {@code "Holder.payload"}
     * @param value the value, not null
     * @return its model
     * @throws IllegalArgumentException if the value's exact class is not registered or not allowed here
     */
    public TypeModel subtypeOf(String label, Object value) {
        TypeModel m = subtypesByClass.get(value.getClass());
        if (m == null) {
            throw new IllegalArgumentException(label + " holds " + unregistered(value) + " (expected: a registered "
                    + javaType.getSimpleName() + ")");
        }
        return m;
    }

    /** What an unregistered value in a polymorphic place is, and the fix that applies to it. */
    private static String unregistered(Object value) {
        Class<?> type = value.getClass();
        String n = type.getName();
        if (value instanceof Enum<?> e) {
            return "the enum constant " + e.getDeclaringClass().getName() + '.' + e.name() + ", and enums are not"
                    + " registered: a polymorphic place carries registered classes only; declare the field as the"
                    + " enum type to carry its constants";
        } else if (n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.")) {
            return "a " + n + ", and JDK classes cannot be registered: a polymorphic place carries registered classes"
                    + " only; declare the field as the JDK type (String, List<E>, Instant, ...) to carry it";
        } else if (type.isAnonymousClass() || type.isLocalClass() || type.isHidden()) {
            return "an instance of " + n + ", an anonymous, local or hidden class, which cannot be registered;"
                    + " make it a named top-level or static nested class and register that";
        }
        return n + ", which is not registered; register the class itself, a registered superclass does not cover"
                + " it";
    }

    /**
     * Checks that a type read from a payload may stand in this polymorphic place.
     *
     * @param label the place, for the message
     * @param model the registered type named by the payload, or {@code null} if the id is unknown
     * @param id    the id read, for the message
     * @return {@code model}
     * @throws MalformedPayloadException if the id is unknown or its type is not assignable to the declared type
     */
    public TypeModel checkSubtype(String label, TypeModel model, long id) {
        if (model == null || subtypesByClass.get(model.javaType()) != model) {
            throw new MalformedPayloadException(label + " holds type id " + id + (model == null ? ""
                    : " (" + model.name() + ")") + " (expected: the id of a registered " + javaType.getSimpleName()
                    + ")");
        }
        return model;
    }

    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(kind.name());
        switch (kind) {
            case LIST, SET -> s.append('(').append(container).append(")<").append(element).append('>');
            case MAP -> s.append('(').append(container).append(")<").append(key).append(',').append(element)
                    .append('>');
            case OPTIONAL, ARRAY, OBJECT_ARRAY -> s.append('<').append(element).append('>');
            case ENUM, VALUE, POLYMORPHIC -> s.append('<').append(javaType.getName()).append('>');
            default -> s.append(nullable() ? "?" : "");
        }
        return s.toString();
    }
}
