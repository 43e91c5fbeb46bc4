package io.raftwire.serializer.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.model.Container;
import io.raftwire.serializer.model.Kind;

import java.util.HexFormat;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Timeout(30)
class SchemaCodecTest {

    enum Color { RED, GREEN }

    record Point(long x, int y) { }

    record Shapes(String name, Long boxed, Color color, Point point, List<String> tags, java.util.Map<String, int[]> map,
            Object any) { }

    private static TypeRegistry registry() {
        return TypeRegistry.builder().register(1024, Point.class).register(1025, Shapes.class).build();
    }

    private static Schema small() {
        ShapeSchema longShape = new ShapeSchema(Kind.LONG, false, null, null, 0, List.of(), null, null);
        ShapeSchema color = new ShapeSchema(Kind.ENUM, true, null, "a.Color", 0,
                List.of(new EnumConstant("RED", 0), new EnumConstant("GREEN", 1)), null, null);
        ShapeSchema list = new ShapeSchema(Kind.LIST, true, Container.LIST, null, 0, List.of(),
                null, new ShapeSchema(Kind.VALUE, true, null, "a.P", 1024, List.of(), null, null));
        return new Schema(List.of(new TypeSchema(1024, "a.P", false, List.of(new FieldSchema(1, "x", false,
                longShape))), new TypeSchema(1025, "a.S", true, List.of(new FieldSchema(2, "c", false, color),
                new FieldSchema(1, "ps", false, list)))));
    }

    /** The bytes of a small schema, pinned: a change of the layout must be deliberate (a new version byte). */
    @Test
    void theLayoutIsPinnedByGoldenBytes() {
        String golden = "52575301" // magic RWS, version 1
                + "02" // 2 types
                + "8008" + "03612e50" + "00" + "01" // id 1024, "a.P", constructor, 1 component
                + "01" + "0178" + "00" + "0000" // tag 1, "x", native, LONG non-null
                + "8108" + "03612e53" + "01" + "02" // id 1025, "a.S", fields, 2 components
                + "02" + "0163" + "00" + "0601" + "07612e436f6c6f72" + "02" + "03524544" + "00" + "05475245454e" + "01"
                + "01" + "027073" + "00" + "090100" + "0701" + "8008" + "03612e50";
        byte[] bytes = SchemaCodec.write(small());
        assertEquals(golden, HexFormat.of().formatHex(bytes));
        assertEquals(small(), SchemaCodec.read(HexFormat.of().parseHex(golden)));
    }

    @Test
    void aRegistrysSchemaRoundTripsAndItsBytesAreCanonical() {
        for (TypeRegistry r : List.of(TypeRegistry.catalog(), registry())) {
            byte[] bytes = SchemaCodec.write(r.schema());
            Schema back = SchemaCodec.read(bytes);
            assertEquals(r.schema(), back);
            assertArrayEquals(bytes, SchemaCodec.write(back));
            assertEquals(r.schema().digest(), back.digest());
        }
        assertNotEquals(TypeRegistry.catalog().schema().digest(), registry().schema().digest());
    }

    @Test
    void aSchemaDescribesTheShapesWithTypeIdsAndEnumWireNumbers() {
        TypeSchema shapes = registry().schema().type(1025);
        assertEquals("[name STRING, boxed LONG?, color ENUM<" + Color.class.getName() + ">, point VALUE<1024 "
                + Point.class.getName() + ">, tags LIST(LIST)<STRING>, map MAP(MAP)<STRING,ARRAY<INT>>, any"
                + " POLYMORPHIC<java.lang.Object>]", shapes.fields().stream().map(f -> f.name() + " " + f.shape())
                .toList().toString());
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7), shapes.fields().stream().map(FieldSchema::tag).toList());
        assertEquals(List.of(new EnumConstant("RED", 0), new EnumConstant("GREEN", 1)),
                shapes.fields().get(2).shape().constants());
        assertEquals(List.of(false, true, false, false, false, true, false),
                shapes.fields().stream().map(FieldSchema::walked).toList());
        assertEquals(List.of(true, true, true, true, true, true, true),
                shapes.fields().stream().map(FieldSchema::nullable).toList());
        assertEquals(false, registry().schema().type(1024).fields().get(0).nullable());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "empty | '' | schema bytes: at byte 0 (expected: not a schema: the magic bytes 52 57 53 (\"RWS\"))",
        "other magic | 52575401 | schema bytes: at byte 2 (expected: not a schema: the magic bytes 52 57 53 (\"RWS\"))",
        "version 2 | 5257530200 | schema bytes: at byte 3 (expected: version 1, found 2)",
        "truncated count | 5257530180 | schema bytes: at byte 5 (expected: type count, found the end of the bytes)",
        "count beyond the bytes | 5257530105 | schema bytes: at byte 4 (expected: type count of at most 0 for the bytes"
                + " left, found 5)",
        "overlong varint | 525753018000 | schema bytes: at byte 4 (expected: type count as a varint without a"
                + " redundant trailing group)",
        "six-byte varint | 52575301ffffffffff01 | schema bytes: at byte 4 (expected: type count as a varint of at most"
                + " 5 bytes)",
        "trailing byte | 525753010000 | schema bytes: at byte 5 (expected: the end of the schema, found 1 more byte(s))",
        "unknown kind | 5257530101800803612e5000010101780063000000 | schema bytes: at byte 17 (expected: a kind code"
                + " 0..33, found 99)",
        "flags bit 1 | 5257530101800803612e500001010178000002000000 | schema bytes: at byte 18 (expected: flags 0 or 1"
                + " (bit 0: nullable), found 2)",
        "non-null string | 5257530101800803612e500001010178000300 | schema bytes: at byte 17, STRING shape is not"
                + " nullable (expected: only LONG, INT, BOOLEAN, BYTE, SHORT, CHAR, FLOAT and DOUBLE may be"
                + " primitives)",
        "malformed UTF-8 | 5257530101800803612ec000010101780000000000 | schema bytes: at byte 7 (expected: class name in"
                + " well-formed UTF-8)",
        "tag 0 | 5257530101800803612e500001000178000000 | schema bytes: at byte 13, component x has tag 0 (expected: 1"
                + " or more)",
        "tag twice | 5257530101800803612e5000020101780000000101790000000000 | schema bytes: at byte 5, type 1024 (a.P)"
                + " has tag 1 twice (expected: one tag per component)",
        "ids not increasing | 5257530102800803612e50000080080" + "3612e500000 | schema bytes: at byte 13 (expected:"
                + " increasing type ids, found 1024 after 1024)",
        "not a class name | 5257530101800803612e2000000000 | schema bytes: at byte 5, type 1024's class 'a. ' (expected:"
                + " a class name such as com.example.Outer$Inner)",
    })
    void hostileBytesAreRefusedNamingWhatWasWrongAndWhatWasExpected(String name, String hex, String message) {
        byte[] bytes = HexFormat.of().parseHex(hex.replace(" ", ""));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchemaCodec.read(bytes));
        if (message != null) {
            assertEquals(message, e.getMessage());
        }
    }

    @Test
    void aShapeNestedBeyondTheLimitIsRefusedBeforeTheStackIs() {
        StringBuilder hex = new StringBuilder("5257530101800803612e500001010178" + "00");
        for (int i = 0; i < 10_000; i++) {
            hex.append("1901"); // OPTIONAL, nullable
        }
        byte[] bytes = HexFormat.of().parseHex(hex);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchemaCodec.read(bytes));
        assertEquals("schema bytes: at byte 145 (expected: a shape nested at most 64 levels deep)", e.getMessage());
    }
}
