package io.raftwire.serializer.protostuff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.WireTag;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.Seeds;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The protostuff resolving decoder on every change of {@code EvolutionTodayTest}'s matrix (integration-tests), as
 * {@code KryoResolvingDecoderTest} runs it for kryo: two versions of one record registered under one id, bytes written
 * by one version's serializer and decoded by the other's through {@link ProtostuffResolvingDecoder}, with the value
 * read asserted exactly and the bytes of both versions pinned (the format is protostuff's, unchanged). Then what
 * protostuff's field numbers add (removed walked components and collections skipped by wire type, a changed type
 * nested in another, a component made nullable, walked widenings), and refusals: plans {@code compare} refuses, enum
 * constants the reader lacks, malformed fields skipped, and truncated or overlong payloads.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class ProtostuffResolvingDecoderTest {

    static final int ID = 1024;

    record AddV1(long a, String b) { }

    record AddV2(long a, String b, String c) { }

    record RemoveV1(long a, String b, String c) { }

    record RemoveV2(long a, String b) { }

    record RenameV1(long a, String b) { }

    record RenameV2(long a, String name) { }

    record ReorderV1(long a, String b) { }

    /** Reordered declarations keep their tags pinned (without a lock or tags, tags are positions). */
    record ReorderV2(@WireTag(2) String b, @WireTag(1) long a) { }

    enum Color1 { RED, GREEN }

    enum Color2 { RED, GREEN, BLUE }

    record EnumV1(Color1 color) { }

    record EnumV2(Color2 color) { }

    record WidenV1(int n) { }

    record WidenV2(long n) { }

    record TypeV1(String n) { }

    record TypeV2(long n) { }

    record NonNullV1(Long n) { }

    record NonNullV2(long n) { }

    record Kept(long a) { }

    record Extra(String s) { }

    record PrimitiveV1(long a) { }

    record PrimitiveV2(long a, int b, boolean c, long d) { }

    /** A removed walked component (a boxed number). */
    record BoxedV1(long a, Long boxed) { }

    record BoxedV2(long a) { }

    record Leaf(long x) { }

    record Inner(Leaf leaf) { }

    record NestV1(long a, Inner in) { }

    record NestV2(long a, Inner in, String c) { }

    record LeavesV1(long a, List<Leaf> leaves, String b) { }

    /** A removed component in the middle: the one after it keeps its tag. */
    record LeavesV2(long a, @WireTag(3) String b) { }

    record InnerV1(long x) { }

    record InnerV2(long x, String y) { }

    record Holder1(InnerV1 in) { }

    record Holder2(InnerV2 in) { }

    record NullableV1(long n) { }

    record NullableV2(Long n) { }

    record BoxedIntV1(Integer n) { }

    record BoxedLongV2(Long n) { }

    record FloatV1(float f) { }

    record DoubleV2(double f) { }

    record FloatBoxV2(Float f) { }

    record ColorsV1(List<Color1> colors) { }

    record ColorsV2(List<Color2> colors) { }

    record MaybeColorV1(Optional<Color1> color) { }

    record MaybeColorV2(Optional<Color2> color) { }

    // ---- new code reads old bytes: every cell of the matrix ----

    @Test
    void addedComponentReadsAsItsDefault() {
        assertEquals(new AddV2(7, "x", null), newReadsOld(AddV1.class, new AddV1(7, "x"), "0807120178",
                AddV2.class, new AddV2(7, "x", "y"), "08071201781a0179"));
    }

    @Test
    void addedPrimitiveComponentsReadAsTheirDefaultsNotAsMissing() {
        assertEquals(new PrimitiveV2(7, 0, false, 0), newReadsOld(PrimitiveV1.class, new PrimitiveV1(7), "0807",
                PrimitiveV2.class, new PrimitiveV2(7, 1, true, 2), "0807100118012002"));
        assertEquals("protostuff: cannot decode PrimitiveV2 (type 1024, 2 bytes): PrimitiveV2.b (field 2) is missing"
                + " (expected: every long, int and boolean component present, and every component of another shape"
                + " than String, byte[], long[], enum, registered value, List or Set)",
                refusal(ownDecoder(PrimitiveV2.class), bytes("0807")), "today's codec, same bytes");
    }

    @Test
    void removedComponentIsSkippedByItsWireType() {
        assertEquals(new RemoveV2(7, "x"), newReadsOld(RemoveV1.class, new RemoveV1(7, "x", "y"), "08071201781a0179",
                RemoveV2.class, new RemoveV2(7, "x"), "0807120178"));
    }

    @Test
    void renamedComponentReadsItsValue() {
        assertEquals(new RenameV2(7, "x"), newReadsOld(RenameV1.class, new RenameV1(7, "x"), "0807120178",
                RenameV2.class, new RenameV2(7, "x"), "0807120178"));
    }

    @Test
    void reorderedComponentsAreMatchedByTag() {
        assertEquals(new ReorderV2("x", 7), newReadsOld(ReorderV1.class, new ReorderV1(7, "x"), "0807120178",
                ReorderV2.class, new ReorderV2("x", 7), "0a01781007"));
    }

    @Test
    void addedEnumConstantLeavesTheWrittenOnesReadable() {
        assertEquals(new EnumV2(Color2.GREEN), newReadsOld(EnumV1.class, new EnumV1(Color1.GREEN), "0801",
                EnumV2.class, new EnumV2(Color2.BLUE), "0802"));
    }

    @Test
    void widenedIntIsSignExtended() {
        // protostuff writes an int32 -1 sign-extended, as a 10-byte varint: the same bytes as the int64 -1
        assertEquals(new WidenV2(-1), newReadsOld(WidenV1.class, new WidenV1(-1), "08ffffffffffffffffff01",
                WidenV2.class, new WidenV2(-1), "08ffffffffffffffffff01"));
        assertEquals(new WidenV2(Integer.MIN_VALUE), decode(decoder(WidenV1.class, WidenV2.class),
                encode(WidenV1.class, new WidenV1(Integer.MIN_VALUE))));
        assertEquals("protostuff: cannot decode WidenV2 (type 1024, 6 bytes): WidenV2.n = 4294967296 (expected: a"
                + " 32-bit int)", refusal(decoder(WidenV1.class, WidenV2.class),
                encode(WidenV2.class, new WidenV2(1L << 32))), "read as the writer's int");
    }

    @Test
    void changedTypeHasNoDecoderAndTheMessageOfCompare() {
        assertEquals("0a023132", hex(encode(TypeV1.class, new TypeV1("12"))));
        assertEquals("080c", hex(encode(TypeV2.class, new TypeV2(12))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(TypeV1.class, TypeV2.class));
        assertEquals("the reader's types cannot read the writer's: 1 problem(s):\n  TypeV2 (type 1024) component n"
                + " (tag 1): written as STRING, read as LONG (non-null): the type changed (expected: the same kind, or"
                + " a widening of the component itself from INT to LONG or from FLOAT to DOUBLE; to change a type,"
                + " add a component under a new name and remove the old one)", e.getMessage());
    }

    @Test
    void componentMadeNonNullHasNoDecoder() {
        assertEquals("0800", hex(encode(NonNullV1.class, new NonNullV1(null))));
        assertEquals("0805", hex(encode(NonNullV2.class, new NonNullV2(5))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(NonNullV1.class, NonNullV2.class));
        assertTrue(e.getMessage().startsWith("the reader's types cannot read the writer's: 1 problem(s):\n"
                + "  NonNullV2 (type 1024) component n (tag 1): written as LONG? (nullable), read as LONG (non-null):"
                + " a null written has no value to read"), e.getMessage());
    }

    @Test
    void addedTypeLeavesTheOldTypeReadable() {
        Serializer older = serializer(registry(Kept.class));
        Serializer newer = serializer(TypeRegistry.builder().register(ID, Kept.class).register(ID + 1, Extra.class)
                .build());
        assertEquals("0807", hex(encode(older, new Kept(7))));
        assertEquals("0a036e6577", hex(encode(newer, new Extra("new"))));
        ProtostuffResolvingDecoder decoder = ProtostuffResolvingDecoder.create(Schema.of(older.registry()), newer);
        assertFalse(decoder.identity());
        assertEquals(new Kept(7), decode(decoder, encode(older, new Kept(7))));
    }

    // ---- what protostuff's field numbers add to kryo's cells ----

    @Test
    void removedWalkedComponentAndCollectionOfGroupsAreSkipped() {
        assertEquals(new BoxedV2(1), newReadsOld(BoxedV1.class, new BoxedV1(1, 5L), "08011002100a",
                BoxedV2.class, new BoxedV2(1), "0801"));
        byte[] written = encode(serializer(withLeaf(LeavesV1.class)),
                new LeavesV1(1, List.of(new Leaf(5), new Leaf(6)), "x"));
        assertEquals("080110021308051413080614" + "1a0178", hex(written));
        assertEquals("0801120178", hex(encode(serializer(withLeaf(LeavesV2.class)), new LeavesV2(1, "x"))));
        assertEquals(new LeavesV2(1, "x"), decode(leavesDecoder(SerializerOptions.defaults()), written));
    }

    @Test
    void changedTypeNestedInAnotherIsResolved() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Holder1.class).register(ID + 1, InnerV1.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Holder2.class).register(ID + 1, InnerV2.class)
                .build();
        byte[] written = encode(serializer(older), new Holder1(new InnerV1(5)));
        assertEquals("0b08050c", hex(written));
        assertEquals(new Holder2(new InnerV2(5, null)), decode(ProtostuffResolvingDecoder.create(Schema.of(older),
                serializer(newer)), written));
        assertEquals(new Holder1(new InnerV1(5)), decode(ProtostuffResolvingDecoder.create(Schema.of(newer),
                serializer(older)), encode(serializer(newer), new Holder2(new InnerV2(5, "dropped")))));
    }

    @Test
    void componentMadeNullableReadsTheWrittenValue() {
        assertEquals(new NullableV2(5L), newReadsOld(NullableV1.class, new NullableV1(5), "0805",
                NullableV2.class, new NullableV2(5L), "0802080a"));
        assertEquals(new FloatBoxV2(1.5f), decode(decoder(FloatV1.class, FloatBoxV2.class),
                encode(FloatV1.class, new FloatV1(1.5f))));
    }

    @Test
    void walkedWideningsReadTheWrittenNumber() {
        assertEquals(new BoxedLongV2(-1L), newReadsOld(BoxedIntV1.class, new BoxedIntV1(-1), "08020801",
                BoxedLongV2.class, new BoxedLongV2(-1L), "08020801"));
        assertEquals(new BoxedLongV2(null), decode(decoder(BoxedIntV1.class, BoxedLongV2.class),
                encode(BoxedIntV1.class, new BoxedIntV1(null))));
        assertEquals(new DoubleV2(1.5), newReadsOld(FloatV1.class, new FloatV1(1.5f), "0d0000c03f",
                DoubleV2.class, new DoubleV2(1.5), "09000000000000f83f"));
        assertEquals("protostuff: cannot decode BoxedLongV2 (type 1024, 8 bytes): BoxedLongV2.n = 4294967296"
                + " (expected: -2147483648..2147483647)", refusal(decoder(BoxedIntV1.class, BoxedLongV2.class),
                encode(BoxedLongV2.class, new BoxedLongV2(1L << 32))));
    }

    @Test
    void unchangedNestedValueIsReadAtTheDepthTodaysPathSees() {
        TypeRegistry older = TypeRegistry.builder().register(ID, NestV1.class).register(ID + 1, Inner.class)
                .register(ID + 2, Leaf.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, NestV2.class).register(ID + 1, Inner.class)
                .register(ID + 2, Leaf.class).build();
        byte[] written = encode(serializer(older), new NestV1(1, new Inner(new Leaf(2))));
        assertEquals("0801130b08020c14", hex(written));
        assertEquals(new NestV2(1, new Inner(new Leaf(2)), null), decode(ProtostuffResolvingDecoder.create(
                Schema.of(older), serializer(newer)), written));
        SerializerOptions depthTwo = new SerializerOptions(2, SerializerOptions.DEFAULT_MAX_ELEMENTS,
                SerializerOptions.DEFAULT_BUFFER_BYTES, SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES);
        Serializer shallowOld = new ProtostuffSerializerProvider().create(older, depthTwo);
        assertEquals("protostuff: cannot decode NestV1 (type 1024, 8 bytes): nesting depth 3 (expected: <= 2)",
                refusal(ProtostuffResolvingDecoder.create(Schema.of(older), shallowOld), written), "today's path");
        ProtostuffResolvingDecoder shallow = ProtostuffResolvingDecoder.create(Schema.of(older),
                new ProtostuffSerializerProvider().create(newer, depthTwo));
        assertEquals("protostuff: cannot decode NestV2 (type 1024, 8 bytes): nesting depth 3 (expected: <= 2)",
                refusal(shallow, written));
        assertEquals("protostuff: cannot decode LeavesV2 (type 1024, 8 bytes): nesting depth 3 (expected: <= 2)",
                refusal(leavesDecoder(depthTwo), bytes("08011001130b0c14")), "a skipped group counts its nesting too");
    }

    // ---- old code reads new bytes, where the plan reads them ----

    @Test
    void oldReaderSkipsAnAddedComponentAndDefaultsARemovedOne() {
        assertEquals(new AddV1(7, "x"), decode(decoder(AddV2.class, AddV1.class),
                encode(AddV2.class, new AddV2(7, "x", "y"))));
        assertEquals(new RemoveV1(7, "x", null), decode(decoder(RemoveV2.class, RemoveV1.class),
                encode(RemoveV2.class, new RemoveV2(7, "x"))));
        assertEquals(new ReorderV1(7, "x"), decode(decoder(ReorderV2.class, ReorderV1.class),
                encode(ReorderV2.class, new ReorderV2("x", 7))));
        assertEquals(new PrimitiveV1(7), decode(decoder(PrimitiveV2.class, PrimitiveV1.class),
                encode(PrimitiveV2.class, new PrimitiveV2(7, -1, true, 1L << 40))));
    }

    @Test
    void enumConstantTheReaderLacksIsRefusedWhenDecodedAndOthersRead() {
        ProtostuffResolvingDecoder decoder = decoder(EnumV2.class, EnumV1.class);
        assertEquals(new EnumV1(Color1.GREEN), decode(decoder, encode(EnumV2.class, new EnumV2(Color2.GREEN))));
        assertEquals(new EnumV1(null), decode(decoder, encode(EnumV2.class, new EnumV2(null))));
        assertEquals("protostuff: cannot decode EnumV1 (type 1024, 2 bytes): EnumV1.color holds enum constant BLUE"
                + " (wire number 2), which the reader's enum does not have (expected: one of [RED, GREEN])",
                refusal(decoder, encode(EnumV2.class, new EnumV2(Color2.BLUE))));
        assertEquals("protostuff: cannot decode EnumV1 (type 1024, 2 bytes): EnumV1.color holds enum wire number 4"
                + " (expected: one of the writer's wire numbers [0, 1, 2])", refusal(decoder, bytes("0804")));
        ProtostuffResolvingDecoder lists = decoder(ColorsV2.class, ColorsV1.class);
        assertEquals("080208010800", hex(encode(ColorsV2.class, new ColorsV2(List.of(Color2.GREEN, Color2.RED)))));
        assertEquals(new ColorsV1(List.of(Color1.GREEN, Color1.RED)), decode(lists,
                encode(ColorsV2.class, new ColorsV2(List.of(Color2.GREEN, Color2.RED)))));
        assertEquals("protostuff: cannot decode ColorsV1 (type 1024, 6 bytes): ColorsV1.colors holds enum constant"
                + " BLUE (wire number 2), which the reader's enum does not have (expected: one of [RED, GREEN])",
                refusal(lists, encode(ColorsV2.class, new ColorsV2(List.of(Color2.RED, Color2.BLUE)))));
    }

    @Test
    void enumConstantsInsideAWalkedComponentAreRefusedAtCreateNamingIt() {
        assertEquals(new MaybeColorV2(Optional.of(Color2.GREEN)), decode(decoder(MaybeColorV1.class,
                MaybeColorV2.class), encode(MaybeColorV1.class, new MaybeColorV1(Optional.of(Color1.GREEN)))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(MaybeColorV2.class, MaybeColorV1.class));
        assertEquals("MaybeColorV1.color: protostuff's resolving decoder cannot map enum constants by name inside"
                + " OPTIONAL<ENUM<" + Color2.class.getName() + ">> (at '.element') yet (expected: docs/upgrades.md"
                + " section 3 step 3 for the changes it reads)", e.getMessage());
    }

    // ---- equal schemas: today's codec ----

    @Test
    void equalSchemasDecodeWithTheReadersOwnSerializerWhichRefusesUnknownFields() {
        ProtostuffResolvingDecoder decoder = ownDecoder(AddV2.class);
        assertTrue(decoder.identity());
        assertEquals(new AddV2(7, "x", "y"), decode(decoder, bytes("08071201781a0179")));
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 10 bytes): AddV2 has no field 4 after AddV2.c"
                + " (expected: known field numbers in increasing order; unknown fields are refused)",
                refusal(decoder, bytes("08071201781a01792001")));
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 4 bytes): AddV2.a (field 1) appears after field 1"
                + " (expected: fields in increasing order, each at most once)", refusal(decoder, bytes("08070807")));
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 12 bytes): invalid tag 18446744073709551613 in"
                + " AddV2.a (expected: a field number >= 1)", refusal(decoder, bytes("0807fdffffffffffffffff01")),
                "a tag that is a negative 10-byte varint");
    }

    // ---- hostile input ----

    @Test
    void fieldsTheWritersSchemaDoesNotAllowAreRefused() {
        ProtostuffResolvingDecoder decoder = decoder(AddV1.class, AddV2.class);
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 8 bytes): AddV1 has no field 3 in the writer's"
                + " schema, after AddV2.b (expected: field numbers 1..2 in increasing order; unknown fields are"
                + " refused)", refusal(decoder, bytes("08071201781a0179")));
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 7 bytes): AddV2.a (field 1) appears after field 2"
                + " (expected: fields in increasing order, each at most once)", refusal(decoder, bytes("08071201780808")));
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 12 bytes): invalid tag 18446744073709551613 in"
                + " AddV2.a (expected: a field number >= 1)", refusal(decoder, bytes("0807fdffffffffffffffff01")));
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 3 bytes): AddV2.a (field 1) is missing (expected:"
                + " every long, int and boolean component present, and every component of another shape than String,"
                + " byte[], long[], enum, registered value, List or Set)", refusal(decoder, bytes("120178")));
        assertEquals("protostuff: cannot decode BoxedV2 (type 1024, 2 bytes): BoxedV1.boxed (field 2) is missing"
                + " (expected: every long, int and boolean component present, and every component of another shape"
                + " than String, byte[], long[], enum, registered value, List or Set)",
                refusal(decoder(BoxedV1.class, BoxedV2.class), bytes("0801")), "a walked component skipped");
    }

    @Test
    void malformedSkippedFieldIsRefusedNamingIt() {
        ProtostuffResolvingDecoder decoder = decoder(RemoveV1.class, RemoveV2.class);
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, 8 bytes): payload ends inside the group of field"
                + " 3, after RemoveV1.c (expected: its end-group tag)", refusal(decoder, bytes("08071201781b0801")));
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, 7 bytes): end-group tag of field 4 after"
                + " RemoveV1.c (expected: the end of field 3)", refusal(decoder, bytes("08071201781b24")));
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, 7 bytes): RemoveV1.c (field 3) has wire type 6"
                + " (unused) (expected: varint, fixed64, length-delimited, start-group or fixed32)",
                refusal(decoder, bytes("08071201781e00")));
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, 17 bytes): varint longer than 10 bytes in"
                + " RemoveV1.c (expected: at most 10)", refusal(decoder, bytes("080712017818ffffffffffffffffffff01")));
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, 9 bytes): RemoveV1.c length = 5 (expected:"
                + " 0..2, limited by the 2 bytes remaining and max-elements 16777216)",
                refusal(decoder, bytes("08071201781a057979")));
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, 8 bytes): payload ends inside RemoveV1.c"
                + " (expected: more bytes)", refusal(decoder, bytes("08071201781d0000")), "a fixed32 cut short");
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, " + (5 + 64) + " bytes): nesting depth 65"
                + " (expected: <= 64)", refusal(decoder, bytes("0807120178" + "1b".repeat(64))));
    }

    @Test
    void truncatedPayloadIsRefusedNamingTheComponent() {
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 1 bytes): payload ends inside AddV2.a (expected:"
                + " more bytes)", refusal(decoder(AddV1.class, AddV2.class), bytes("08")));
        assertEquals("protostuff: cannot decode AddV2 (type 1024, 4 bytes): AddV2.b string length = 1 (expected:"
                + " 0..0, limited by the 0 bytes remaining and max-elements 16777216)",
                refusal(decoder(AddV1.class, AddV2.class), bytes("08071201")));
        assertEquals("protostuff: cannot decode RemoveV2 (type 1024, 6 bytes): payload ends inside RemoveV1.c"
                + " (expected: more bytes)", refusal(decoder(RemoveV1.class, RemoveV2.class), bytes("08071201781a")));
        assertEquals("protostuff: cannot decode WidenV2 (type 1024, 3 bytes): payload ends inside WidenV2.n"
                + " (expected: more bytes)", refusal(decoder(WidenV1.class, WidenV2.class), bytes("08ffff")));
    }

    /**
     * A prefix that ends between two fields decodes when only references are missing, as today's protostuff codec
     * does (provider README: a missing reference reads as null); every other prefix is refused with a message.
     */
    @Test
    void everyProperPrefixIsRefusedUnlessItEndsBeforeAReference() {
        assertPrefixes(decoder(AddV1.class, AddV2.class), encode(AddV1.class, new AddV1(300, "xyz")),
                Map.of(3, new AddV2(300, null, null)));
        assertPrefixes(decoder(RemoveV1.class, RemoveV2.class),
                encode(RemoveV1.class, new RemoveV1(300, "xyz", "removed")),
                Map.of(3, new RemoveV2(300, null), 8, new RemoveV2(300, "xyz")));
        assertPrefixes(decoder(WidenV1.class, WidenV2.class), encode(WidenV1.class, new WidenV1(-1)), Map.of());
        // a skipped collection's count is not checked against its elements: only the wire types are followed
        assertPrefixes(leavesDecoder(SerializerOptions.defaults()), encode(serializer(withLeaf(LeavesV1.class)),
                new LeavesV1(1, List.of(new Leaf(5)), "x")), Map.of(2, new LeavesV2(1, null),
                        4, new LeavesV2(1, null), 8, new LeavesV2(1, null)));
    }

    private static void assertPrefixes(ProtostuffResolvingDecoder decoder, byte[] whole, Map<Integer, Object> read) {
        for (int n = 0; n < whole.length; n++) {
            byte[] prefix = java.util.Arrays.copyOf(whole, n);
            if (read.containsKey(n)) {
                assertEquals(read.get(n), decode(decoder, prefix), "prefix of " + n + " bytes");
                continue;
            }
            String message = refusal(decoder, prefix);
            assertTrue(message.startsWith("protostuff: cannot decode ") && message.contains("(expected: "),
                    "prefix of " + n + " bytes: " + message);
        }
    }

    /**
     * Mutated old bytes (bytes changed, cut, inserted) through plans that skip, default, widen and resolve nested
     * types: each decodes or is refused with a message naming what was expected, never another exception.
     */
    @Test
    void mutatedPayloadsDecodeOrAreRefusedWithAMessage() {
        long seed = Seeds.seed("ProtostuffResolvingDecoderTest.mutatedPayloadsDecodeOrAreRefusedWithAMessage");
        java.util.Random random = new java.util.Random(seed);
        TypeRegistry holder1 = TypeRegistry.builder().register(ID, Holder1.class).register(ID + 1, InnerV1.class)
                .build();
        TypeRegistry holder2 = TypeRegistry.builder().register(ID, Holder2.class).register(ID + 1, InnerV2.class)
                .build();
        List<ProtostuffResolvingDecoder> decoders = List.of(leavesDecoder(SerializerOptions.defaults()),
                decoder(RemoveV1.class, RemoveV2.class), decoder(BoxedV1.class, BoxedV2.class),
                decoder(WidenV1.class, WidenV2.class), decoder(EnumV2.class, EnumV1.class),
                ProtostuffResolvingDecoder.create(Schema.of(holder1), serializer(holder2)));
        List<byte[]> written = List.of(encode(serializer(withLeaf(LeavesV1.class)),
                        new LeavesV1(-3, List.of(new Leaf(5), new Leaf(Long.MIN_VALUE)), "x\u00e9")),
                encode(RemoveV1.class, new RemoveV1(300, "xyz", "removed")),
                encode(BoxedV1.class, new BoxedV1(1, -5L)), encode(WidenV1.class, new WidenV1(-1)),
                encode(EnumV2.class, new EnumV2(Color2.GREEN)), encode(serializer(holder1), new Holder1(new InnerV1(9))));
        for (int i = 0; i < MUTATIONS; i++) {
            int k = random.nextInt(decoders.size());
            byte[] mutated = mutate(written.get(k), random);
            ByteBuf buf = Unpooled.wrappedBuffer(mutated);
            try {
                decoders.get(k).decode(ID, buf);
            } catch (SerializationException e) {
                assertTrue(e.getMessage().startsWith("protostuff: cannot decode ")
                        && e.getMessage().contains("(expected: "), "seed " + seed + ", payload " + hex(mutated)
                        + ": " + e.getMessage());
            } catch (RuntimeException e) {
                throw new AssertionError("seed " + seed + ", payload " + hex(mutated) + ": " + e, e);
            } finally {
                buf.release();
            }
        }
    }

    /** As many as the serializer contract's mutations: 2,000 in the default run, more under -Plong. */
    private static final int MUTATIONS = Integer.getInteger("contract.mutations", 2_000);

    private static byte[] mutate(byte[] bytes, java.util.Random random) {
        byte[] b = bytes.clone();
        switch (random.nextInt(3)) {
            case 0 -> b[random.nextInt(b.length)] = (byte) random.nextInt(256);
            case 1 -> b = java.util.Arrays.copyOf(b, random.nextInt(b.length));
            default -> {
                int at = random.nextInt(b.length + 1);
                byte[] longer = new byte[b.length + 1];
                System.arraycopy(b, 0, longer, 0, at);
                longer[at] = (byte) random.nextInt(256);
                System.arraycopy(b, at, longer, at + 1, b.length - at);
                b = longer;
            }
        }
        return b;
    }

    @Test
    void typeTheReaderDoesNotRegisterIsRefused() {
        ProtostuffResolvingDecoder decoder = decoder(AddV1.class, AddV2.class);
        SerializationException e = assertThrows(SerializationException.class,
                () -> decoder.decode(ID + 1, Unpooled.EMPTY_BUFFER));
        assertTrue(e.getMessage().contains("type id is not registered (expected: an id of this node's registry)"),
                e.getMessage());
    }

    @Test
    void typeOnlyTheReaderRegistersIsRefused() {
        Serializer newer = serializer(TypeRegistry.builder().register(ID, Kept.class).register(ID + 1, Extra.class)
                .build());
        ProtostuffResolvingDecoder decoder = ProtostuffResolvingDecoder.create(Schema.of(registry(Kept.class)), newer);
        ByteBuf buf = Unpooled.wrappedBuffer(bytes("0a036e6577"));
        try {
            assertEquals("protostuff: cannot decode Extra (type 1025, 5 bytes): type id is not in the writer's schema"
                    + " (expected: an id the writer registers)",
                    assertThrows(SerializationException.class, () -> decoder.decode(ID + 1, buf)).getMessage());
        } finally {
            buf.release();
        }
    }

    @Test
    void readerThatIsNotProtostuffsIsRefused() {
        Serializer other = (Serializer) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Serializer.class}, (proxy, method, args) -> {
                    if (method.getName().equals("name")) {
                        return "jdk";
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProtostuffResolvingDecoder.create(Schema.of(registry(AddV1.class)), other));
        assertEquals("reader serializer is jdk (expected: a protostuff serializer)", e.getMessage());
    }

    // ---- helpers ----

    /**
     * Pins both versions' bytes, then decodes the old value's bytes with the new version's resolving decoder.
     */
    private static Object newReadsOld(Class<?> oldType, Object oldValue, String oldHex, Class<?> newType,
            Object newValue, String newHex) {
        assertEquals(oldHex, hex(encode(oldType, oldValue)), "bytes of " + oldValue);
        assertEquals(newHex, hex(encode(newType, newValue)), "bytes of " + newValue);
        ProtostuffResolvingDecoder decoder = decoder(oldType, newType);
        assertFalse(decoder.identity());
        return decode(decoder, encode(oldType, oldValue));
    }

    private static ProtostuffResolvingDecoder decoder(Class<?> writer, Class<?> reader) {
        return ProtostuffResolvingDecoder.create(Schema.of(registry(writer)), serializer(registry(reader)));
    }

    private static ProtostuffResolvingDecoder ownDecoder(Class<?> type) {
        Serializer s = serializer(registry(type));
        return ProtostuffResolvingDecoder.create(Schema.of(s.registry()), s);
    }

    /** LeavesV1 bytes read as LeavesV2, both registered with Leaf. */
    private static ProtostuffResolvingDecoder leavesDecoder(SerializerOptions options) {
        return ProtostuffResolvingDecoder.create(Schema.of(withLeaf(LeavesV1.class)),
                new ProtostuffSerializerProvider().create(withLeaf(LeavesV2.class), options));
    }

    private static TypeRegistry withLeaf(Class<?> type) {
        return TypeRegistry.builder().register(ID, type).register(ID + 1, Leaf.class).build();
    }

    private static TypeRegistry registry(Class<?> type) {
        return TypeRegistry.builder().register(ID, type).build();
    }

    private static Serializer serializer(TypeRegistry registry) {
        return new ProtostuffSerializerProvider().create(registry, SerializerOptions.defaults());
    }

    private static byte[] encode(Class<?> type, Object value) {
        return encode(serializer(registry(type)), value);
    }

    private static byte[] encode(Serializer s, Object value) {
        ByteBuf buf = Unpooled.buffer();
        try {
            s.encode(value, buf);
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    private static Object decode(ProtostuffResolvingDecoder decoder, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            Object value = decoder.decode(ID, buf);
            assertFalse(buf.isReadable(), "the whole payload is read");
            return value;
        } finally {
            buf.release();
        }
    }

    private static String refusal(ProtostuffResolvingDecoder decoder, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            return assertThrows(SerializationException.class, () -> decoder.decode(ID, buf)).getMessage();
        } finally {
            buf.release();
        }
    }

    private static String hex(byte[] bytes) {
        return ByteBufUtil.hexDump(bytes);
    }

    private static byte[] bytes(String hex) {
        return ByteBufUtil.decodeHexDump(hex);
    }
}
