package io.raftwire.serializer.schema;

/**
 * One component of a registered type in a schema.
 *
 * @param tag    its tag: 1 or more, unique within the type, what two schemas match components by
 * @param name   the parameter or field name, informational (shown in messages, never on the wire)
 * @param walked whether providers write it through the shared walk ({@code ShapeCodec}) rather than natively; with
 *               the shape, this decides its bytes
 * @param shape  its shape
 */
public record FieldSchema(int tag, String name, boolean walked, ShapeSchema shape) {

    /** @throws IllegalArgumentException naming what is wrong */
    public FieldSchema {
        Names.requireIdentifier("component name", name);
        if (tag < 1) {
            throw new IllegalArgumentException("component " + name + " has tag " + tag + " (expected: 1 or more)");
        }
        if (shape == null) {
            throw new IllegalArgumentException("component " + name + " has no shape (expected: a shape)");
        }
    }

    /** Whether the component may hold null. */
    public boolean nullable() {
        return shape.nullable();
    }

    /** {@code name (tag n)}, as messages name a component. */
    String label() {
        return name + " (tag " + tag + ')';
    }
}
