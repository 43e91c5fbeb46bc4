package io.raftwire.serializer.protostuff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.WireTag;
import io.raftwire.serializer.contract.DownLevelEncoderContract;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Color1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Color2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Extra;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Holder1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Holder2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.InnerV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.InnerV2;
import io.raftwire.serializer.contract.ResolvingDecoderContract.Leaf;
import io.raftwire.serializer.contract.ResolvingDecoderContract.WidenV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.WidenV2;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.Seeds;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * The protostuff down-level encoder on the contract (every forward cell writes the old protostuff codec's bytes, which
 * the old serializer reads back), then what protostuff's own encoder adds: the target's field numbers where today's
 * positions differ from the target's, a changed type nested in another written in the target's layout (a registered
 * value, a list, a polymorphic place, an {@code Optional}), a nested value of a type the target lacks refused as a
 * top-level one is, and {@link ProtostuffSerializer#encoderFor}.
 */
class ProtostuffDownLevelEncoderTest extends DownLevelEncoderContract {

    /** A native enum after a component today's version removed: the enum's field number is the target's 2. */
    record EnumAfterV1(int n, Color1 color) { }

    record EnumAfterV2(@WireTag(2) Color2 color) { }

    /** A changed type held in a list, a polymorphic place and an {@code Optional}: the holder itself is unchanged. */
    record Bag1(List<InnerV1> all, Object any, Optional<InnerV1> maybe) { }

    record Bag2(List<InnerV2> all, Object any, Optional<InnerV2> maybe) { }

    record Box(long a, Object any) { }

    /** Every native kind removed since the target: its codec writes long and boolean always, the others never. */
    record DefaultsV1(long keep, long gone, boolean flag, byte[] raw, long[] words, Color1 color, Leaf leaf,
            List<String> names) { }

    record DefaultsV2(long keep) { }

    record NodeV1(long v, NodeV1 next) { }

    /** A string larger than the encoder's buffer before a number the target cannot hold. */
    record LargeV1(String text, int n) { }

    record LargeV2(String text, long n) { }

    record NodeV2(long v, NodeV2 next, String added) { }

    @Override
    protected SerializerProvider provider() {
        return new ProtostuffSerializerProvider();
    }

    @Override
    protected AbstractDownLevelEncoder create(Schema target, Serializer today) {
        return ProtostuffDownLevelEncoder.create(target, today);
    }

    @Override
    protected boolean writesNestedChanges() {
        return true;
    }

    @Test
    void removedIntIsWrittenAsZeroAndTheEnumAfterItUnderTheTargetsFieldNumber() {
        assertWritesAsOld(EnumAfterV1.class, new EnumAfterV1(0, Color1.GREEN), EnumAfterV2.class,
                new EnumAfterV2(Color2.GREEN));
        assertWritesAsOld(EnumAfterV1.class, new EnumAfterV1(0, null), EnumAfterV2.class, new EnumAfterV2(null));
        assertEquals("08001001", hex(encode(serializer(registry(EnumAfterV1.class)),
                new EnumAfterV1(0, Color1.GREEN))), "the int present as 0, the enum as field 2 = GREEN's number 1");
    }

    @Test
    void removedNativeComponentsAreWrittenAsTheTargetsCodecWritesTheirDefaults() {
        TypeRegistry older = TypeRegistry.builder().register(ID, DefaultsV1.class).register(ID + 1, Leaf.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, DefaultsV2.class).register(ID + 1, Leaf.class)
                .build();
        byte[] written = encode(create(Schema.of(older), serializer(newer)), new DefaultsV2(-2));
        DefaultsV1 expected = new DefaultsV1(-2, 0, false, null, null, null, null, null);
        assertEquals(hex(encode(serializer(older), expected)), hex(written));
        assertEquals("08feffffffffffffffff01" + "1000" + "1800", hex(written),
                "keep, then gone = 0 and flag = false present; the references left out");
        DefaultsV1 read = (DefaultsV1) decode(serializer(older), written);
        assertEquals(List.of(-2L, 0L, false), List.of(read.keep(), read.gone(), read.flag()));
    }

    @Test
    void nestingOfAChangedTypeIsBoundedByMaxDepthAsToday() {
        Serializer old = serializer(registry(NodeV1.class));
        AbstractDownLevelEncoder encoder = create(Schema.of(old.registry()), serializer(registry(NodeV2.class)));
        NodeV1 oldChain = null;
        NodeV2 chain = null;
        for (int depth = 1; depth <= SerializerOptions.DEFAULT_MAX_DEPTH; depth++) {
            oldChain = new NodeV1(depth, oldChain);
            chain = new NodeV2(depth, chain, "x");
        }
        assertEquals(hex(encode(old, oldChain)), hex(encode(encoder, chain)), "the deepest value maxDepth allows");
        assertEquals("protostuff: cannot encode NodeV2 (type 1024): invalid value: nesting depth 65 (expected: <= 64)",
                refusal(encoder, new NodeV2(0, chain, null)));
    }

    @Test
    void refusalAfterPartOfThePayloadWasFlushedLeavesNothingInTheCallersBuffer() {
        String text = "t".repeat(SerializerOptions.defaults().bufferBytes() * 4);
        assertWritesAsOld(LargeV1.class, new LargeV1(text, -5), LargeV2.class, new LargeV2(text, -5));
        AbstractDownLevelEncoder encoder = create(Schema.of(registry(LargeV1.class)),
                serializer(registry(LargeV2.class)));
        assertEquals("protostuff: cannot encode LargeV2 (type 1024): invalid value: LargeV2.n = 2147483648, which the"
                + " target's INT n cannot hold (expected: -2147483648..2147483647, to write it in the "
                + target(LargeV1.class) + ")", refusal(encoder, new LargeV2(text, 1L << 31)));
    }

    @Test
    void changedTypeNestedInAValueIsWrittenInTheTargetsLayout() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Holder1.class).register(ID + 1, InnerV1.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Holder2.class).register(ID + 1, InnerV2.class)
                .build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        byte[] written = encode(encoder, new Holder2(new InnerV2(5, "dropped")));
        assertEquals("0b08050c", hex(written), "Holder1's group holding InnerV1's field 1 only");
        assertEquals(hex(encode(serializer(older), new Holder1(new InnerV1(5)))), hex(written));
        assertEquals(new Holder1(new InnerV1(5)), decode(serializer(older), written));
        assertEquals(hex(encode(serializer(older), new InnerV1(-3))), hex(encode(encoder, new InnerV2(-3, "y"))),
                "the changed type at the top level too");
    }

    @Test
    void changedTypeInAListAPolymorphicPlaceAndAnOptionalIsWrittenInTheTargetsLayout() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Bag1.class).register(ID + 1, InnerV1.class)
                .register(ID + 2, Leaf.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Bag2.class).register(ID + 1, InnerV2.class)
                .register(ID + 2, Leaf.class).build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        Bag1 old = new Bag1(List.of(new InnerV1(1), new InnerV1(2)), new InnerV1(3), Optional.of(new InnerV1(4)));
        byte[] written = encode(encoder, new Bag2(List.of(new InnerV2(1, "a"), new InnerV2(2, null)),
                new InnerV2(3, "b"), Optional.of(new InnerV2(4, "c"))));
        assertEquals(hex(encode(serializer(older), old)), hex(written));
        assertEquals(old, decode(serializer(older), written));
        Bag1 other = new Bag1(List.of(), new Leaf(9), Optional.empty());
        assertEquals(hex(encode(serializer(older), other)), hex(encode(encoder, new Bag2(List.of(), new Leaf(9),
                Optional.empty()))), "an unchanged value in the polymorphic place: today's bytes");
    }

    @Test
    void nestedValueOfATypeTheTargetLacksIsRefusedNamingItAndTheTarget() {
        TypeRegistry older = TypeRegistry.builder().register(ID, Box.class).register(ID + 1, WidenV1.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, Box.class).register(ID + 1, WidenV2.class)
                .register(ID + 2, Extra.class).build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        String target = "target schema " + String.format("0x%016x", Schema.of(older).digest());
        assertEquals("protostuff: cannot encode Box (type 1024): invalid value: a nested Extra (type 1026): type is"
                + " not in the " + target + " (expected: a type id the target registers; a type added since is"
                + " written once the target is a schema that has it)", refusal(encoder, new Box(1, new Extra("x"))));
        assertEquals("protostuff: cannot encode Box (type 1024): invalid value: WidenV2.n = 4294967296, which the"
                + " target's INT n cannot hold (expected: -2147483648..2147483647, to write it in the " + target
                + ")", refusal(encoder, new Box(1, new WidenV2(1L << 32))), "a nested value the target cannot hold");
        assertEquals(hex(encode(serializer(older), new Box(1, new WidenV1(-1)))),
                hex(encode(encoder, new Box(1, new WidenV2(-1)))));
    }

    @Test
    void encoderForTheOwnSchemaIsTodaysEncodeAndForAnotherWritesTheTargetsBytes() {
        Serializer today = serializer(registry(WidenV2.class));
        Serializer old = serializer(registry(WidenV1.class));
        assertEquals(hex(encode(today, new WidenV2(1L << 40))),
                hex(encode(today.encoderFor(today.registry().schema()), new WidenV2(1L << 40))));
        PayloadEncoder down = today.encoderFor(old.registry().schema());
        assertEquals(hex(encode(old, new WidenV1(-7))), hex(encode(down, new WidenV2(-7))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> serializer(registry(WidenV1.class)).encoderFor(today.registry().schema()));
        assertTrue(e.getMessage().startsWith("today's types cannot be written in the target schema "),
                e.getMessage());
        assertTrue(e.getMessage().contains("WidenV1 (type 1024) component n (tag 1): written as LONG (non-null), read"
                + " as INT (non-null): the type changed"), e.getMessage());
    }

    /** Random values of every kind the contract's {@code WideV2} keeps: the old codec's bytes, read back by it. */
    @Test
    void randomValuesOfEveryKindAreWrittenAsTheOldCodecWritesThem() {
        long seed = Seeds.seed(getClass().getSimpleName() + ".randomValuesOfEveryKind");
        Random random = new Random(seed);
        TypeRegistry older = TypeRegistry.builder().register(ID, WideV1.class).register(ID + 1, Leaf.class)
                .register(ID + 2, Dot.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, WideV2.class).register(ID + 1, Leaf.class)
                .register(ID + 2, Dot.class).build();
        AbstractDownLevelEncoder encoder = create(Schema.of(older), serializer(newer));
        Serializer old = serializer(older);
        for (int i = 0; i < 200; i++) {
            WideV1 v = wide(random);
            byte[] expected = encode(old, v);
            byte[] written = encode(encoder, new WideV2(v.note(), v.flag(), v.words(), v.raw(), v.n(), v.counts(),
                    v.colors(), v.any(), v.leaves(), v.names(), v.leaf(), v.a(), random.nextBoolean() ? "x" : null));
            assertEquals(hex(expected), hex(written), "seed " + seed + ", value " + i);
            assertEquals(hex(expected), hex(encode(old, decode(old, written))), "seed " + seed + ", value " + i
                    + ": the old codec reads it back");
        }
    }

    private static WideV1 wide(Random r) {
        List<String> names = r.nextBoolean() ? null : new ArrayList<>();
        List<Leaf> leaves = r.nextBoolean() ? null : new ArrayList<>();
        List<Color1> colors = r.nextBoolean() ? null : new ArrayList<>();
        for (int k = r.nextInt(3); k > 0; k--) {
            if (names != null) {
                names.add("n" + r.nextInt(1000));
            }
            if (leaves != null) {
                leaves.add(new Leaf(r.nextLong()));
            }
            if (colors != null) {
                colors.add(Color1.values()[r.nextInt(2)]);
            }
        }
        return new WideV1(r.nextLong(), r.nextBoolean() ? null : new Leaf(r.nextLong()), names, leaves,
                r.nextBoolean() ? null : new Dot(r.nextLong()), colors,
                r.nextBoolean() ? null : Map.of("k" + r.nextInt(9), r.nextLong()), r.nextInt(),
                r.nextBoolean() ? null : new byte[] {(byte) r.nextInt()}, r.nextBoolean() ? null
                        : new long[] {r.nextLong(), r.nextInt()}, r.nextBoolean(),
                r.nextBoolean() ? Optional.empty() : Optional.of("o" + r.nextInt(99)));
    }

    private static byte[] encode(PayloadEncoder encoder, Object value) {
        ByteBuf buf = PooledByteBufAllocator.DEFAULT.directBuffer();
        try {
            int n = encoder.encode(value, buf);
            assertEquals(buf.readableBytes(), n, "the length returned");
            return ByteBufUtil.getBytes(buf);
        } finally {
            buf.release();
        }
    }
}
