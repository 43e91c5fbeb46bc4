package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.AbstractResolvingDecoder;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.WireTag;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.lang.reflect.Proxy;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a provider's resolving decoder ({@link AbstractResolvingDecoder}, docs/upgrades.md §2.5) promises, run by a thin
 * subclass per provider: every change of {@code EvolutionTodayTest}'s matrix (integration-tests), two versions of one
 * record registered under one id, bytes written by one version's serializer and decoded by the other's through the
 * decoder, the value read asserted exactly and the bytes of both versions pinned by the subclass (the format is the
 * provider's, unchanged); old code reading new bytes where a plan exists; refusals: plans {@code compare} refuses,
 * plans no decoder follows yet, enum constants the reader lacks, every proper prefix and trailing bytes. A refusal is
 * asserted by its reason, after the provider's {@code "<name>: cannot decode T (type 1024, n bytes): "}. The
 * subclass adds the refusals of payloads crafted in its own format.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
public abstract class ResolvingDecoderContract {

    /** The id every version of the record is registered under. */
    protected static final int ID = 1024;

    public record AddV1(long a, String b) { }

    public record AddV2(long a, String b, String c) { }

    public record RemoveV1(long a, String b, String c) { }

    public record RemoveV2(long a, String b) { }

    public record RenameV1(long a, String b) { }

    public record RenameV2(long a, String name) { }

    public record ReorderV1(long a, String b) { }

    /** Reordered declarations keep their tags pinned (without a lock or tags, tags are positions). */
    public record ReorderV2(@WireTag(2) String b, @WireTag(1) long a) { }

    public enum Color1 { RED, GREEN }

    public enum Color2 { RED, GREEN, BLUE }

    public record EnumV1(Color1 color) { }

    public record EnumV2(Color2 color) { }

    public record WidenV1(int n) { }

    public record WidenV2(long n) { }

    public record TypeV1(String n) { }

    public record TypeV2(long n) { }

    public record NonNullV1(Long n) { }

    public record NonNullV2(long n) { }

    public record Kept(long a) { }

    public record Extra(String s) { }

    /** A removed walked component (a boxed number): not handled yet. */
    public record BoxedV1(long a, Long boxed) { }

    public record BoxedV2(long a) { }

    public record Leaf(long x) { }

    public record Inner(Leaf leaf) { }

    public record NestV1(long a, Inner in) { }

    public record NestV2(long a, Inner in, String c) { }

    public record InnerV1(long x) { }

    public record InnerV2(long x, String y) { }

    public record Holder1(InnerV1 in) { }

    public record Holder2(InnerV2 in) { }

    /** A removed component holding a registered value, a list of strings and a list of values. */
    public record RichV1(long a, Leaf leaf, java.util.List<String> names, java.util.List<Leaf> leaves) { }

    public record RichV2(long a) { }

    /** The provider under test. */
    protected abstract SerializerProvider provider();

    /** The provider's resolving decoder of {@code writer}'s bytes for {@code reader}'s types. */
    protected abstract AbstractResolvingDecoder<?> create(Schema writer, Serializer reader);

    /**
     * Asserts that {@code actual}, the bytes the provider writes for the value the fixture {@code name} holds, are
     * the bytes the subclass pinned for it.
     */
    protected abstract void assertPinned(String name, byte[] actual);

    // ---- new code reads old bytes: every cell of the matrix ----

    @Test
    void addedComponentReadsAsItsDefault() {
        assertEquals(new AddV2(7, "x", null), newReadsOld("AddV1", AddV1.class, new AddV1(7, "x"),
                "AddV2", AddV2.class, new AddV2(7, "x", "y")));
    }

    @Test
    void removedComponentIsReadByTheWritersShapeAndDropped() {
        assertEquals(new RemoveV2(7, "x"), newReadsOld("RemoveV1", RemoveV1.class, new RemoveV1(7, "x", "y"),
                "RemoveV2", RemoveV2.class, new RemoveV2(7, "x")));
    }

    @Test
    void removedValueAndCollectionsAreSkippedByTheWritersShape() {
        TypeRegistry older = TypeRegistry.builder().register(ID, RichV1.class).register(ID + 1, Leaf.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, RichV2.class).register(ID + 1, Leaf.class).build();
        RichV1 full = new RichV1(7, new Leaf(1), java.util.List.of("p", "q"), java.util.List.of(new Leaf(2),
                new Leaf(3)));
        AbstractResolvingDecoder<?> decoder = create(Schema.of(older), serializer(newer));
        assertEquals(new RichV2(7), decode(decoder, encode(serializer(older), full)));
        assertEquals(new RichV2(8), decode(decoder, encode(serializer(older), new RichV1(8, null, null, null))));
        assertEquals(new RichV2(9), decode(decoder, encode(serializer(older), new RichV1(9, null,
                java.util.List.of(), java.util.List.of()))));
    }

    @Test
    void renamedComponentReadsItsValue() {
        assertEquals(new RenameV2(7, "x"), newReadsOld("RenameV1", RenameV1.class, new RenameV1(7, "x"),
                "RenameV2", RenameV2.class, new RenameV2(7, "x")));
    }

    @Test
    void reorderedComponentsAreMatchedByTag() {
        assertEquals(new ReorderV2("x", 7), newReadsOld("ReorderV1", ReorderV1.class, new ReorderV1(7, "x"),
                "ReorderV2", ReorderV2.class, new ReorderV2("x", 7)));
    }

    @Test
    void addedEnumConstantLeavesTheWrittenOnesReadable() {
        assertEquals(new EnumV2(Color2.GREEN), newReadsOld("EnumV1", EnumV1.class, new EnumV1(Color1.GREEN),
                "EnumV2", EnumV2.class, new EnumV2(Color2.BLUE)));
    }

    @Test
    void widenedIntIsSignExtended() {
        assertEquals(new WidenV2(-1), newReadsOld("WidenV1", WidenV1.class, new WidenV1(-1),
                "WidenV2", WidenV2.class, new WidenV2(-1)));
        assertEquals(new WidenV2(Integer.MIN_VALUE), decode(decoder(WidenV1.class, WidenV2.class),
                encode(WidenV1.class, new WidenV1(Integer.MIN_VALUE))));
    }

    @Test
    void changedTypeHasNoDecoderAndTheMessageOfCompare() {
        assertPinned("TypeV1", encode(TypeV1.class, new TypeV1("12")));
        assertPinned("TypeV2", encode(TypeV2.class, new TypeV2(12)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(TypeV1.class, TypeV2.class));
        assertEquals("the reader's types cannot read the writer's: 1 problem(s):\n  TypeV2 (type 1024) component n"
                + " (tag 1): written as STRING, read as LONG (non-null): the type changed (expected: the same kind, or"
                + " a widening of the component itself from INT to LONG or from FLOAT to DOUBLE; to change a type,"
                + " add a component under a new name and remove the old one)", e.getMessage());
    }

    @Test
    void componentMadeNonNullHasNoDecoder() {
        assertPinned("NonNullV1", encode(NonNullV1.class, new NonNullV1(null)));
        assertPinned("NonNullV2", encode(NonNullV2.class, new NonNullV2(5)));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(NonNullV1.class, NonNullV2.class));
        assertTrue(e.getMessage().startsWith("the reader's types cannot read the writer's: 1 problem(s):\n"
                + "  NonNullV2 (type 1024) component n (tag 1): written as LONG? (nullable), read as LONG (non-null):"
                + " a null written has no value to read"), e.getMessage());
    }

    @Test
    void componentMadeNullableWithAnotherLayoutIsRefusedNotReadWrong() {
        // long n written natively, Long n read through the walk: read with the reader's layout, 0 would read as null
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(NonNullV2.class, NonNullV1.class));
        assertTrue(e.getMessage().startsWith("NonNullV1.n: ") && e.getMessage().contains("cannot read a component"
                + " written natively as ") && e.getMessage().contains(" into one read walked as "), e.getMessage());
    }

    @Test
    void addedTypeLeavesTheOldTypeReadable() {
        Serializer older = serializer(registry(Kept.class));
        Serializer newer = serializer(TypeRegistry.builder().register(ID, Kept.class).register(ID + 1, Extra.class)
                .build());
        assertPinned("Kept", encode(older, new Kept(7)));
        assertPinned("Extra", encode(newer, new Extra("new")));
        AbstractResolvingDecoder<?> decoder = create(Schema.of(older.registry()), newer);
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
        assertEquals(new NestV2(1, new Inner(new Leaf(2)), null), decode(create(Schema.of(older), serializer(newer)),
                written));
        SerializerOptions depthTwo = new SerializerOptions(2, SerializerOptions.DEFAULT_MAX_ELEMENTS,
                SerializerOptions.DEFAULT_BUFFER_BYTES, SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES);
        assertEquals("nesting depth 3 (expected: <= 2)", reason("NestV1", written,
                refusal(create(Schema.of(older), provider().create(older, depthTwo)), written)), "today's path");
        assertEquals("nesting depth 3 (expected: <= 2)", reason("NestV2", written,
                refusal(create(Schema.of(older), provider().create(newer, depthTwo)), written)));
    }

    @Test
    void changedTypeNestedInAnotherIsRefusedAtDecodeAndTheChangedTypeReads() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Holder1.class).register(ID + 1, InnerV1.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Holder2.class).register(ID + 1, InnerV2.class)
                .build();
        AbstractResolvingDecoder<?> decoder = create(Schema.of(older), serializer(newer));
        byte[] inner = encode(serializer(older), new InnerV1(5));
        ByteBuf buf = Unpooled.wrappedBuffer(inner);
        try {
            assertEquals(new InnerV2(5, null), decoder.decode(ID + 1, buf), "the changed type, at the top level");
            assertFalse(buf.isReadable(), "the whole payload is read");
        } finally {
            buf.release();
        }
        byte[] holder = encode(serializer(older), new Holder1(new InnerV1(5)));
        assertEquals("Holder2.in: " + provider().name() + "'s resolving decoder cannot read type 1025, which changed,"
                + " nested inside another type yet (expected: docs/upgrades.md section 3 step 3 for the changes it"
                + " reads)", reason("Holder2", holder, refusal(decoder, holder)));
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
        AbstractResolvingDecoder<?> decoder = decoder(EnumV2.class, EnumV1.class);
        assertEquals(new EnumV1(Color1.GREEN), decode(decoder, encode(EnumV2.class, new EnumV2(Color2.GREEN))));
        assertEquals(new EnumV1(null), decode(decoder, encode(EnumV2.class, new EnumV2(null))));
        byte[] blue = encode(EnumV2.class, new EnumV2(Color2.BLUE));
        assertEquals("EnumV1.color holds enum constant BLUE (wire number 2), which the reader's enum does not have"
                + " (expected: one of [RED, GREEN])", reason("EnumV1", blue, refusal(decoder, blue)));
    }

    // ---- equal schemas: today's codec ----

    @Test
    void equalSchemasDecodeWithTheReadersOwnSerializer() {
        Serializer s = serializer(registry(AddV2.class));
        AbstractResolvingDecoder<?> decoder = create(Schema.of(s.registry()), s);
        assertTrue(decoder.identity());
        assertEquals(new AddV2(7, "x", "y"), decode(decoder, encode(s, new AddV2(7, "x", "y"))));
        byte[] old = encode(AddV1.class, new AddV1(7, "x"));
        assertEquals(refusal(s, old), refusal(decoder, old), "today's refusal of an old payload, unchanged");
    }

    // ---- hostile input ----

    @Test
    void everyProperPrefixOfAWrittenValueIsRefusedAsMalformed() {
        assertPrefixesRefused(decoder(AddV1.class, AddV2.class), encode(AddV1.class, new AddV1(300, "xyz")));
        assertPrefixesRefused(decoder(RemoveV1.class, RemoveV2.class),
                encode(RemoveV1.class, new RemoveV1(300, "xyz", "removed")));
        assertPrefixesRefused(decoder(ReorderV1.class, ReorderV2.class),
                encode(ReorderV1.class, new ReorderV1(-5, "xyz")));
        assertPrefixesRefused(decoder(WidenV1.class, WidenV2.class), encode(WidenV1.class, new WidenV1(-1)));
    }

    private void assertPrefixesRefused(AbstractResolvingDecoder<?> decoder, byte[] whole) {
        for (int n = 0; n < whole.length; n++) {
            String message = refusal(decoder, Arrays.copyOf(whole, n));
            assertTrue(message.startsWith(provider().name() + ": cannot decode ") && message.contains("(expected: "),
                    "prefix of " + n + " bytes: " + message);
        }
    }

    @Test
    void bytesLeftAfterTheValueAreRefused() {
        byte[] written = encode(AddV1.class, new AddV1(7, "x"));
        byte[] longer = Arrays.copyOf(written, written.length + 1);
        assertEquals("1 bytes left after the value (expected: none)",
                reason("AddV2", longer, refusal(decoder(AddV1.class, AddV2.class), longer)));
    }

    @Test
    void typeTheReaderDoesNotRegisterIsRefused() {
        AbstractResolvingDecoder<?> decoder = decoder(AddV1.class, AddV2.class);
        SerializationException e = assertThrows(SerializationException.class,
                () -> decoder.decode(ID + 1, Unpooled.EMPTY_BUFFER));
        assertTrue(e.getMessage().contains("type id is not registered (expected: an id of this node's registry)"),
                e.getMessage());
    }

    @Test
    void typeOnlyTheReaderRegistersIsRefused() {
        Serializer newer = serializer(TypeRegistry.builder().register(ID, Kept.class).register(ID + 1, Extra.class)
                .build());
        AbstractResolvingDecoder<?> decoder = create(Schema.of(registry(Kept.class)), newer);
        byte[] extra = encode(newer, new Extra("new"));
        ByteBuf buf = Unpooled.wrappedBuffer(extra);
        try {
            assertEquals(provider().name() + ": cannot decode Extra (type 1025, " + extra.length + " bytes): type id"
                    + " is not in the writer's schema (expected: an id the writer registers)",
                    assertThrows(SerializationException.class, () -> decoder.decode(ID + 1, buf)).getMessage());
        } finally {
            buf.release();
        }
    }

    @Test
    void planNoDecoderFollowsYetIsRefusedNamingTheComponent() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> decoder(BoxedV1.class, BoxedV2.class));
        assertEquals("BoxedV1.boxed: " + provider().name() + "'s resolving decoder cannot skip the removed walked"
                + " component LONG? yet (expected: docs/upgrades.md section 3 step 3 for the changes it reads)",
                e.getMessage());
    }

    @Test
    void readerOfAnotherProviderIsRefused() {
        Serializer other = (Serializer) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Serializer.class}, (proxy, method, args) -> {
                    if (method.getName().equals("name")) {
                        return "other";
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> create(Schema.of(registry(AddV1.class)), other));
        assertEquals("reader serializer is other (expected: a " + provider().name() + " serializer)", e.getMessage());
    }

    // ---- helpers for subclasses ----

    /**
     * Pins both versions' bytes, then decodes the old value's bytes with the new version's resolving decoder.
     */
    protected final Object newReadsOld(String oldName, Class<?> oldType, Object oldValue, String newName,
            Class<?> newType, Object newValue) {
        assertPinned(oldName, encode(oldType, oldValue));
        assertPinned(newName, encode(newType, newValue));
        AbstractResolvingDecoder<?> decoder = decoder(oldType, newType);
        assertFalse(decoder.identity());
        return decode(decoder, encode(oldType, oldValue));
    }

    /** The decoder of {@code writer}'s bytes for {@code reader}, each registered alone under {@link #ID}. */
    protected final AbstractResolvingDecoder<?> decoder(Class<?> writer, Class<?> reader) {
        return create(Schema.of(registry(writer)), serializer(registry(reader)));
    }

    protected static TypeRegistry registry(Class<?> type) {
        return TypeRegistry.builder().register(ID, type).build();
    }

    protected final Serializer serializer(TypeRegistry registry) {
        return provider().create(registry, SerializerOptions.defaults());
    }

    protected final byte[] encode(Class<?> type, Object value) {
        return encode(serializer(registry(type)), value);
    }

    protected static byte[] encode(Serializer s, Object value) {
        ByteBuf buf = Unpooled.buffer();
        try {
            s.encode(value, buf);
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    /** Decodes a payload of type {@link #ID}, asserting it is read whole. */
    protected static Object decode(AbstractResolvingDecoder<?> decoder, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            Object value = decoder.decode(ID, buf);
            assertFalse(buf.isReadable(), "the whole payload is read");
            return value;
        } finally {
            buf.release();
        }
    }

    /** The message of the refusal of a payload of type {@link #ID}. */
    protected static String refusal(AbstractResolvingDecoder<?> decoder, byte[] payload) {
        return refusal(buf -> decoder.decode(ID, buf), payload);
    }

    /** The message of {@code serializer}'s own refusal of a payload of type {@link #ID}. */
    protected static String refusal(Serializer serializer, byte[] payload) {
        return refusal(buf -> serializer.decode(ID, buf), payload);
    }

    private static String refusal(java.util.function.Consumer<ByteBuf> decode, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            return assertThrows(SerializationException.class, () -> decode.accept(buf)).getMessage();
        } finally {
            buf.release();
        }
    }

    /**
     * The reason of a refusal of {@code payload} read as the reader's {@code type}, asserting the provider's prefix.
     */
    protected final String reason(String type, byte[] payload, String message) {
        String prefix = provider().name() + ": cannot decode " + type + " (type " + ID + ", " + payload.length
                + " bytes): ";
        assertTrue(message.startsWith(prefix), message);
        return message.substring(prefix.length());
    }

    protected static String hex(byte[] bytes) {
        return ByteBufUtil.hexDump(bytes);
    }

    protected static byte[] bytes(String hex) {
        return ByteBufUtil.decodeHexDump(hex);
    }
}
