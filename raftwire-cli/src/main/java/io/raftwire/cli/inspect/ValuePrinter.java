package io.raftwire.cli.inspect;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.TypeModel;

import java.util.Collection;
import java.util.List;

/**
 * Prints any registered value field by field, generically, from the serializer SPI's type model: each component by
 * its name, nested values indented below their field, collections element by element, byte arrays as length and hex
 * prefix. Knows no message class: a type registered tomorrow prints the same way.
 *
 * <p>Thread-safe (stateless apart from the registry).
 */
final class ValuePrinter {

    /** {@code long[]} elements shown before the rest is cut. */
    static final int MAX_LONGS = 16;
    private static final String INDENT = "  ";

    private final TypeRegistry registry;

    ValuePrinter(TypeRegistry registry) {
        this.registry = registry;
    }

    /**
     * Appends the fields of {@code value}, one per line, each starting with {@code indent}.
     *
     * @param value a value whose class is registered
     */
    void printFields(Object value, String indent, List<String> lines) {
        TypeModel model = registry.find(value.getClass());
        if (model == null) {
            lines.add(indent + "(" + value.getClass().getName() + " is not registered: " + value + ")");
            return;
        }
        for (Component c : model.components()) {
            printComponent(value, c, indent, lines);
        }
    }

    /** {@code VoteRequest (17)}: a registered value's type name and id. */
    String typeName(Object value) {
        TypeModel model = registry.find(value.getClass());
        return model == null ? value.getClass().getSimpleName() : model.name() + " (" + model.id() + ")";
    }

    private void printComponent(Object owner, Component c, String indent, List<String> lines) {
        String label = indent + c.name() + ": ";
        switch (c.kind()) {
            case LONG -> lines.add(label + c.getLong(owner));
            case INT -> lines.add(label + c.getInt(owner));
            case BOOLEAN -> lines.add(label + c.getBoolean(owner));
            case LIST, SET -> printCollection((Collection<?>) c.get(owner), c, label, indent, lines);
            default -> printValue(c.get(owner), c.kind(), label, indent, lines);
        }
    }

    private void printCollection(Collection<?> values, Component c, String label, String indent,
            List<String> lines) {
        if (values == null) {
            lines.add(label + "null");
            return;
        }
        lines.add(label + (c.kind() == Kind.LIST ? "List" : "Set") + "[" + values.size() + "]");
        int i = 0;
        for (Object element : values) {
            printValue(element, c.elementKind(), indent + INDENT + "[" + i++ + "] ", indent + INDENT, lines);
        }
    }

    /** One value of a reference kind: on the label's line if it is a leaf, else its type there and fields below. */
    private void printValue(Object value, Kind kind, String label, String indent, List<String> lines) {
        if (value == null) {
            lines.add(label + "null");
            return;
        }
        switch (kind) {
            case STRING, CHAR_SEQUENCE -> lines.add(label + Text.quote((String) value));
            case BYTES -> lines.add(label + Text.bytes((byte[]) value));
            case LONGS -> lines.add(label + longs((long[]) value));
            case ENUM -> lines.add(label + ((Enum<?>) value).name());
            case VALUE, POLYMORPHIC -> {
                lines.add(label + typeName(value));
                printFields(value, indent + INDENT, lines);
            }
            default -> lines.add(label + value);
        }
    }

    private static String longs(long[] values) {
        StringBuilder b = new StringBuilder("long[").append(values.length).append("] [");
        int n = Math.min(values.length, MAX_LONGS);
        for (int i = 0; i < n; i++) {
            b.append(i == 0 ? "" : ", ").append(values[i]);
        }
        return b.append(values.length > n ? ", ...]" : "]").toString();
    }
}
