package io.raftwire.transport.netty.codec;

import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.schema.EnumConstant;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.ShapeSchema;
import io.raftwire.serializer.schema.TypeSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a refusal says when two members' schemas differ: every difference, by type, name and tag, with its verdict. */
@Timeout(30)
class SchemaDifferencesTest {

    private static final String OK = ": " + SchemaDifferences.COMPATIBLE;

    @Test
    void anAddedFieldAndAnAddedTypeAreNamedAndCompatible() {
        Schema local = schema(put(field(1, "key", LONG), field(2, "value", STRING)));
        Schema remote = schema(put(field(1, "key", LONG), field(2, "value", STRING), field(3, "note", STRING)),
                type(1101, "x.Touch", field(1, "key", LONG)));
        SchemaDifferences d = SchemaDifferences.between("b", local, remote);
        assertEquals(List.of("Put (type 1100, x.Put) component note (tag 3) STRING: only on b" + OK,
                "Touch (type 1101, x.Touch): only on b" + OK), d.compatible());
        assertEquals(List.of(), d.refused());
        String m = d.message();
        assertTrue(m.startsWith("registry schemas differ: this node's " + hex(local) + " with 1 types, b's "
                + hex(remote) + " with 2 types; 2 differences (0 refused by the evolution rules, 2 "
                + SchemaDifferences.COMPATIBLE + "): 1) Put (type 1100"), m);
        assertTrue(m.endsWith("; 2) Touch (type 1101, x.Touch): only on b" + OK + ";"), m);
        SchemaDifferences back = SchemaDifferences.between("a", remote, local);
        assertEquals(List.of("Put (type 1100, x.Put) component note (tag 3) STRING: only on this node" + OK,
                "Touch (type 1101, x.Touch): only on this node" + OK), back.compatible());
    }

    @Test
    void aChangedTypeIsRefusedInBothDirectionsNamingBothShapes() {
        SchemaDifferences d = SchemaDifferences.between("b", schema(put(field(1, "key", LONG))),
                schema(put(field(1, "key", STRING))));
        assertEquals(List.of(), d.compatible());
        assertEquals(2, d.refused().size(), d.refused().toString());
        assertTrue(d.refused().get(0).startsWith("this node reading b's bytes: Put (type 1100) component key (tag 1):"
                + " written as STRING, read as LONG (non-null): the type changed"), d.refused().get(0));
        assertTrue(d.refused().get(1).startsWith("b reading this node's bytes: Put (type 1100) component key (tag 1):"
                + " written as LONG (non-null), read as STRING: the type changed"), d.refused().get(1));
        assertTrue(d.refused().get(0).endsWith(": " + SchemaDifferences.REFUSED), d.refused().get(0));
        assertTrue(d.message().contains("2 differences (2 refused by the evolution rules, 0 "), d.message());
    }

    @Test
    void aWideningIsRefusedInTheDirectionThatWouldNarrow() {
        SchemaDifferences d = SchemaDifferences.between("b", schema(put(field(1, "n", LONG))),
                schema(put(field(1, "n", INT))));
        assertEquals(List.of(), d.compatible(), "a type one direction cannot read is listed only as refused");
        assertEquals(1, d.refused().size(), d.refused().toString());
        assertTrue(d.refused().get(0).startsWith("b reading this node's bytes: Put (type 1100) component n (tag 1):"
                + " written as LONG (non-null), read as INT (non-null)"), d.refused().get(0));
    }

    @Test
    void aRenameAReorderAndAnAddedEnumConstantAreEachNamed() {
        ShapeSchema rg = color(new EnumConstant("RED", 0), new EnumConstant("GREEN", 1));
        ShapeSchema rgb = color(new EnumConstant("RED", 0), new EnumConstant("GREEN", 1), new EnumConstant("BLUE", 2));
        Schema local = schema(put(field(1, "a", LONG), field(2, "b", STRING), field(3, "color", rg)));
        Schema remote = schema(put(field(2, "text", STRING), field(1, "a", LONG), field(3, "color", rgb)));
        SchemaDifferences d = SchemaDifferences.between("b", local, remote);
        assertEquals(List.of("Put (type 1100, x.Put) component b (tag 2): named text on b" + OK,
                "Put (type 1100, x.Put) component color (tag 3): enum constant BLUE (wire 2) only on b" + OK,
                "Put (type 1100, x.Put): components in another order, tags [2, 1, 3] on b, [1, 2, 3] on this node"
                        + OK), d.compatible());
        assertEquals(List.of(), d.refused());
    }

    @Test
    void atMostAHundredDifferencesAreListedAndTheRestCounted() {
        List<TypeSchema> many = new ArrayList<>();
        for (int i = 0; i < SchemaDifferences.MAX_LISTED + 1; i++) {
            many.add(type(2000 + i, "x.T" + i, field(1, "n", LONG)));
        }
        SchemaDifferences d = SchemaDifferences.between("b", new Schema(List.of()), new Schema(many));
        assertEquals(101, d.compatible().size());
        String m = d.message();
        assertTrue(m.endsWith("; 100) T99 (type 2099, x.T99): only on b" + OK + "; and 1 more;"), m);
        assertTrue(!m.contains("T100 (type 2100"), m);
    }

    private static final ShapeSchema LONG = new ShapeSchema(Kind.LONG, false, null, null, 0, List.of(), null, null);
    private static final ShapeSchema INT = new ShapeSchema(Kind.INT, false, null, null, 0, List.of(), null, null);
    private static final ShapeSchema STRING = new ShapeSchema(Kind.STRING, true, null, null, 0, List.of(), null, null);

    private static ShapeSchema color(EnumConstant... constants) {
        return new ShapeSchema(Kind.ENUM, true, null, "x.Color", 0, List.of(constants), null, null);
    }

    private static FieldSchema field(int tag, String name, ShapeSchema shape) {
        return new FieldSchema(tag, name, false, shape);
    }

    private static TypeSchema put(FieldSchema... fields) {
        return type(1100, "x.Put", fields);
    }

    private static TypeSchema type(int id, String className, FieldSchema... fields) {
        return new TypeSchema(id, className, false, List.of(fields));
    }

    private static Schema schema(TypeSchema... types) {
        return new Schema(List.of(types));
    }

    private static String hex(Schema s) {
        return String.format("%016x", s.digest());
    }
}
