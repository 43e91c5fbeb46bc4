package io.raftwire.serializer.schema;

import java.util.List;
import java.util.SortedMap;

/**
 * How a reader with one schema reads one type's bytes written with another ({@link SchemaCompatibility#compare}): the
 * writer's components in the writer's order, each read with the writer's shape and layout and then stored into a
 * reader component (converted where a widening says so) or skipped; then every reader component the writer did not
 * write set to its default.
 *
 * @param writer   the type as written
 * @param reader   the type as read
 * @param reads    one step per written component, in the writer's order
 * @param defaults the reader's components the writer did not write
 */
public record ReadPlan(TypeSchema writer, TypeSchema reader, List<Read> reads, List<Default> defaults) {

    /** @throws NullPointerException if a list is null */
    public ReadPlan {
        reads = List.copyOf(reads);
        defaults = List.copyOf(defaults);
    }

    /**
     * Whether the bytes are read exactly as the reader's own schema reads them: the same tags in the same order, each
     * with the same layout, shape and enum wire numbers (names may differ: a rename with its tag kept). A provider
     * keeps its generated codec for such a type.
     */
    public boolean identity() {
        if (writer.fields().size() != reader.fields().size()) {
            return false;
        }
        for (int i = 0; i < writer.fields().size(); i++) {
            FieldSchema w = writer.fields().get(i);
            FieldSchema r = reader.fields().get(i);
            if (w.tag() != r.tag() || w.walked() != r.walked() || !w.shape().equals(r.shape())) {
                return false;
            }
        }
        return true;
    }

    /** How a widened number is converted after it is read with the writer's shape. */
    public enum Conversion {
        /** Stored as read. */
        NONE,
        /** An {@code int} read as written, stored into a {@code long} sign-extended: -1 stays -1. */
        INT_TO_LONG,
        /** A {@code float} read as written, stored into a {@code double} exactly ({@code (double) f}). */
        FLOAT_TO_DOUBLE
    }

    /**
     * One written component.
     *
     * @param written     the component as written (its shape and layout are how to read it)
     * @param readerIndex the reader's component it is stored into, by position in {@link ReadPlan#reader()}'s
     *                    components; -1 if the reader has no component with its tag (read and dropped)
     * @param conversion  how it is converted before it is stored
     * @param enums       how the enum constants it holds (itself, or its elements, keys or values) map to the
     *                    reader's; empty if it holds none
     */
    public record Read(FieldSchema written, int readerIndex, Conversion conversion, List<EnumMapping> enums) {

        /** @throws NullPointerException if a reference is null */
        public Read {
            enums = List.copyOf(enums);
        }

        /** Whether the value is read only to be dropped. */
        public boolean skipped() {
            return readerIndex < 0;
        }
    }

    /**
     * A reader component the writer did not write.
     *
     * @param readerIndex its position in {@link ReadPlan#reader()}'s components
     * @param field       the component
     * @param value       what it is set to: 0, {@code false} or {@code '\0'} of its primitive type, or {@code null}
     */
    public record Default(int readerIndex, FieldSchema field, Object value) {
    }

    /**
     * How one enum's written wire numbers map to the reader's constants, by name.
     *
     * @param path     where the enum is in the component: {@code ""} for the component itself, {@code ".element"},
     *                 {@code ".key"}, nested as deep as the shape
     * @param readerByWritten per written wire number, the reader's constant of the same name
     * @param unknown  written constants the reader does not have: a value holding one is refused when it is read,
     *                 naming the constant
     */
    public record EnumMapping(String path, SortedMap<Integer, EnumConstant> readerByWritten,
            List<EnumConstant> unknown) {

        /** @throws NullPointerException if a reference is null */
        public EnumMapping {
            readerByWritten = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(readerByWritten));
            unknown = List.copyOf(unknown);
        }
    }
}
