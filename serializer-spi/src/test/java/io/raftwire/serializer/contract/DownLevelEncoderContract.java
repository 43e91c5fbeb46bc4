package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.WireTag;
import io.raftwire.serializer.contract.ResolvingDecoderContract.AddV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.AddV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.BoxedV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.BoxedV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Color2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Color1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.EnumV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.EnumV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Extra;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Holder1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Holder2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.InnerV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.InnerV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Kept;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Leaf;
import io.raftwire.serializer.contract.ResolvingDecoderContract.NonNullV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.NonNullV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.RemoveV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.RemoveV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.RenameV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.RenameV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.ReorderV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.ReorderV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.RichV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.RichV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.TypeV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.TypeV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.WidenV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.WidenV2;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a provider's down-level encoder ({@link AbstractDownLevelEncoder}, docs/upgrades.md §2.4 "forward") promises,
 * run by a thin subclass per provider, on the fixtures of {@link ResolvingDecoderContract} (two versions of one record
 * under one id): for every change of {@code EvolutionTodayTest}'s matrix where old code can read what new code writes
 * for it, the new value written in the old schema is byte for byte what the old version's own serializer writes for
 * the corresponding old value, and the old serializer decodes it to that value; the refusals at encode (a value
 * outside the target's {@code int}, an enum constant or a type the target lacks, a null for the target's primitive)
 * with their messages, nothing left written and no buffer leaked; the refusals at creation; equal schemas give
 * today's bytes.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
public abstract class DownLevelEncoderContract {

    /** The id every version of the record is registered under. */
    protected static final int ID = ResolvingDecoderContract.ID;

    /** A polymorphic place's declared type (an {@code Object} place could hold the changed type itself). */
    public interface Shaped { }

    public record Dot(long x) implements Shaped { }

    /** A {@link Shaped} added since the target. */
    public record Square(long side) implements Shaped { }

    /** An unchanged type with a polymorphic place, which may hold a type added since the target. */
    public record Frame(long a, Shaped any) { }

    /**
     * Every kind a changed type may keep: a registered value, lists of strings, values and enum constants, a
     * polymorphic place, a walked map and optional, bytes and longs, and a number narrowed.
     */
    public record WideV1(long a, Leaf leaf, List<String> names, List<Leaf> leaves, Shaped any, List<Color1> colors,
            Map<String, Long> counts, int n, byte[] raw, long[] words, boolean flag, Optional<String> note) { }

    /** {@link WideV1} reversed, {@code n} widened, a component added. */
    public record WideV2(@WireTag(12) Optional<String> note, @WireTag(11) boolean flag, @WireTag(10) long[] words,
            @WireTag(9) byte[] raw, @WireTag(8) long n, @WireTag(7) Map<String, Long> counts,
            @WireTag(6) List<Color1> colors, @WireTag(5) Shaped any, @WireTag(4) List<Leaf> leaves,
            @WireTag(3) List<String> names, @WireTag(2) Leaf leaf, @WireTag(1) long a, @WireTag(13) String extra) { }

    public record MaybeV1(long a, Optional<Color1> maybe) { }

    /** {@link MaybeV1} reordered: an enum inside a walked component kept. */
    public record MaybeV2(@WireTag(2) Optional<Color1> maybe, @WireTag(1) long a) { }

    public record ColorsV1(List<Color1> colors) { }

    public record ColorsV2(List<Color2> colors) { }

    /** The provider under test. */
    protected abstract SerializerProvider provider();

    /** The provider's down-level encoder of {@code today}'s types in {@code target}. */
    protected abstract AbstractDownLevelEncoder create(Schema target, Serializer today);

    /**
     * Whether the provider's encoder writes a changed type nested in another in the target's layout (protostuff's:
     * it holds its own codec of every type) instead of refusing it.
     */
    protected boolean writesNestedChanges() {
        return false;
    }

    // ---- every cell where new code writes for old: the old codec's bytes ----

    @Test
    void addedComponentIsLeftOut() {
        assertWritesAsOld(AddV1.class, new AddV1(7, "x"), AddV2.class, new AddV2(7, "x", "y"));
        assertWritesAsOld(AddV1.class, new AddV1(-300, null), AddV2.class, new AddV2(-300, null, null));
    }

    @Test
    void removedComponentIsWrittenAsTheTargetsDefault() {
        assertWritesAsOld(RemoveV1.class, new RemoveV1(7, "x", null), RemoveV2.class, new RemoveV2(7, "x"));
    }

