package io.raftwire.serializer.schema;

import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Kind;

import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The lock file's text: printing a {@link SchemaLock} and parsing one back, every line checked. The format is
 * described in serializer-spi's README ("Schema lock").
 */
final class LockText {

    static final String HEADER = "raftwire-schema-lock 1";

    private LockText() {
    }

    static String format(SchemaLock lock) {
        StringBuilder s = new StringBuilder(HEADER).append('\n');
        s.append("# Tags of components and wire numbers of enum constants, pinned: a tag or number is never given to\n");
        s.append("# anything else. Written by SchemaLock.write; change it by writing it again, in a reviewed commit.\n");
        for (SchemaLock.LockedType t : lock.types().values()) {
            s.append("type ").append(t.id()).append(' ').append(t.className()).append(' ')
                    .append(t.fieldByField() ? "fields" : "constructor").append('\n');
            for (SchemaLock.LockedField f : t.fields()) {
                s.append("  ").append(f.tag()).append(' ').append(f.name()).append(' ')
                        .append(SchemaLock.layout(f.walked())).append(' ').append(f.shape()).append('\n');
            }
            retired(s, t.retired());
        }
        for (SchemaLock.LockedEnum e : lock.enums().values()) {
            s.append("enum ").append(e.className()).append('\n');
            for (EnumConstant c : e.constants()) {
                s.append("  ").append(c.wire()).append(' ').append(c.name()).append('\n');
            }
            retired(s, e.retired());
        }
        lock.retiredTypes().forEach((id, c) -> s.append("retired-type ").append(id).append(' ').append(c)
                .append('\n'));
        return s.toString();
    }

    private static void retired(StringBuilder s, SortedSet<Integer> retired) {
        if (!retired.isEmpty()) {
            s.append("  retired");
            retired.forEach(r -> s.append(' ').append(r));
            s.append('\n');
        }
    }

