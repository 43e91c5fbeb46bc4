package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.WireTag;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The kryo resolving decoder on every change of {@code EvolutionTodayTest}'s matrix (integration-tests): two versions
 * of one record registered under one id, bytes written by one version's serializer and decoded by the other's through
 * {@link KryoResolvingDecoder}, with the value read asserted exactly, and the bytes of both versions pinned (the
 * format is kryo's, unchanged). Then refusals: plans {@code compare} refuses, plans this decoder cannot follow yet,
 * enum constants the reader lacks, and truncated or overlong payloads.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class KryoResolvingDecoderTest {

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

    /** A removed walked component (a boxed number): not handled yet. */
    record BoxedV1(long a, Long boxed) { }

    record BoxedV2(long a) { }

    record Leaf(long x) { }

    record Inner(Leaf leaf) { }

    record NestV1(long a, Inner in) { }

    record NestV2(long a, Inner in, String c) { }

    record InnerV1(long x) { }

    record InnerV2(long x, String y) { }

    record Holder1(InnerV1 in) { }

    record Holder2(InnerV2 in) { }

    // ---- new code reads old bytes: every cell of the matrix ----

    @Test
    void addedComponentReadsAsItsDefault() {
        assertEquals(new AddV2(7, "x", null), newReadsOld(AddV1.class, new AddV1(7, "x"), "070278",
                AddV2.class, new AddV2(7, "x", "y"), "0702780279"));
    }

    @Test
    void removedComponentIsReadByTheWritersShapeAndDropped() {
        assertEquals(new RemoveV2(7, "x"), newReadsOld(RemoveV1.class, new RemoveV1(7, "x", "y"), "0702780279",
                RemoveV2.class, new RemoveV2(7, "x"), "070278"));
    }

    @Test
    void renamedComponentReadsItsValue() {
        assertEquals(new RenameV2(7, "x"), newReadsOld(RenameV1.class, new RenameV1(7, "x"), "070278",
                RenameV2.class, new RenameV2(7, "x"), "070278"));
    }

    @Test
    void reorderedComponentsAreMatchedByTag() {
        assertEquals(new ReorderV2("x", 7), newReadsOld(ReorderV1.class, new ReorderV1(7, "x"), "070278",
                ReorderV2.class, new ReorderV2("x", 7), "027807"));
    }

    @Test
    void addedEnumConstantLeavesTheWrittenOnesReadable() {
        assertEquals(new EnumV2(Color2.GREEN), newReadsOld(EnumV1.class, new EnumV1(Color1.GREEN), "02",
                EnumV2.class, new EnumV2(Color2.BLUE), "03"));
    }

    @Test
    void widenedIntIsSignExtended() {
        assertEquals(new WidenV2(-1), newReadsOld(WidenV1.class, new WidenV1(-1), "ffffffff0f",
                WidenV2.class, new WidenV2(-1), "ffffffffffffffffff"));
        assertEquals(new WidenV2(Integer.MIN_VALUE), decode(decoder(WidenV1.class, WidenV2.class),
                encode(WidenV1.class, new WidenV1(Integer.MIN_VALUE))));
    }

    @Test
    void changedTypeHasNoDecoderAndTheMessageOfCompare() {
        assertEquals("03" + "3132", hex(encode(TypeV1.class, new TypeV1("12"))));
        assertEquals("0c", hex(encode(TypeV2.class, new TypeV2(12))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(TypeV1.class, TypeV2.class));
        assertEquals("the reader's types cannot read the writer's: 1 problem(s):\n  TypeV2 (type 1024) component n"
                + " (tag 1): written as STRING, read as LONG (non-null): the type changed (expected: the same kind, or"
                + " a widening of the component itself from INT to LONG or from FLOAT to DOUBLE; to change a type,"
                + " add a component under a new name and remove the old one)", e.getMessage());
    }

    @Test
    void componentMadeNonNullHasNoDecoder() {
        assertEquals("00", hex(encode(NonNullV1.class, new NonNullV1(null))));
        assertEquals("05", hex(encode(NonNullV2.class, new NonNullV2(5))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(NonNullV1.class, NonNullV2.class));
        assertTrue(e.getMessage().startsWith("the reader's types cannot read the writer's: 1 problem(s):\n"
                + "  NonNullV2 (type 1024) component n (tag 1): written as LONG? (nullable), read as LONG (non-null):"
                + " a null written has no value to read"), e.getMessage());
    }

    @Test
    void componentMadeNullableWithAnotherLayoutIsRefusedNotReadWrong() {
        // written natively, long 0 is the byte 00, which the walk of a Long reads as null
        assertEquals("00", hex(encode(NonNullV2.class, new NonNullV2(0))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(NonNullV2.class, NonNullV1.class));
        assertTrue(e.getMessage().startsWith("NonNullV1.n: kryo's resolving decoder cannot read a component written"
                + " natively as "), e.getMessage());
    }

    @Test
    void addedTypeLeavesTheOldTypeReadable() {
        Serializer older = serializer(registry(Kept.class));
        Serializer newer = serializer(TypeRegistry.builder().register(ID, Kept.class).register(ID + 1, Extra.class)
                .build());
        assertEquals("07", hex(encode(older, new Kept(7))));
        assertEquals("046e6577", hex(encode(newer, new Extra("new"))));
        KryoResolvingDecoder decoder = KryoResolvingDecoder.create(Schema.of(older.registry()), newer);
        assertFalse(decoder.identity());
        assertEquals(new Kept(7), decode(decoder, encode(older, new Kept(7))));
    }

    @Test
    void unchangedNestedValueIsReadAtTheDepthTodaysPathSees() {
        TypeRegistry older = TypeRegistry.builder().register(ID, NestV1.class).register(ID + 1, Inner.class)
                .register(ID + 2, Leaf.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, NestV2.class).register(ID + 1, Inner.class)
                .register(ID + 2, Leaf.class).build();
        byte[] written = encode(serializer(older), new NestV1(1, new Inner(new Leaf(2))));
        assertEquals("01010102", hex(written));
        assertEquals(new NestV2(1, new Inner(new Leaf(2)), null), decode(KryoResolvingDecoder.create(
                Schema.of(older), serializer(newer)), written));
        SerializerOptions depthTwo = new SerializerOptions(2, SerializerOptions.DEFAULT_MAX_ELEMENTS,
                SerializerOptions.DEFAULT_BUFFER_BYTES, SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES);
        Serializer shallowOld = new KryoSerializerProvider().create(older, depthTwo);
        assertEquals("kryo: cannot decode NestV1 (type 1024, 4 bytes): nesting depth 3 (expected: <= 2)",
                refusal(KryoResolvingDecoder.create(Schema.of(older), shallowOld), written), "today's path");
        KryoResolvingDecoder shallow = KryoResolvingDecoder.create(Schema.of(older),
                new KryoSerializerProvider().create(newer, depthTwo));
        assertEquals("kryo: cannot decode NestV2 (type 1024, 4 bytes): nesting depth 3 (expected: <= 2)",
                refusal(shallow, written));
    }

    @Test
    void changedTypeNestedInAnotherIsReadThroughItsPlanAsAtTheTopLevel() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Holder1.class).register(ID + 1, InnerV1.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Holder2.class).register(ID + 1, InnerV2.class)
                .build();
        KryoResolvingDecoder decoder = KryoResolvingDecoder.create(Schema.of(older), serializer(newer));
        ByteBuf inner = Unpooled.wrappedBuffer(encode(serializer(older), new InnerV1(5)));
        try {
            assertEquals(new InnerV2(5, null), decoder.decode(ID + 1, inner), "the changed type, at the top level");
            assertFalse(inner.isReadable(), "the whole payload is read");
        } finally {
            inner.release();
        }
        byte[] holder = encode(serializer(older), new Holder1(new InnerV1(5)));
        assertEquals(new Holder2(new InnerV2(5, null)), decode(decoder, holder), "the changed type, nested");
        for (CodecPath path : CodecPath.values()) {
            KryoResolvingDecoder walked = KryoResolvingDecoder.create(Schema.of(older), new KryoSerializerProvider()
                    .create(newer, SerializerOptions.defaults().withCodecPath(path)));
            assertEquals(new Holder2(new InnerV2(5, null)), decode(walked, holder), "on the " + path + " path");
        }
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
    }

    @Test
    void enumConstantTheReaderLacksIsRefusedWhenDecodedAndOthersRead() {
        KryoResolvingDecoder decoder = decoder(EnumV2.class, EnumV1.class);
        assertEquals(new EnumV1(Color1.GREEN), decode(decoder, encode(EnumV2.class, new EnumV2(Color2.GREEN))));
        assertEquals(new EnumV1(null), decode(decoder, encode(EnumV2.class, new EnumV2(null))));
        assertEquals("kryo: cannot decode EnumV1 (type 1024, 1 bytes): EnumV1.color holds enum constant BLUE (wire"
                + " number 2), which the reader's enum does not have (expected: one of [RED, GREEN])",
                refusal(decoder, encode(EnumV2.class, new EnumV2(Color2.BLUE))));
        assertEquals("kryo: cannot decode EnumV1 (type 1024, 1 bytes): EnumV1.color holds enum wire number 4"
                + " (expected: one of the writer's wire numbers [0, 1, 2])", refusal(decoder, bytes("05")));
    }

    // ---- equal schemas: today's codec ----

    @Test
    void equalSchemasDecodeWithTheReadersOwnSerializer() {
        Serializer s = serializer(registry(AddV2.class));
        KryoResolvingDecoder decoder = KryoResolvingDecoder.create(Schema.of(s.registry()), s);
        assertTrue(decoder.identity());
        assertEquals(new AddV2(7, "x", "y"), decode(decoder, encode(s, new AddV2(7, "x", "y"))));
        assertEquals("kryo: cannot decode AddV2 (type 1024, 3 bytes): payload ended while reading AddV2.c (expected:"
                + " more bytes; the payload is truncated or a length in it is wrong)", refusal(decoder, bytes("070278")));
    }

    // ---- hostile input ----

    @Test
    void truncatedPayloadIsRefusedNamingTheComponent() {
        assertEquals("kryo: cannot decode AddV2 (type 1024, 1 bytes): payload ended while reading AddV2.b (expected:"
                + " more bytes; the payload is truncated or a length in it is wrong)",
                refusal(decoder(AddV1.class, AddV2.class), bytes("07")));
        assertEquals("kryo: cannot decode AddV2 (type 1024, 2 bytes): AddV2.b = 1 (expected: 0..0, limited by the 0"
                + " bytes remaining and max-elements 16777216)",
                refusal(decoder(AddV1.class, AddV2.class), bytes("0702")));
        assertEquals("kryo: cannot decode RemoveV2 (type 1024, 3 bytes): payload ended while reading RemoveV1.c"
                + " (expected: more bytes; the payload is truncated or a length in it is wrong)",
                refusal(decoder(RemoveV1.class, RemoveV2.class), bytes("070278")));
        assertEquals("kryo: cannot decode RemoveV2 (type 1024, 4 bytes): RemoveV1.c = 1 (expected: 0..0, limited by"
                + " the 0 bytes remaining and max-elements 16777216)",
                refusal(decoder(RemoveV1.class, RemoveV2.class), bytes("07027802")));
        assertEquals("kryo: cannot decode WidenV2 (type 1024, 2 bytes): payload ended while reading WidenV2.n"
                + " (expected: more bytes; the payload is truncated or a length in it is wrong)",
                refusal(decoder(WidenV1.class, WidenV2.class), bytes("ffff")));
    }

    @Test
    void everyProperPrefixOfAWrittenValueIsRefusedAsMalformed() {
        assertPrefixesRefused(decoder(AddV1.class, AddV2.class), encode(AddV1.class, new AddV1(300, "xyz")));
        assertPrefixesRefused(decoder(RemoveV1.class, RemoveV2.class),
                encode(RemoveV1.class, new RemoveV1(300, "xyz", "removed")));
        assertPrefixesRefused(decoder(ReorderV1.class, ReorderV2.class),
                encode(ReorderV1.class, new ReorderV1(-5, "xyz")));
        assertPrefixesRefused(decoder(WidenV1.class, WidenV2.class), encode(WidenV1.class, new WidenV1(-1)));
    }

    private static void assertPrefixesRefused(KryoResolvingDecoder decoder, byte[] whole) {
        for (int n = 0; n < whole.length; n++) {
            String message = refusal(decoder, java.util.Arrays.copyOf(whole, n));
            assertTrue(message.startsWith("kryo: cannot decode ") && message.contains("(expected: "),
                    "prefix of " + n + " bytes: " + message);
        }
    }

    @Test
    void bytesLeftAfterTheValueAreRefused() {
        assertEquals("kryo: cannot decode AddV2 (type 1024, 4 bytes): 1 bytes left after the value (expected: none)",
                refusal(decoder(AddV1.class, AddV2.class), bytes("07027800")));
    }

    @Test
    void typeTheReaderDoesNotRegisterIsRefused() {
        KryoResolvingDecoder decoder = decoder(AddV1.class, AddV2.class);
        SerializationException e = assertThrows(SerializationException.class,
                () -> decoder.decode(ID + 1, Unpooled.EMPTY_BUFFER));
        assertTrue(e.getMessage().contains("type id is not registered (expected: an id of this node's registry)"),
                e.getMessage());
    }

    @Test
    void typeOnlyTheReaderRegistersIsRefused() {
        Serializer newer = serializer(TypeRegistry.builder().register(ID, Kept.class).register(ID + 1, Extra.class)
                .build());
        KryoResolvingDecoder decoder = KryoResolvingDecoder.create(Schema.of(registry(Kept.class)), newer);
        ByteBuf buf = Unpooled.wrappedBuffer(bytes("046e6577"));
        try {
            assertEquals("kryo: cannot decode Extra (type 1025, 4 bytes): type id is not in the writer's schema"
                    + " (expected: an id the writer registers)",
                    assertThrows(SerializationException.class, () -> decoder.decode(ID + 1, buf)).getMessage());
        } finally {
            buf.release();
        }
    }

    @Test
    void planThisDecoderCannotFollowYetIsRefusedNamingTheComponent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(BoxedV1.class, BoxedV2.class));
        assertEquals("BoxedV1.boxed: kryo's resolving decoder cannot skip the removed walked component LONG? yet"
                + " (expected: docs/upgrades.md section 3 step 3 for the changes it reads)", e.getMessage());
    }

    @Test
    void readerThatIsNotKryosIsRefused() {
        Serializer other = (Serializer) java.lang.reflect.Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Serializer.class}, (proxy, method, args) -> {
                    if (method.getName().equals("name")) {
                        return "jdk";
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> KryoResolvingDecoder.create(Schema.of(registry(AddV1.class)), other));
        assertEquals("reader serializer is jdk (expected: a kryo serializer)", e.getMessage());
    }

    // ---- helpers ----

    /**
     * Pins both versions' bytes, then decodes the old value's bytes with the new version's resolving decoder.
     */
    private static Object newReadsOld(Class<?> oldType, Object oldValue, String oldHex, Class<?> newType,
            Object newValue, String newHex) {
        assertEquals(oldHex, hex(encode(oldType, oldValue)), "bytes of " + oldValue);
        assertEquals(newHex, hex(encode(newType, newValue)), "bytes of " + newValue);
        KryoResolvingDecoder decoder = decoder(oldType, newType);
        assertFalse(decoder.identity());
        return decode(decoder, encode(oldType, oldValue));
    }

    private static KryoResolvingDecoder decoder(Class<?> writer, Class<?> reader) {
        return KryoResolvingDecoder.create(Schema.of(registry(writer)), serializer(registry(reader)));
    }

    private static TypeRegistry registry(Class<?> type) {
        return TypeRegistry.builder().register(ID, type).build();
    }

    private static Serializer serializer(TypeRegistry registry) {
        return new KryoSerializerProvider().create(registry, SerializerOptions.defaults());
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

    private static Object decode(KryoResolvingDecoder decoder, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            Object value = decoder.decode(ID, buf);
            assertFalse(buf.isReadable(), "the whole payload is read");
            return value;
        } finally {
            buf.release();
        }
    }

    private static String refusal(KryoResolvingDecoder decoder, byte[] payload) {
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