    @Test
    void removedValueAndCollectionsAreWrittenAsNull() {
        TypeRegistry older = TypeRegistry.builder().register(ID, RichV1.class).register(ID + 1, Leaf.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, RichV2.class).register(ID + 1, Leaf.class).build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        byte[] written = encode(encoder, new RichV2(7));
        RichV1 expected = new RichV1(7, null, null, null);
        assertEquals(hex(encode(serializer(older), expected)), hex(written));
        assertEquals(expected, decode(serializer(older), written));
        assertEquals(hex(encode(serializer(newer), new Leaf(3))), hex(encode(encoder, new Leaf(3))),
                "an unchanged type: today's bytes");
    }

    @Test
    void renamedComponentIsWrittenAsToday() {
        assertWritesAsOld(RenameV1.class, new RenameV1(7, "x"), RenameV2.class, new RenameV2(7, "x"));
        assertFalse(create(Schema.of(registry(RenameV1.class)), serializer(registry(RenameV2.class))).identity(),
                "a rename changes the digest; its identity plan still goes to today's codec");
    }

    @Test
    void reorderedComponentsAreWrittenInTheTargetsOrder() {
        assertWritesAsOld(ReorderV1.class, new ReorderV1(7, "x"), ReorderV2.class, new ReorderV2("x", 7));
        assertWritesAsOld(ReorderV1.class, new ReorderV1(Long.MIN_VALUE, null), ReorderV2.class,
                new ReorderV2(null, Long.MIN_VALUE));
    }

    @Test
    void enumConstantIsWrittenAsTheTargetsConstantOfTheSameName() {
        assertWritesAsOld(EnumV1.class, new EnumV1(Color1.GREEN), EnumV2.class, new EnumV2(Color2.GREEN));
        assertWritesAsOld(EnumV1.class, new EnumV1(Color1.RED), EnumV2.class, new EnumV2(Color2.RED));
        assertWritesAsOld(EnumV1.class, new EnumV1(null), EnumV2.class, new EnumV2(null));
    }

    @Test
    void enumConstantTheTargetLacksIsRefusedNamingIt() {
        assertRefused(EnumV1.class, EnumV2.class, new EnumV2(Color2.BLUE), "EnumV2", "invalid value:"
                + " EnumV2.color holds enum constant BLUE, which the target's enum does not have (expected: one of"
                + " [RED, GREEN], to write it in the " + target(EnumV1.class) + ")");
    }

    @Test
    void widenedLongIsWrittenAsTheTargetsIntWhenItFits() {
        assertWritesAsOld(WidenV1.class, new WidenV1(-1), WidenV2.class, new WidenV2(-1));
        assertWritesAsOld(WidenV1.class, new WidenV1(Integer.MIN_VALUE), WidenV2.class,
                new WidenV2(Integer.MIN_VALUE));
        assertWritesAsOld(WidenV1.class, new WidenV1(Integer.MAX_VALUE), WidenV2.class,
                new WidenV2(Integer.MAX_VALUE));
    }

    @Test
    void widenedLongOutsideTheTargetsIntIsRefusedNamingFieldValueAndSchema() {
        assertRefused(WidenV1.class, WidenV2.class, new WidenV2(1L << 32), "WidenV2", "invalid value: WidenV2.n ="
                + " 4294967296, which the target's INT n cannot hold (expected: -2147483648..2147483647, to write it"
                + " in the " + target(WidenV1.class) + ")");
        assertRefused(WidenV1.class, WidenV2.class, new WidenV2(Integer.MIN_VALUE - 1L), "WidenV2", "invalid value:"
                + " WidenV2.n = -2147483649, which the target's INT n cannot hold (expected:"
                + " -2147483648..2147483647, to write it in the " + target(WidenV1.class) + ")");
    }

    @Test
    void componentMadeNullableIsWrittenWhenItHoldsAValue() {
        assertWritesAsOld(NonNullV2.class, new NonNullV2(5), NonNullV1.class, new NonNullV1(5L));
        assertWritesAsOld(NonNullV2.class, new NonNullV2(-1), NonNullV1.class, new NonNullV1(-1L));
    }

    @Test
    void nullForTheTargetsPrimitiveIsRefused() {
        assertRefused(NonNullV2.class, NonNullV1.class, new NonNullV1(null), "NonNullV1", "invalid value:"
                + " NonNullV1.n is null, which the target's LONG n cannot hold (expected: a value, to write it in the "
                + target(NonNullV2.class) + ")");
    }

