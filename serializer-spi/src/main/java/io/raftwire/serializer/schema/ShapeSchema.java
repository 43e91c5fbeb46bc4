package io.raftwire.serializer.schema;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.Shape;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The shape of one component (or of an element, key or content inside one) as a schema records it: what decides its
 * bytes, with registered types named by their ids. Class names are kept for messages and for the lock file only;
 * {@link SchemaCompatibility} never matches by them.
 *
 * @param kind      the {@link Kind}
 * @param nullable  whether the declared type is a reference type (a box, a string, a collection...) rather than a
 *                  primitive; at the top of a component this is its nullability. Elements, keys, values and an
 *                  {@code Optional}'s content are never null whatever it says (the model refuses them at encode)
 * @param container what a {@link Kind#LIST}, {@link Kind#SET} or {@link Kind#MAP} decodes into; {@code null} for
 *                  any other kind
 * @param className the declared class of an {@link Kind#ENUM}, {@link Kind#VALUE} or {@link Kind#POLYMORPHIC}
 *                  (informational); {@code null} for any other kind
 * @param typeId    the registered id of a {@link Kind#VALUE}'s type; 0 for any other kind
 * @param constants an {@link Kind#ENUM}'s constants in increasing wire number; empty for any other kind (and in a
 *                  lock file's component lines, which name the enum whose constants the lock lists once)
 * @param key       a {@link Kind#MAP}'s key shape; {@code null} otherwise
 * @param element   the element of a {@link Kind#LIST}, {@link Kind#SET}, {@link Kind#ARRAY},
 *                  {@link Kind#OBJECT_ARRAY}, the content of an {@link Kind#OPTIONAL}, a {@link Kind#MAP}'s value;
 *                  {@code null} otherwise
 */
public record ShapeSchema(Kind kind, boolean nullable, Container container, String className, int typeId,
        List<EnumConstant> constants, ShapeSchema key, ShapeSchema element) {

    /** Nesting deeper than this is refused (a hostile schema could otherwise exhaust the stack). */
    public static final int MAX_DEPTH = 64;

    /** @throws IllegalArgumentException naming the first thing that is inconsistent, and what was expected */
    public ShapeSchema {
        if (kind == null) {
            throw new IllegalArgumentException("shape without a kind (expected: one of " + List.of(Kind.values())
                    + ")");
        }
        constants = constants == null ? List.of() : List.copyOf(constants);
        if (!nullable && !primitive(kind)) {
            throw new IllegalArgumentException(kind + " shape is not nullable (expected: only LONG, INT, BOOLEAN,"
                    + " BYTE, SHORT, CHAR, FLOAT and DOUBLE may be primitives)");
        }
        boolean collection = kind == Kind.LIST || kind == Kind.SET || kind == Kind.MAP;
        if (collection != (container != null)) {
            throw new IllegalArgumentException(kind + " shape " + (collection ? "without a container" : "with container "
                    + container) + " (expected: a container for LIST, SET and MAP only)");
        }
        if (collection && (container.isMap() != (kind == Kind.MAP)
                || kind != Kind.MAP && container.isSet() != (kind == Kind.SET))) {
            throw new IllegalArgumentException(kind + " shape with container " + container
                    + " (expected: a " + kind.name().toLowerCase(java.util.Locale.ROOT) + " container)");
        }
        boolean named = kind == Kind.ENUM || kind == Kind.VALUE || kind == Kind.POLYMORPHIC;
        if (named) {
            Names.requireClassName(kind + " shape's class", className);
        } else if (className != null) {
            throw new IllegalArgumentException(kind + " shape with class " + Names.printable(className)
                    + " (expected: a class for ENUM, VALUE and POLYMORPHIC only)");
        }
        if (kind == Kind.VALUE ? typeId < 1 || typeId > MessageType.MAX_USER_ID : typeId != 0) {
            throw new IllegalArgumentException(kind + " shape with type id " + typeId + " (expected: "
                    + (kind == Kind.VALUE ? "1.." + MessageType.MAX_USER_ID : "0, a type id belongs to VALUE only")
                    + ")");
        }
        if (kind != Kind.ENUM && !constants.isEmpty()) {
            throw new IllegalArgumentException(kind + " shape with enum constants (expected: constants for ENUM only)");
        }
        checkConstants(className, constants);
        boolean hasElement = collection || kind == Kind.OPTIONAL || kind == Kind.ARRAY || kind == Kind.OBJECT_ARRAY;
        if (hasElement != (element != null) || (kind == Kind.MAP) != (key != null)) {
            throw new IllegalArgumentException(kind + " shape " + (element == null ? "without" : "with") + " an element"
                    + " and " + (key == null ? "without" : "with") + " a key (expected: an element for LIST, SET,"
                    + " MAP, OPTIONAL, ARRAY and OBJECT_ARRAY, a key for MAP only)");
        }
        if (kind == Kind.ARRAY && (element.nullable || element.element != null)) {
            throw new IllegalArgumentException("ARRAY shape of " + element + " (expected: an array of a primitive,"
                    + " such as ARRAY<INT>)");
        }
        if (depth(key) >= MAX_DEPTH || depth(element) >= MAX_DEPTH) {
            throw new IllegalArgumentException("shape nested deeper than " + MAX_DEPTH + " levels (expected: at most "
                    + MAX_DEPTH + ")");
        }
    }

    private static int depth(ShapeSchema s) {
        int d = 0;
        for (ShapeSchema x = s; x != null; x = x.element != null ? x.element : x.key) {
            d++;
        }
        return d;
    }

    private static void checkConstants(String enumName, List<EnumConstant> constants) {
        Set<String> names = new HashSet<>();
        int previous = -1;
        for (EnumConstant c : constants) {
            if (!names.add(c.name())) {
                throw new IllegalArgumentException("enum " + enumName + " has constant " + c.name() + " twice"
                        + " (expected: distinct names)");
            }
            if (c.wire() <= previous) {
                throw new IllegalArgumentException("enum " + enumName + " constant " + c.name() + " has wire number "
                        + c.wire() + " after " + previous + " (expected: increasing wire numbers)");
            }
            previous = c.wire();
        }
    }

    /** Whether a shape of this kind may be a primitive (non-null). */
    static boolean primitive(Kind kind) {
        return switch (kind) {
            case LONG, INT, BOOLEAN, BYTE, SHORT, CHAR, FLOAT, DOUBLE -> true;
            default -> false;
        };
    }

    /**
     * The schema of a model's shape, enum constants numbered by ordinal (what every provider writes today).
     *
     * @param shape a shape of a built {@link io.raftwire.serializer.TypeRegistry} (VALUE shapes are linked)
     */
    public static ShapeSchema of(Shape shape) {
        Kind kind = shape.kind();
        String className = kind == Kind.ENUM || kind == Kind.VALUE || kind == Kind.POLYMORPHIC
                ? shape.javaType().getName() : null;
        List<EnumConstant> constants = new ArrayList<>();
        if (kind == Kind.ENUM) {
            for (Object c : shape.enumConstants()) {
                Enum<?> e = (Enum<?>) c;
                constants.add(new EnumConstant(e.name(), e.ordinal()));
            }
        }
        return new ShapeSchema(kind, shape.nullable(), shape.container(), className,
                kind == Kind.VALUE ? shape.valueModel().id() : 0, constants,
                shape.key() == null ? null : of(shape.key()), shape.element() == null ? null : of(shape.element()));
    }

    /** This shape with an enum's constants replaced (itself, or inside its key and element) by {@code lookup}. */
    ShapeSchema withConstants(java.util.function.Function<String, List<EnumConstant>> lookup) {
        return new ShapeSchema(kind, nullable, container, className, typeId,
                kind == Kind.ENUM ? lookup.apply(className) : constants,
                key == null ? null : key.withConstants(lookup), element == null ? null : element.withConstants(lookup));
    }

    /**
     * The lock file's notation: the kind, {@code ?} when nullable, the container in parentheses, and in angle brackets
     * the class of an enum or polymorphic place, the id and class of a value, or the inner shapes, for example
     * {@code LONG}, {@code LONG?}, {@code LIST(LIST)<VALUE<12 io.raftwire.message.NodeId>>},
     * {@code MAP(TREE_MAP)<STRING?,ARRAY<INT>>}. Enum constants are not shown.
     */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(kind.name());
        if (nullable && primitive(kind)) {
            s.append('?');
        }
        if (container != null) {
            s.append('(').append(container.name()).append(')');
        }
        if (kind == Kind.VALUE) {
            s.append('<').append(typeId).append(' ').append(className).append('>');
        } else if (className != null) {
            s.append('<').append(className).append('>');
        } else if (key != null) {
            s.append('<').append(key).append(',').append(element).append('>');
        } else if (element != null) {
            s.append('<').append(element).append('>');
        }
        return s.toString();
    }
}
