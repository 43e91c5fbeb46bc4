package io.raftwire.serializer.schema;

import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Kind;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The canonical bytes of a {@link Schema}: hand-written, so reading a schema never needs a schema or a serializer.
 * One schema has exactly one encoding, and {@link #read} accepts only that encoding ({@code write(read(b))} equals
 * {@code b}), which makes the {@link Schema#digest() digest} a function of the schema.
 *
 * <p>Layout (varint = unsigned LEB128, at most 5 bytes, no redundant trailing group; string = varint byte length
 * then well-formed UTF-8, at most {@value #MAX_STRING} bytes): the magic {@code 52 57 53} ("RWS") and the version
 * byte {@code 01}; a varint type count; per type its varint id, its class name, a byte 0 (built through its
 * constructor) or 1 (field by field), a varint component count and the components in wire order; per component its
 * varint tag, its name, a byte 0 (native) or 1 (walked) and its shape; per shape a kind code byte, a flags byte (bit 0:
 * nullable, no other bit), a container code byte for LIST, SET and MAP, then for ENUM its class name, a varint
 * constant count and per constant its name and varint wire number; for VALUE its varint type id and class name; for
 * POLYMORPHIC its class name; for MAP the key then the value shape; for LIST, SET, OPTIONAL, ARRAY and OBJECT_ARRAY
 * the element shape. Kind and container codes are the positions in {@link #KINDS} and {@link #CONTAINERS}, frozen:
 * a new kind or container is appended.
 *
 * <p>Stateless and thread-safe.
 */
public final class SchemaCodec {

    /** The version byte this codec writes and the only one it reads. */
    public static final int VERSION = 1;
    /** The longest string accepted, in UTF-8 bytes. */
    public static final int MAX_STRING = 4096;

    private static final byte[] MAGIC = {'R', 'W', 'S'};

    /** Kind codes, frozen in this order. */
    static final List<Kind> KINDS = List.of(Kind.LONG, Kind.INT, Kind.BOOLEAN, Kind.STRING, Kind.BYTES, Kind.LONGS,
            Kind.ENUM, Kind.VALUE, Kind.POLYMORPHIC, Kind.LIST, Kind.SET, Kind.BYTE, Kind.SHORT, Kind.CHAR,
            Kind.FLOAT, Kind.DOUBLE, Kind.ARRAY, Kind.UUID, Kind.INSTANT, Kind.DURATION, Kind.LOCAL_DATE,
            Kind.LOCAL_TIME, Kind.LOCAL_DATE_TIME, Kind.BIG_INTEGER, Kind.BIG_DECIMAL, Kind.OPTIONAL, Kind.MAP,
            Kind.OBJECT_ARRAY, Kind.ATOMIC_LONG, Kind.ATOMIC_INTEGER, Kind.ATOMIC_BOOLEAN, Kind.DATE, Kind.NUMBER,
            Kind.CHAR_SEQUENCE);

    /** Container codes, frozen in this order. */
    static final List<Container> CONTAINERS = List.of(Container.LIST, Container.ARRAY_LIST, Container.LINKED_LIST,
            Container.SET, Container.HASH_SET, Container.LINKED_HASH_SET, Container.SORTED_SET, Container.TREE_SET,
            Container.MAP, Container.HASH_MAP, Container.LINKED_HASH_MAP, Container.SORTED_MAP, Container.TREE_MAP,
            Container.ENUM_SET, Container.ENUM_MAP, Container.COPY_ON_WRITE_ARRAY_LIST,
            Container.CONCURRENT_SKIP_LIST_SET, Container.CONCURRENT_HASH_MAP, Container.CONCURRENT_SKIP_LIST_MAP);

    private SchemaCodec() {
    }

    /** The canonical bytes of {@code schema}. */
    public static byte[] write(Schema schema) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(MAGIC);
        out.write(VERSION);
        varint(out, schema.types().size());
        for (TypeSchema t : schema.types()) {
            varint(out, t.id());
            string(out, t.className());
            out.write(t.fieldByField() ? 1 : 0);
            varint(out, t.fields().size());
            for (FieldSchema f : t.fields()) {
                varint(out, f.tag());
                string(out, f.name());
                out.write(f.walked() ? 1 : 0);
                shape(out, f.shape());
            }
        }
        return out.toByteArray();
    }

    private static void shape(ByteArrayOutputStream out, ShapeSchema s) {
        out.write(KINDS.indexOf(s.kind()));
        out.write(s.nullable() ? 1 : 0);
        if (s.container() != null) {
            out.write(CONTAINERS.indexOf(s.container()));
        }
        switch (s.kind()) {
            case ENUM -> {
                string(out, s.className());
                varint(out, s.constants().size());
                for (EnumConstant c : s.constants()) {
                    string(out, c.name());
                    varint(out, c.wire());
                }
            }
            case VALUE -> {
                varint(out, s.typeId());
                string(out, s.className());
            }
            case POLYMORPHIC -> string(out, s.className());
            default -> {
                if (s.key() != null) {
                    shape(out, s.key());
                }
                if (s.element() != null) {
                    shape(out, s.element());
                }
            }
        }
    }

    private static void varint(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    private static void string(ByteArrayOutputStream out, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > MAX_STRING) {
            throw new IllegalArgumentException("name of " + b.length + " UTF-8 bytes (expected: at most " + MAX_STRING
                    + ")");
        }
        varint(out, b.length);
        out.writeBytes(b);
    }

    /**
     * Reads a schema from its canonical bytes.
     *
     * @throws IllegalArgumentException naming the byte offset, what was found and what was expected, for anything but
     *                                  the canonical encoding of a valid schema
     */
    public static Schema read(byte[] bytes) {
        return new Reader(bytes).schema();
    }

    /** One read; not thread-safe. */
    private static final class Reader {
        private final byte[] b;
        private int at;

        Reader(byte[] b) {
            this.b = b;
        }

        Schema schema() {
            for (int i = 0; i < MAGIC.length; i++) {
                if (at >= b.length || b[at] != MAGIC[i]) {
                    throw error("not a schema: the magic bytes 52 57 53 (\"RWS\")");
                }
                at++;
            }
            int version = u8("the version byte");
            if (version != VERSION) {
                at--;
                throw error("version " + VERSION + ", found " + version);
            }
            int count = count("type count", 3);
            List<TypeSchema> types = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                int start = at;
                int id = varint("type id");
                String className = string("class name");
                boolean fieldByField = flag("0 (constructor) or 1 (field by field)");
                int fieldCount = count("component count", 5);
                List<FieldSchema> fields = new ArrayList<>(fieldCount);
                for (int j = 0; j < fieldCount; j++) {
                    int fieldStart = at;
                    int tag = varint("tag");
                    String name = string("component name");
                    boolean walked = flag("0 (native) or 1 (walked)");
                    ShapeSchema shape = shape(0);
                    fields.add(valid(fieldStart, () -> new FieldSchema(tag, name, walked, shape)));
                }
                types.add(valid(start, () -> new TypeSchema(id, className, fieldByField, fields)));
                if (i > 0 && types.get(i).id() <= types.get(i - 1).id()) {
                    at = start;
                    throw error("increasing type ids, found " + id + " after " + types.get(i - 1).id());
                }
            }
            if (at != b.length) {
                throw error("the end of the schema, found " + (b.length - at) + " more byte(s)");
            }
            return new Schema(types);
        }

        private ShapeSchema shape(int depth) {
            int start = at;
            if (depth >= ShapeSchema.MAX_DEPTH) {
                throw error("a shape nested at most " + ShapeSchema.MAX_DEPTH + " levels deep");
            }
            int code = u8("a kind code");
            if (code >= KINDS.size()) {
                at--;
                throw error("a kind code 0.." + (KINDS.size() - 1) + ", found " + code);
            }
            Kind kind = KINDS.get(code);
            boolean nullable = flag("flags 0 or 1 (bit 0: nullable)");
            Container container = null;
            if (kind == Kind.LIST || kind == Kind.SET || kind == Kind.MAP) {
                int c = u8("a container code");
                if (c >= CONTAINERS.size()) {
                    at--;
                    throw error("a container code 0.." + (CONTAINERS.size() - 1) + ", found " + c);
                }
                container = CONTAINERS.get(c);
            }
            String className = null;
            int typeId = 0;
            List<EnumConstant> constants = new ArrayList<>();
            ShapeSchema key = null;
            ShapeSchema element = null;
            switch (kind) {
                case ENUM -> {
                    className = string("enum class name");
                    int n = count("constant count", 2);
                    for (int i = 0; i < n; i++) {
                        int constantStart = at;
                        String name = string("constant name");
                        int wire = varint("wire number");
                        constants.add(valid(constantStart, () -> new EnumConstant(name, wire)));
                    }
                }
                case VALUE -> {
                    typeId = varint("value type id");
                    className = string("value class name");
                }
                case POLYMORPHIC -> className = string("declared class name");
                case MAP -> {
                    key = shape(depth + 1);
                    element = shape(depth + 1);
                }
                case LIST, SET, OPTIONAL, ARRAY, OBJECT_ARRAY -> element = shape(depth + 1);
                default -> {
                }
            }
            Container fc = container;
            String fn = className;
            int ft = typeId;
            ShapeSchema fk = key;
            ShapeSchema fe = element;
            return valid(start, () -> new ShapeSchema(kind, nullable, fc, fn, ft, constants, fk, fe));
        }

        private <T> T valid(int start, java.util.function.Supplier<T> build) {
            try {
                return build.get();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("schema bytes: at byte " + start + ", " + e.getMessage(), e);
            }
        }

        private int u8(String expected) {
            if (at >= b.length) {
                throw error(expected + ", found the end of the bytes");
            }
            return b[at++] & 0xFF;
        }

        private boolean flag(String expected) {
            int v = u8(expected);
            if (v > 1) {
                at--;
                throw error(expected + ", found " + v);
            }
            return v == 1;
        }

        private int varint(String what) {
            int start = at;
            long v = 0;
            for (int shift = 0; ; shift += 7) {
                if (shift > 28) {
                    at = start;
                    throw error(what + " as a varint of at most 5 bytes");
                }
                int x = u8(what);
                v |= (long) (x & 0x7F) << shift;
                if ((x & 0x80) == 0) {
                    if (x == 0 && shift > 0) {
                        at = start;
                        throw error(what + " as a varint without a redundant trailing group");
                    }
                    break;
                }
            }
            if (v > Integer.MAX_VALUE) {
                at = start;
                throw error(what + " of at most " + Integer.MAX_VALUE + ", found " + v);
            }
            return (int) v;
        }

        /** A count of items each at least {@code minBytes} long, bounded by the bytes left. */
        private int count(String what, int minBytes) {
            int start = at;
            int n = varint(what);
            if ((long) n * minBytes > b.length - at) {
                at = start;
                throw error(what + " of at most " + (b.length - at) / minBytes + " for the bytes left, found " + n);
            }
            return n;
        }

        private String string(String what) {
            int start = at;
            int n = varint(what + " length");
            if (n > MAX_STRING || n > b.length - at) {
                at = start;
                throw error(what + " length of at most " + Math.min(MAX_STRING, b.length - at) + " bytes, found "
                        + n);
            }
            try {
                String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b, at, n)).toString();
                at += n;
                return s;
            } catch (CharacterCodingException e) {
                at = start;
                throw error(what + " in well-formed UTF-8");
            }
        }

        private IllegalArgumentException error(String expected) {
            return new IllegalArgumentException("schema bytes: at byte " + at + " (expected: " + expected + ")");
        }
    }
}