    @Test
    void addedTypeIsRefusedAtEncodeAndTheOldTypeWrittenAsToday() {
        Serializer older = serializer(registry(Kept.class));
        Serializer newer = serializer(TypeRegistry.builder().register(ID, Kept.class).register(ID + 1, Extra.class)
                .build());
        AbstractDownLevelEncoder encoder = create(Schema.of(older.registry()), newer);
        assertFalse(encoder.identity());
        assertEquals(hex(encode(older, new Kept(7))), hex(encode(encoder, new Kept(7))));
        assertEquals(provider().name() + ": cannot encode Extra (type 1025): type is not in the "
                + target(Kept.class) + " (expected: a type id the target registers; a type added since is written"
                + " once the target is a schema that has it)", refusal(encoder, new Extra("new")));
    }

    @Test
    void everyKindKeptIsWrittenInTheTargetsOrderAsTheTargetsCodecWritesIt() {
        TypeRegistry older = TypeRegistry.builder().register(ID, WideV1.class).register(ID + 1, Leaf.class)
                .register(ID + 2, Dot.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, WideV2.class).register(ID + 1, Leaf.class)
                .register(ID + 2, Dot.class).build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        Serializer old = serializer(older);
        WideV1 full = new WideV1(-7, new Leaf(1), List.of("p", "q"), List.of(new Leaf(2), new Leaf(3)), new Dot(4),
                List.of(Color1.GREEN, Color1.RED), Map.of("k", 5L), -1, new byte[] {1, 2}, new long[] {-1, 9}, true,
                Optional.of("n"));
        WideV2 today = new WideV2(Optional.of("n"), true, new long[] {-1, 9}, new byte[] {1, 2}, -1, Map.of("k", 5L),
                List.of(Color1.GREEN, Color1.RED), new Dot(4), List.of(new Leaf(2), new Leaf(3)), List.of("p", "q"),
                new Leaf(1), -7, "left out");
        byte[] written = encode(encoder, today);
        assertEquals(hex(encode(old, full)), hex(written));
        WideV1 read = (WideV1) decode(old, written);
        assertEquals(List.of(full.a(), full.leaf(), full.names(), full.leaves(), full.any(), full.colors(),
                full.counts(), full.n(), full.flag(), full.note()), List.of(read.a(), read.leaf(), read.names(),
                read.leaves(), read.any(), read.colors(), read.counts(), read.n(), read.flag(), read.note()));
        WideV1 empty = new WideV1(0, null, null, null, null, null, null, 0, null, null, false, Optional.empty());
        assertEquals(hex(encode(old, empty)), hex(encode(encoder, new WideV2(Optional.empty(), false, null, null, 0,
                null, null, null, null, null, null, 0, null))));
        WideV1 emptied = new WideV1(0, null, List.of(), List.of(), null, List.of(), Map.of(), 0, new byte[0],
                new long[0], false, Optional.empty());
        assertEquals(hex(encode(old, emptied)), hex(encode(encoder, new WideV2(Optional.empty(), false, new long[0],
                new byte[0], 0, Map.of(), List.of(), null, List.of(), List.of(), null, 0, null))));
    }

    @Test
    void enumInsideAWalkedComponentIsWrittenAsTodayWhenItsConstantsAreTheTargets() {
        assertWritesAsOld(MaybeV1.class, new MaybeV1(3, Optional.of(Color1.GREEN)), MaybeV2.class,
                new MaybeV2(Optional.of(Color1.GREEN), 3));
        assertWritesAsOld(MaybeV1.class, new MaybeV1(3, Optional.empty()), MaybeV2.class,
                new MaybeV2(Optional.empty(), 3));
    }

    // ---- refused when created ----

