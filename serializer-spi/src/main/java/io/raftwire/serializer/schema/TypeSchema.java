package io.raftwire.serializer.schema;

import io.raftwire.message.MessageType;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * One registered type in a schema.
 *
 * @param id           its wire id
 * @param className    the registered class, informational
 * @param fieldByField whether it is built field by field (informational: both ways write the same layout)
 * @param fields       its components in the order they are written (wire order), each with its tag
 */
public record TypeSchema(int id, String className, boolean fieldByField, List<FieldSchema> fields) {

    /** @throws IllegalArgumentException naming what is wrong */
    public TypeSchema {
        if (id < 1 || id > MessageType.MAX_USER_ID) {
            throw new IllegalArgumentException("type id " + id + " (expected: 1.." + MessageType.MAX_USER_ID + ")");
        }
        Names.requireClassName("type " + id + "'s class", className);
        fields = List.copyOf(fields);
        Set<Integer> tags = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (FieldSchema f : fields) {
            if (!tags.add(f.tag())) {
                throw new IllegalArgumentException("type " + id + " (" + className + ") has tag " + f.tag()
                        + " twice (expected: one tag per component)");
            }
            if (!names.add(f.name())) {
                throw new IllegalArgumentException("type " + id + " (" + className + ") has component " + f.name()
                        + " twice (expected: distinct names)");
            }
        }
    }

    /** The simple class name, for messages. */
    public String simpleName() {
        String n = className.substring(className.lastIndexOf('.') + 1);
        return n.substring(n.lastIndexOf('$') + 1);
    }

    /** The component with this tag, or null. */
    public FieldSchema field(int tag) {
        for (FieldSchema f : fields) {
            if (f.tag() == tag) {
                return f;
            }
        }
        return null;
    }

    /** {@code Name (type id)}, as messages name a type. */
    String label() {
        return simpleName() + " (type " + id + ')';
    }
}