    static SchemaLock parse(String text) {
        String[] lines = text.split("\n", -1);
        if (lines.length == 0 || !lines[0].strip().equals(HEADER)) {
            throw new IllegalArgumentException("line 1: '" + Names.printable(lines.length == 0 ? "" : lines[0])
                    + "' (expected: '" + HEADER + "')");
        }
        SortedMap<Integer, SchemaLock.LockedType> types = new TreeMap<>();
        SortedMap<String, SchemaLock.LockedEnum> enums = new TreeMap<>();
        SortedMap<Integer, String> retiredTypes = new TreeMap<>();
        Block block = null;
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i];
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int number = i + 1;
            if (!line.startsWith("  ") && block != null) {
                block.close(types, enums);
                block = null;
            }
            try {
                if (line.startsWith("  ")) {
                    if (block == null) {
                        throw new IllegalArgumentException("an indented line outside a type or enum (expected: it"
                                + " after a 'type' or 'enum' line)");
                    }
                    block.line(line.substring(2));
                    continue;
                }
                String[] w = line.split(" ", -1);
                switch (w[0]) {
                    case "type" -> {
                        words(w, 4, "type <id> <class> <constructor|fields>");
                        if (!w[3].equals("constructor") && !w[3].equals("fields")) {
                            throw new IllegalArgumentException("'" + Names.printable(w[3])
                                    + "' (expected: constructor or fields)");
                        }
                        block = new Block(number, number(w[1], "type id"), w[2], w[3].equals("fields"), false);
                        if (types.containsKey(block.id)) {
                            throw new IllegalArgumentException("type " + block.id + " again (expected: each type once)");
                        }
                    }
                    case "enum" -> {
                        words(w, 2, "enum <class>");
                        block = new Block(number, 0, w[1], false, true);
                        if (enums.containsKey(w[1])) {
                            throw new IllegalArgumentException("enum " + Names.printable(w[1]) + " again (expected:"
                                    + " each enum once)");
                        }
                    }
                    case "retired-type" -> {
                        words(w, 3, "retired-type <id> <class>");
                        int id = number(w[1], "type id");
                        if (retiredTypes.put(id, Names.requireClassName("retired type's class", w[2])) != null) {
                            throw new IllegalArgumentException("type " + id + " retired twice (expected: once)");
                        }
                    }
                    default -> throw new IllegalArgumentException("'" + Names.printable(w[0]) + "' (expected: type,"
                            + " enum, retired-type, a comment starting with #, or an indented line)");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + number + ": " + e.getMessage(), e);
            }
        }
        if (block != null) {
            block.close(types, enums);
        }
        return new SchemaLock(types, enums, retiredTypes);
    }

    private static void words(String[] w, int n, String expected) {
        if (w.length != n) {
            throw new IllegalArgumentException(w.length + " words (expected: '" + expected
                    + "', words separated by one space)");
        }
    }

    static int number(String s, String what) {
        if (!s.matches("0|[1-9][0-9]{0,8}")) {
            throw new IllegalArgumentException(what + " '" + Names.printable(s) + "' (expected: a decimal number"
                    + " without sign or leading zero)");
        }
        return Integer.parseInt(s);
    }

    /** The lines of one type or enum being read. */
    private static final class Block {
        final int number;
        final int id;
        final String className;
        final boolean fieldByField;
        final boolean isEnum;
        final List<SchemaLock.LockedField> fields = new ArrayList<>();
        final List<EnumConstant> constants = new ArrayList<>();
        final SortedSet<Integer> retired = new TreeSet<>();

        Block(int number, int id, String className, boolean fieldByField, boolean isEnum) {
            this.number = number;
            this.id = id;
            this.className = className;
            this.fieldByField = fieldByField;
            this.isEnum = isEnum;
        }

        void line(String line) {
            String[] w = line.split(" ", isEnum ? -1 : 4);
            if (w[0].equals("retired")) {
                if (w.length < 2 || !retired.isEmpty()) {
                    throw new IllegalArgumentException("'" + Names.printable(line) + "' (expected: one 'retired'"
                            + " line with one or more numbers)");
                }
                for (String n : line.substring("retired ".length()).split(" ", -1)) {
                    if (!retired.add(number(n, "retired number"))) {
                        throw new IllegalArgumentException("retired " + n + " twice (expected: once)");
                    }
                }
            } else if (isEnum) {
                words(w, 2, "<wire number> <constant>");
                constants.add(new EnumConstant(w[1], number(w[0], "wire number")));
            } else {
                words(w, 4, "<tag> <name> <native|walked> <shape>");
                if (!w[2].equals("native") && !w[2].equals("walked")) {
                    throw new IllegalArgumentException("'" + Names.printable(w[2]) + "' (expected: native or walked)");
                }
                int tag = number(w[0], "tag");
                ShapeSchema shape = new ShapeParser(w[3]).parse();
                if (containsConstants(shape)) {
                    throw new IllegalStateException("parser gave constants");
                }
                FieldSchema checked = new FieldSchema(tag, w[1], w[2].equals("walked"), shape);
                fields.add(new SchemaLock.LockedField(checked.tag(), checked.name(), checked.walked(), shape));
            }
        }

        /** @throws IllegalArgumentException naming the block's first line */
        void close(SortedMap<Integer, SchemaLock.LockedType> types, SortedMap<String, SchemaLock.LockedEnum> enums) {
            try {
                add(types, enums);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("line " + number + ": " + e.getMessage(), e);
            }
        }

        private void add(SortedMap<Integer, SchemaLock.LockedType> types,
                SortedMap<String, SchemaLock.LockedEnum> enums) {
            if (isEnum) {
                enums.put(className, new SchemaLock.LockedEnum(className, constants, retired));
            } else {
                for (int i = 1; i < fields.size(); i++) {
                    if (fields.get(i).tag() <= fields.get(i - 1).tag()) {
                        throw new IllegalArgumentException("type " + id + ": tag " + fields.get(i).tag() + " after tag "
                                + fields.get(i - 1).tag() + " (expected: components in increasing tag)");
                    }
                }
                types.put(id, new SchemaLock.LockedType(id, className, fieldByField, fields, retired));
            }
        }
    }

    private static boolean containsConstants(ShapeSchema s) {
        return s != null && (!s.constants().isEmpty() || containsConstants(s.key()) || containsConstants(s.element()));
    }

    /** Reads {@link ShapeSchema#toString()}'s notation. */
    private static final class ShapeParser {
        private final String text;
        private int at;

        ShapeParser(String text) {
            this.text = text;
        }

        ShapeSchema parse() {
            ShapeSchema s = shape(0);
            if (at != text.length()) {
                throw error("the end of the shape");
            }
            return s;
        }

        private ShapeSchema shape(int depth) {
            if (depth >= ShapeSchema.MAX_DEPTH) {
                throw new IllegalArgumentException("shape nested deeper than " + ShapeSchema.MAX_DEPTH
                        + " levels (expected: at most " + ShapeSchema.MAX_DEPTH + ")");
            }
            String kindName = word();
            Kind kind;
            try {
                kind = Kind.valueOf(kindName);
            } catch (IllegalArgumentException e) {
                throw error("a kind such as LONG, STRING or LIST");
            }
            boolean nullable = !ShapeSchema.primitive(kind);
            if (peek('?')) {
                if (nullable) {
                    throw error("no '?' after " + kind + ", which is always nullable");
                }
                at++;
                nullable = true;
            }
            Container container = null;
            if (peek('(')) {
                at++;
                String c = word();
                try {
                    container = Container.valueOf(c);
                } catch (IllegalArgumentException e) {
                    throw error("a container such as LIST, ARRAY_LIST or TREE_MAP");
                }
                expect(')');
            }
            String className = null;
            int typeId = 0;
            ShapeSchema key = null;
            ShapeSchema element = null;
            if (peek('<')) {
                at++;
                if (kind == Kind.VALUE) {
                    typeId = number(word(), "type id");
                    expect(' ');
                    className = name();
                } else if (kind == Kind.ENUM || kind == Kind.POLYMORPHIC) {
                    className = name();
                } else if (kind == Kind.MAP) {
                    key = shape(depth + 1);
                    expect(',');
                    element = shape(depth + 1);
                } else {
                    element = shape(depth + 1);
                }
                expect('>');
            }
            return new ShapeSchema(kind, nullable, container, className, typeId, List.of(), key, element);
        }

        private boolean peek(char c) {
            return at < text.length() && text.charAt(at) == c;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw error("'" + c + "'");
            }
            at++;
        }

        private String word() {
            int start = at;
            while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) {
                at++;
            }
            return text.substring(start, at);
        }

        private String name() {
            int start = at;
            while (at < text.length() && text.charAt(at) != '>') {
                at++;
            }
            return text.substring(start, at);
        }

        private IllegalArgumentException error(String expected) {
            return new IllegalArgumentException("shape '" + Names.printable(text) + "' at character " + (at + 1)
                    + " (expected: " + expected + ")");
        }
    }
}
