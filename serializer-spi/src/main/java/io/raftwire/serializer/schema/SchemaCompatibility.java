package io.raftwire.serializer.schema;

import io.raftwire.serializer.model.Kind;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The evolution rules, in one place: whether, and how, a reader with one schema reads the bytes a writer with another
 * wrote (serializer-spi's README, "Evolution"). Components are matched by tag, enum constants by name; names and class
 * names are never matched.
 *
 * <ul>
 * <li>a component the reader lacks is read with the writer's shape and dropped; one the writer lacks gets its default
 *     (0, {@code false} or null);</li>
 * <li>a rename (same tag) and a reorder (the writer's order is read, the reader's is built) change nothing;</li>
 * <li>a type the reader lacks, and an enum constant it lacks, are refused only when a value holding one is read;</li>
 * <li>a component written {@code int} and read {@code long} is sign-extended, {@code float} to {@code double} widened
 *     exactly; every other change of kind, container or value type is a problem;</li>
 * <li>a component written nullable and read non-null is a problem, here, so that no null is ever read as 0.</li>
 * </ul>
 *
 * <p>Stateless and thread-safe.
 */
public final class SchemaCompatibility {

    private SchemaCompatibility() {
    }

    /**
     * The outcome of a comparison.
     *
     * @param plans      per type id both schemas have and that has no problem, its read plan
     * @param unreadable types only the writer has, by id, with the writer's class: a payload of one is refused when
     *                   read, as a type id the reader does not know
     * @param problems   every problem, one sentence each naming the type, the component (name and tag), the written
     *                   and the read shape, and the reason; empty if the reader reads everything the writer writes
     */
    public record Result(SortedMap<Integer, ReadPlan> plans, SortedMap<Integer, String> unreadable,
            List<String> problems) {

        /** @throws NullPointerException if a reference is null */
        public Result {
            plans = Collections.unmodifiableSortedMap(new TreeMap<>(plans));
            unreadable = Collections.unmodifiableSortedMap(new TreeMap<>(unreadable));
            problems = List.copyOf(problems);
        }

        /** Whether there is no problem. */
        public boolean compatible() {
            return problems.isEmpty();
        }

        /**
         * The plan of one type.
         *
         * @throws IllegalArgumentException listing every problem, if there is one; or if neither schema has both
         *                                  sides of the type
         */
        public ReadPlan plan(int typeId) {
            if (!problems.isEmpty()) {
                throw new IllegalArgumentException("the reader's types cannot read the writer's: " + problems.size()
                        + " problem(s):\n  " + String.join("\n  ", problems));
            }
            ReadPlan p = plans.get(typeId);
            if (p == null) {
                throw new IllegalArgumentException("no read plan for type " + typeId + " (expected: a type both"
                        + " schemas have" + (unreadable.containsKey(typeId) ? "; the reader does not register it"
                        : "") + ")");
            }
            return p;
        }
    }

    /**
     * Compares a writer's schema with a reader's.
     *
     * @param writer the schema the bytes were written with
     * @param reader the schema of the code reading them
     * @return every type's read plan, or every problem at once
     */
    public static Result compare(Schema writer, Schema reader) {
        SortedMap<Integer, ReadPlan> plans = new TreeMap<>();
        SortedMap<Integer, String> unreadable = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        for (TypeSchema w : writer.types()) {
            TypeSchema r = reader.type(w.id());
            if (r == null) {
                unreadable.put(w.id(), w.className());
                continue;
            }
            int before = problems.size();
            ReadPlan plan = plan(w, r, problems);
            if (problems.size() == before) {
                plans.put(w.id(), plan);
            }
        }
        return new Result(plans, unreadable, problems);
    }

    private static ReadPlan plan(TypeSchema w, TypeSchema r, List<String> problems) {
        List<ReadPlan.Read> reads = new ArrayList<>();
        List<Integer> written = new ArrayList<>();
        for (FieldSchema wf : w.fields()) {
            int index = indexOf(r, wf.tag());
            if (index < 0) {
                reads.add(new ReadPlan.Read(wf, -1, ReadPlan.Conversion.NONE, List.of()));
                continue;
            }
            written.add(index);
            FieldSchema rf = r.fields().get(index);
            String where = r.label() + " component " + (rf.name().equals(wf.name()) ? rf.name()
                    : wf.name() + " (read as " + rf.name() + ")") + " (tag " + wf.tag() + "): written as "
                    + describe(wf) + ", read as " + describe(rf) + ": ";
            List<ReadPlan.EnumMapping> enums = new ArrayList<>();
            ReadPlan.Conversion conversion = top(where, wf.shape(), rf.shape(), enums, problems);
            reads.add(new ReadPlan.Read(wf, index, conversion, enums));
        }
        List<ReadPlan.Default> defaults = new ArrayList<>();
        for (int i = 0; i < r.fields().size(); i++) {
            if (!written.contains(i)) {
                FieldSchema rf = r.fields().get(i);
                defaults.add(new ReadPlan.Default(i, rf, defaultOf(rf.shape())));
            }
        }
        return new ReadPlan(w, r, reads, defaults);
    }

    private static int indexOf(TypeSchema t, int tag) {
        for (int i = 0; i < t.fields().size(); i++) {
            if (t.fields().get(i).tag() == tag) {
                return i;
            }
        }
        return -1;
    }

    private static String describe(FieldSchema f) {
        return f.shape() + (ShapeSchema.primitive(f.shape().kind()) ? f.nullable() ? " (nullable)" : " (non-null)"
                : "");
    }

    private static ReadPlan.Conversion top(String where, ShapeSchema w, ShapeSchema r, List<ReadPlan.EnumMapping> enums,
            List<String> problems) {
        ReadPlan.Conversion conversion = ReadPlan.Conversion.NONE;
        if (w.kind() != r.kind()) {
            if (w.kind() == Kind.INT && r.kind() == Kind.LONG) {
                conversion = ReadPlan.Conversion.INT_TO_LONG;
            } else if (w.kind() == Kind.FLOAT && r.kind() == Kind.DOUBLE) {
                conversion = ReadPlan.Conversion.FLOAT_TO_DOUBLE;
            } else {
                problems.add(where + "the type changed (expected: the same kind, or a widening of the component"
                        + " itself from INT to LONG or from FLOAT to DOUBLE; to change a type, add a component under"
                        + " a new name and remove the old one)");
                return conversion;
            }
        }
        if (w.nullable() && !r.nullable()) {
            problems.add(where + "a null written has no value to read (expected: a nullable reader component, such as"
                    + " the box type; a null is refused here rather than read as 0)");
            return conversion;
        }
        if (conversion == ReadPlan.Conversion.NONE) {
            same(where, "", w, r, enums, problems);
        }
        return conversion;
    }

    /** Compares two shapes of the same kind, and what they hold. */
    private static void same(String where, String path, ShapeSchema w, ShapeSchema r,
            List<ReadPlan.EnumMapping> enums, List<String> problems) {
        String at = path.isEmpty() ? "" : "its" + path + " ";
        if (w.kind() != r.kind()) {
            problems.add(where + at + "changed from " + w + " to " + r + " (expected: the same shape inside a"
                    + " component; a widening applies to a component itself, not to its elements)");
        } else if (w.container() != r.container()) {
            problems.add(where + at + "decodes into " + r.container() + " instead of " + w.container()
                    + " (expected: the same container, whose layout the bytes follow)");
        } else if (w.kind() == Kind.VALUE && w.typeId() != r.typeId()) {
            problems.add(where + at + "holds type " + r.typeId() + " instead of type " + w.typeId() + " (expected: the"
                    + " same registered type)");
        } else if (!path.isEmpty() && w.nullable() != r.nullable()) {
            problems.add(where + at + "changed from " + w + " to " + r + " (expected: the same shape inside a"
                    + " component)");
        } else {
            if (w.kind() == Kind.ENUM) {
                enums.add(mapping(path, w, r));
            }
            if (w.key() != null) {
                same(where, path + ".key", w.key(), r.key(), enums, problems);
            }
            if (w.element() != null) {
                same(where, path + ".element", w.element(), r.element(), enums, problems);
            }
        }
    }

    private static ReadPlan.EnumMapping mapping(String path, ShapeSchema w, ShapeSchema r) {
        SortedMap<Integer, EnumConstant> map = new TreeMap<>();
        List<EnumConstant> unknown = new ArrayList<>();
        for (EnumConstant c : w.constants()) {
            EnumConstant match = r.constants().stream().filter(k -> k.name().equals(c.name())).findFirst()
                    .orElse(null);
            if (match == null) {
                unknown.add(c);
            } else {
                map.put(c.wire(), match);
            }
        }
        return new ReadPlan.EnumMapping(path, map, unknown);
    }

    private static Object defaultOf(ShapeSchema s) {
        if (s.nullable()) {
            return null;
        }
        return switch (s.kind()) {
            case LONG -> 0L;
            case INT -> 0;
            case BOOLEAN -> false;
            case BYTE -> (byte) 0;
            case SHORT -> (short) 0;
            case CHAR -> '\0';
            case FLOAT -> 0f;
            case DOUBLE -> 0d;
            default -> throw new IllegalStateException(s + " is not nullable");
        };
    }
}
