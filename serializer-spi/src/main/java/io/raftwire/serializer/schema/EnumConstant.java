package io.raftwire.serializer.schema;

/**
 * One constant of an enum in a schema: its name, which is how two schemas match constants, and its wire number,
 * which is what a payload carries. Today every provider writes an enum constant's ordinal, so in the schema of a
 * registry the wire number is the ordinal ({@link SchemaLock} refuses a lock whose numbers differ from the ordinals).
 *
 * @param name the constant's name
 * @param wire its wire number, 0 or more
 */
public record EnumConstant(String name, int wire) {

    /** @throws IllegalArgumentException naming what is wrong */
    public EnumConstant {
        Names.requireIdentifier("enum constant name", name);
        if (wire < 0) {
            throw new IllegalArgumentException("enum constant " + name + " has wire number " + wire
                    + " (expected: 0 or more)");
        }
    }

    @Override
    public String toString() {
        return name + '=' + wire;
    }
}