    @Test
    void changedTypeIsRefusedWithTheMessageOfCompare() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> create(Schema.of(registry(TypeV1.class)), serializer(registry(TypeV2.class))));
        assertEquals("today's types cannot be written in the " + target(TypeV1.class) + ": 1 problem(s)"
                + " (compare(target, today), the read of the target's bytes into today's types):\n  TypeV2 (type"
                + " 1024) component n (tag 1): written as STRING, read as LONG (non-null): the type changed (expected:"
                + " the same kind, or a widening of the component itself from INT to LONG or from FLOAT to DOUBLE; to"
                + " change a type, add a component under a new name and remove the old one)", e.getMessage());
    }

    @Test
    void componentMadeNonNullIsNotWrittenYet() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> create(Schema.of(registry(NonNullV1.class)), serializer(registry(NonNullV2.class))));
        assertTrue(e.getMessage().startsWith("today's types cannot be written in the " + target(NonNullV1.class)
                + ": 1 problem(s) (compare(target, today), the read of the target's bytes into today's types):\n"
                + "  NonNullV2 (type 1024) component n (tag 1): written as LONG? (nullable), read as LONG (non-null):"
                + " a null written has no value to read"), e.getMessage());
    }

    @Test
    void removedWalkedComponentIsNotWrittenYet() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> create(Schema.of(registry(BoxedV1.class)), serializer(registry(BoxedV2.class))));
        assertEquals("BoxedV1.boxed: " + provider().name() + "'s down-level encoder cannot write the default of the"
                + " removed walked component LONG? yet (expected: docs/upgrades.md section 3 step 3 for the changes"
                + " it writes)", e.getMessage());
    }

    @Test
    void enumConstantsAddedInsideACollectionAreNotWrittenYet() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> create(Schema.of(registry(ColorsV1.class)), serializer(registry(ColorsV2.class))));
        assertEquals("ColorsV2.colors: " + provider().name() + "'s down-level encoder cannot map enum constants by"
                + " name inside " + Schema.of(registry(ColorsV1.class)).type(ID).fields().get(0).shape() + " (at"
                + " '.element') yet (expected: docs/upgrades.md section 3 step 3 for the changes it writes)",
                e.getMessage());
    }

    @Test
    void changedTypeNestedInAnotherIsRefusedAtEncodeUnlessTheProviderWritesIt() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Holder1.class).register(ID + 1, InnerV1.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Holder2.class).register(ID + 1, InnerV2.class)
                .build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        assertEquals(hex(encode(serializer(older), new InnerV1(5))), hex(encode(encoder, new InnerV2(5, "y"))),
                "the changed type, at the top level, in the old codec's bytes");
        if (writesNestedChanges()) {
            byte[] written = encode(encoder, new Holder2(new InnerV2(5, "y")));
            assertEquals(hex(encode(serializer(older), new Holder1(new InnerV1(5)))), hex(written));
            assertEquals(new Holder1(new InnerV1(5)), decode(serializer(older), written));
            return;
        }
        assertEquals(provider().name() + ": cannot encode Holder2 (type 1024): Holder2.in: " + provider().name()
                + "'s down-level encoder cannot write type 1025, which changed, nested inside another type yet"
                + " (expected: docs/upgrades.md section 3 step 3 for the changes it writes)",
                refusal(encoder, new Holder2(new InnerV2(5, "y"))));
    }

    @Test
    void unchangedTypeWhosePolymorphicPlaceMayHoldATypeAddedSinceIsRefusedUnlessTheProviderWritesIt() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Frame.class).register(ID + 1, Dot.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Frame.class).register(ID + 1, Dot.class)
                .register(ID + 2, Square.class).build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        String target = "target schema " + String.format("0x%016x", Schema.of(older).digest());
        assertEquals(hex(encode(serializer(older), new Dot(3))), hex(encode(encoder, new Dot(3))));
        if (writesNestedChanges()) {
            assertEquals(hex(encode(serializer(older), new Frame(1, new Dot(3)))),
                    hex(encode(encoder, new Frame(1, new Dot(3)))));
            assertEquals(provider().name() + ": cannot encode Frame (type 1024): invalid value: a nested Square"
                    + " (type 1026): type is not in the " + target + " (expected: a type id the target registers; a"
                    + " type added since is written once the target is a schema that has it)",
                    refusal(encoder, new Frame(1, new Square(2))));
            return;
        }
        // written with today's codec, Square's id would reach a reader of the target, which has no such type
        String refused = provider().name() + ": cannot encode Frame (type 1024): Frame.any may hold type 1026 (Square), which"
                + " is not in the " + target + " (expected: a value of a type whose places hold only types the"
                + " target registers; Frame is written once the target is a schema that has type 1026)";
        assertEquals(refused, refusal(encoder, new Frame(1, new Square(2))));
        assertEquals(refused, refusal(encoder, new Frame(1, new Dot(3))), "refused by type, as a nested change is");
    }

    @Test
    void serializerOfAnotherProviderIsRefused() {
        Serializer other = (Serializer) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {Serializer.class}, (proxy, method, args) -> {
                    if (method.getName().equals("name")) {
                        return "other";
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> create(Schema.of(registry(AddV1.class)), other));
        assertEquals("today's serializer is other (expected: a " + provider().name() + " serializer)",
                e.getMessage());
    }

    // ---- equal schemas: today's codec ----

    @Test
    void equalSchemasWriteTodaysBytes() {
        Serializer s = serializer(TypeRegistry.builder().register(ID, RichV1.class).register(ID + 1, Leaf.class)
                .build());
        AbstractDownLevelEncoder encoder = create(Schema.of(s.registry()), s);
        assertTrue(encoder.identity());
        for (Object v : List.of(new RichV1(7, new Leaf(1), List.of("p"), List.of(new Leaf(2))),
                new RichV1(-1, null, null, null), new Leaf(5))) {
            assertEquals(hex(encode(s, v)), hex(encode(encoder, v)));
        }
        assertEquals(refusalOf(s, new Extra("x")), refusal(encoder, new Extra("x")), "today's refusal, unchanged");
    }

    // ---- helpers ----

    /**
     * Writes {@code newValue} with the down-level encoder of {@code newType}'s registry in {@code oldType}'s schema
     * and asserts the bytes are those {@code oldType}'s own serializer writes for {@code oldValue}, and that it reads
     * them as {@code oldValue}.
     */
    protected final void assertWritesAsOld(Class<?> oldType, Object oldValue, Class<?> newType, Object newValue) {
        Serializer old = serializer(registry(oldType));
        AbstractDownLevelEncoder encoder = create(Schema.of(old.registry()), serializer(registry(newType)));
        byte[] written = encode(encoder, newValue);
        assertEquals(hex(encode(old, oldValue)), hex(written), "the old codec's bytes of " + oldValue);
        assertEquals(oldValue, decode(old, written));
    }

    /**
     * Asserts that writing {@code value} in {@code oldType}'s schema is refused with the provider's prefix and
     * {@code reason}, and leaves nothing written into a pooled buffer that holds a byte already.
     */
    protected final void assertRefused(Class<?> oldType, Class<?> newType, Object value, String typeName,
            String reason) {
        AbstractDownLevelEncoder encoder = create(Schema.of(registry(oldType)), serializer(registry(newType)));
        assertEquals(provider().name() + ": cannot encode " + typeName + " (type " + ID + "): " + reason,
                refusal(encoder, value));
    }

    /** The message of the refusal of {@code value}, asserting that nothing is left written and nothing leaks. */
    protected static String refusal(AbstractDownLevelEncoder encoder, Object value) {
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer();
        try {
            out.writeByte(0x2A);
            String message = assertThrows(SerializationException.class, () -> encoder.encode(value, out))
                    .getMessage();
            assertEquals(1, out.writerIndex(), "nothing left written after a refusal");
            return message;
        } finally {
            out.release();
        }
    }

    private static String refusalOf(Serializer s, Object value) {
        ByteBuf out = Unpooled.buffer();
        try {
            return assertThrows(SerializationException.class, () -> s.encode(value, out)).getMessage();
        } finally {
            out.release();
        }
    }

    /** How refusals name the schema of {@code type} registered alone under {@link #ID}. */
    protected static String target(Class<?> type) {
        return "target schema " + String.format("0x%016x", Schema.of(registry(type)).digest());
    }

    protected static TypeRegistry registry(Class<?> type) {
        return TypeRegistry.builder().register(ID, type).build();
    }

    protected final Serializer serializer(TypeRegistry registry) {
        return provider().create(registry, SerializerOptions.defaults());
    }

    protected static byte[] encode(Serializer s, Object value) {
        ByteBuf buf = Unpooled.buffer();
        try {
            int n = s.encode(value, buf);
            assertEquals(buf.readableBytes(), n);
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    protected static byte[] encode(AbstractDownLevelEncoder encoder, Object value) {
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer();
        try {
            int n = encoder.encode(value, buf);
            assertEquals(buf.readableBytes(), n, "the length returned");
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }

    protected static Object decode(Serializer s, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            Object value = s.decode(ID, buf);
            assertFalse(buf.isReadable(), "the whole payload is read");
            return value;
        } finally {
            buf.release();
        }
    }

    protected static String hex(byte[] bytes) {
        return ByteBufUtil.hexDump(bytes);
    }
}
