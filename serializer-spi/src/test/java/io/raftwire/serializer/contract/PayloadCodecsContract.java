package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.PayloadDecoder;
import io.raftwire.serializer.PayloadEncoder;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.ResolvingDecoderContract.AddV1;
import io.raftwire.serializer.contract.ResolvingDecoderContract.AddV2;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What {@link Serializer#decoderFor} and {@link Serializer#encoderFor} promise, run by a thin subclass per provider:
 * the serializer's own schema gives its own decode and encode (the same values, the same bytes), and another schema
 * gives a decoder and an encoder even when a registered type has a polymorphic {@code Object} place, as the catalog's
 * log entry has, next to a changed type: the changed type is read and written exactly, a payload of the holder is
 * refused naming its component (or, for a provider that resolves nested changes, read exactly, and for one that
 * writes them, written exactly).
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
public abstract class PayloadCodecsContract {

    /** The id of the changed type; the holder is registered under the next one. */
    protected static final int ID = ResolvingDecoderContract.ID;

    /** Like the catalog's {@code LogEntryModel(long index, int term, Object operation)}: holds any registered type. */
    public record Holder(long a, Object any) { }

    public enum Color1 { RED, GREEN }

    /** {@link Color1} with a constant added first: every constant's position changed, its name kept. */
    public enum Color2 { BLUE, RED, GREEN }

    /** A changed type: {@code n} widened to {@code long}, {@code color}'s enum reordered, {@code extra} added. */
    public record ChangedV1(int n, Color1 color) { }

    public record ChangedV2(long n, Color2 color, String extra) { }

    /** An unchanged type holding the changed one in every kind of place; {@code any} holds any registered type. */
    public record NestV1(List<ChangedV1> items, Map<String, ChangedV1> byName, Optional<ChangedV1> maybe,
            Object any) { }

    public record NestV2(List<ChangedV2> items, Map<String, ChangedV2> byName, Optional<ChangedV2> maybe,
            Object any) { }

    /** The provider under test. */
    protected abstract SerializerProvider provider();

    /**
     * Whether the provider's resolving decoder resolves a changed type nested in another (protostuff's does), so a
     * holder's payload is read rather than refused.
     */
    protected boolean resolvesNestedChanges() {
        return false;
    }

    /**
     * Whether the provider's down-level encoder writes a changed type nested in another in the target's layout
     * (protostuff's does), so a holder's value is written rather than refused.
     */
    protected boolean writesNestedChanges() {
        return false;
    }

    @Test
    void ownSchemaDecodesWhatDecodeDecodesAndEncodesTheSameBytes() {
        Serializer s = serializer(TypeRegistry.builder().register(ID, AddV2.class).register(ID + 1, Holder.class)
                .build());
        PayloadDecoder decoder = s.decoderFor(s.registry().schema());
        PayloadEncoder encoder = s.encoderFor(Schema.of(s.registry()));
        for (Object value : List.of(new AddV2(7, "x", "y"), new AddV2(-1, null, ""),
                new Holder(3, new AddV2(1, "a", null)), new Holder(4, null))) {
            int id = value instanceof Holder ? ID + 1 : ID;
            byte[] bytes = encode(s::encode, value);
            assertEquals(ByteBufUtil.hexDump(bytes), ByteBufUtil.hexDump(encode(encoder, value)), "bytes of " + value);
            assertEquals(decode(s::decode, id, bytes), decode(decoder, id, bytes), "value of " + value);
            assertEquals(value, decode(decoder, id, bytes));
        }
        byte[] cut = new byte[] {7};
        assertEquals(refusal(s::decode, ID, cut), refusal(decoder, ID, cut), "a refusal, as decode's");
    }

    @Test
    void catalogLikeHolderNextToAChangedTypeGetsADecoderThatReadsTheChangedType() {
        Serializer older = serializer(TypeRegistry.builder().register(ID, AddV1.class).register(ID + 1, Holder.class)
                .build());
        Serializer newer = serializer(TypeRegistry.builder().register(ID, AddV2.class).register(ID + 1, Holder.class)
                .build());
        PayloadDecoder decoder = newer.decoderFor(older.registry().schema());
        assertEquals(new AddV2(7, "x", null), decode(decoder, ID, encode(older::encode, new AddV1(7, "x"))));
        byte[] holder = encode(older::encode, new Holder(3, new AddV1(7, "x")));
        if (resolvesNestedChanges()) {
            assertEquals(new Holder(3, new AddV2(7, "x", null)), decode(decoder, ID + 1, holder));
        } else {
            assertEquals(provider().name() + ": cannot decode Holder (type 1025, " + holder.length + " bytes):"
                    + " Holder.any: " + provider().name() + "'s resolving decoder cannot read type 1024, which"
                    + " changed, nested inside another type yet (expected: docs/upgrades.md section 3 step 3 for the"
                    + " changes it reads)", refusal(decoder, ID + 1, holder));
        }
    }

    @Test
    void catalogLikeHolderNextToAChangedTypeGetsAnEncoderThatWritesTheChangedType() {
        Serializer older = serializer(TypeRegistry.builder().register(ID, AddV1.class).register(ID + 1, Holder.class)
                .build());
        Serializer newer = serializer(TypeRegistry.builder().register(ID, AddV2.class).register(ID + 1, Holder.class)
                .build());
        PayloadEncoder encoder = newer.encoderFor(older.registry().schema());
        assertEquals(ByteBufUtil.hexDump(encode(older::encode, new AddV1(7, "x"))),
                ByteBufUtil.hexDump(encode(encoder, new AddV2(7, "x", "y"))), "the old codec's bytes");
        if (writesNestedChanges()) {
            byte[] holder = encode(encoder, new Holder(3, new AddV2(7, "x", "y")));
            assertEquals(ByteBufUtil.hexDump(encode(older::encode, new Holder(3, new AddV1(7, "x")))),
                    ByteBufUtil.hexDump(holder), "the holder in the old codec's bytes");
            assertEquals(new Holder(3, new AddV1(7, "x")), decode(older::decode, ID + 1, holder));
            return;
        }
        ByteBuf out = Unpooled.buffer();
        try {
            out.writeByte(0x2A);
            assertEquals(provider().name() + ": cannot encode Holder (type 1025): Holder.any: " + provider().name()
                    + "'s down-level encoder cannot write type 1024, which changed, nested inside another type yet"
                    + " (expected: docs/upgrades.md section 3 step 3 for the changes it writes)", assertThrows(
                    SerializationException.class, () -> encoder.encode(new Holder(3, new AddV2(7, "x", "y")), out))
                    .getMessage());
            assertEquals(1, out.writerIndex(), "nothing left written after a refusal");
        } finally {
            out.release();
        }
    }

    // ---- a changed type nested in an unchanged one: in a list, a map value, an optional, an Object place ----

    private static TypeRegistry nestOlder() {
        return TypeRegistry.builder().register(ID, ChangedV1.class).register(ID + 1, NestV1.class).build();
    }

    private static TypeRegistry nestNewer() {
        return TypeRegistry.builder().register(ID, ChangedV2.class).register(ID + 1, NestV2.class).build();
    }

    /** Three levels: the outer holder, a holder in its {@code Object} place, changed values in both. */
    private static NestV1 oldNest() {
        NestV1 inner = new NestV1(List.of(new ChangedV1(5, Color1.GREEN)), new TreeMap<>(), Optional.empty(),
                new ChangedV1(6, Color1.RED));
        return new NestV1(List.of(new ChangedV1(1, Color1.RED), new ChangedV1(-1, Color1.GREEN)),
                new TreeMap<>(Map.of("k", new ChangedV1(300, Color1.GREEN), "j", new ChangedV1(Integer.MIN_VALUE,
                        Color1.RED))), Optional.of(new ChangedV1(-300, Color1.RED)), inner);
    }

    /** {@link #oldNest()} as today's types, {@code extra} set to {@code extra} everywhere. */
    private static NestV2 newNest(String extra) {
        NestV2 inner = new NestV2(List.of(new ChangedV2(5, Color2.GREEN, extra)), new TreeMap<>(), Optional.empty(),
                new ChangedV2(6, Color2.RED, extra));
        return new NestV2(List.of(new ChangedV2(1, Color2.RED, extra), new ChangedV2(-1, Color2.GREEN, extra)),
                new TreeMap<>(Map.of("k", new ChangedV2(300, Color2.GREEN, extra), "j",
                        new ChangedV2(Integer.MIN_VALUE, Color2.RED, extra))),
                Optional.of(new ChangedV2(-300, Color2.RED, extra)), inner);
    }

    private String nestedReadRefusal(byte[] payload) {
        return provider().name() + ": cannot decode NestV2 (type 1025, " + payload.length + " bytes): NestV2.items: "
                + provider().name() + "'s resolving decoder cannot read type 1024, which changed, nested inside"
                + " another type yet (expected: docs/upgrades.md section 3 step 3 for the changes it reads)";
    }

    private String nestedWriteRefusal() {
        return provider().name() + ": cannot encode NestV2 (type 1025): NestV2.items: " + provider().name()
                + "'s down-level encoder cannot write type 1024, which changed, nested inside another type yet"
                + " (expected: docs/upgrades.md section 3 step 3 for the changes it writes)";
    }

    @Test
    void changedTypeNestedAnywhereIsReadFromTheOldBytes() {
        PayloadDecoder decoder = serializer(nestNewer()).decoderFor(nestOlder().schema());
        byte[] old = encode(serializer(nestOlder())::encode, oldNest());
        if (!resolvesNestedChanges()) {
            assertEquals(nestedReadRefusal(old), refusal(decoder, ID + 1, old));
            return;
        }
        assertEquals(newNest(null), decode(decoder, ID + 1, old), "widened ints, enum constants by name, defaults");
        // old elements may be shorter than today's: a count is bounded by the writer's bytes, not the reader's type
        ChangedV1 small = new ChangedV1(1, Color1.RED);
        byte[] shortElements = encode(serializer(nestOlder())::encode, new NestV1(List.of(small, small, small, small),
                new TreeMap<>(), Optional.empty(), null));
        ChangedV2 read = new ChangedV2(1, Color2.RED, null);
        assertEquals(new NestV2(List.of(read, read, read, read), new TreeMap<>(), Optional.empty(), null),
                decode(decoder, ID + 1, shortElements));
    }

    @Test
    void changedTypeNestedAnywhereIsWrittenAsTheOldCodecWritesIt() {
        Serializer older = serializer(nestOlder());
        PayloadEncoder encoder = serializer(nestNewer()).encoderFor(nestOlder().schema());
        if (!writesNestedChanges()) {
            assertEquals(nestedWriteRefusal(), assertThrows(SerializationException.class,
                    () -> encode(encoder, newNest("e"))).getMessage());
            return;
        }
        byte[] written = encode(encoder, newNest("e"));
        assertEquals(ByteBufUtil.hexDump(encode(older::encode, oldNest())), ByteBufUtil.hexDump(written),
                "the old codec's bytes");
        assertEquals(oldNest(), decode(older::decode, ID + 1, written), "read back by the old codec");
    }

    @Test
    void nestedValueTheOldTypeCannotHoldIsRefusedNamingItsComponent() {
        PayloadEncoder encoder = serializer(nestNewer()).encoderFor(nestOlder().schema());
        NestV2 wide = new NestV2(List.of(), new TreeMap<>(), Optional.empty(), new NestV2(List.of(
                new ChangedV2(1L << 40, Color2.RED, null)), new TreeMap<>(), Optional.empty(), null));
        NestV2 blue = new NestV2(List.of(), new TreeMap<>(Map.of("b", new ChangedV2(1, Color2.BLUE, null))),
                Optional.empty(), null);
        if (!writesNestedChanges()) {
            assertEquals(nestedWriteRefusal(), assertThrows(SerializationException.class,
                    () -> encode(encoder, wide)).getMessage());
            return;
        }
        // the reason is the one the changed type gets at the top level
        String wideTop = assertThrows(SerializationException.class,
                () -> encode(encoder, new ChangedV2(1L << 40, Color2.RED, null))).getMessage();
        assertEquals(provider().name() + ": cannot encode ChangedV2 (type 1024): invalid value: ChangedV2.n ="
                + " 1099511627776, which the target's INT n cannot hold", wideTop.substring(0, wideTop.indexOf(
                " (expected")));
        assertEquals(wideTop.replace("ChangedV2 (type 1024)", "NestV2 (type 1025)"), assertThrows(
                SerializationException.class, () -> encode(encoder, wide)).getMessage());
        String blueTop = assertThrows(SerializationException.class,
                () -> encode(encoder, new ChangedV2(1, Color2.BLUE, null))).getMessage();
        assertEquals(provider().name() + ": cannot encode ChangedV2 (type 1024): invalid value: ChangedV2.color"
                + " holds enum constant BLUE", blueTop.substring(0, blueTop.indexOf(", which")));
        assertEquals(blueTop.replace("ChangedV2 (type 1024)", "NestV2 (type 1025)"), assertThrows(
                SerializationException.class, () -> encode(encoder, blue)).getMessage());
    }

    @Test
    void nestedValuesKeepTheDepthLimit() {
        SerializerOptions depthTwo = new SerializerOptions(2, SerializerOptions.DEFAULT_MAX_ELEMENTS,
                SerializerOptions.DEFAULT_BUFFER_BYTES, SerializerOptions.DEFAULT_MAX_POOLED_BUFFER_BYTES);
        byte[] old = encode(serializer(nestOlder())::encode, oldNest());
        PayloadDecoder decoder = provider().create(nestNewer(), depthTwo).decoderFor(nestOlder().schema());
        PayloadEncoder encoder = provider().create(nestNewer(), depthTwo).encoderFor(nestOlder().schema());
        String tooDeep = "nesting depth 3 (expected: <= 2)";
        if (resolvesNestedChanges()) {
            assertEquals(provider().name() + ": cannot decode NestV2 (type 1025, " + old.length + " bytes): "
                    + tooDeep, refusal(decoder, ID + 1, old));
        } else {
            assertEquals(nestedReadRefusal(old), refusal(decoder, ID + 1, old));
        }
        String written = assertThrows(SerializationException.class, () -> encode(encoder, newNest(null)))
                .getMessage();
        if (writesNestedChanges()) {
            // protostuff's down-level encoder says "invalid value: " before the reason, kryo's does not
            assertEquals(provider().name() + ": cannot encode NestV2 (type 1025): " + tooDeep, written.replace(
                    "invalid value: ", ""));
        } else {
            assertEquals(nestedWriteRefusal(), written);
        }
    }

    @Test
    void truncatedNestedPayloadIsRefusedAsTodaysCodecRefusesIt() {
        Serializer older = serializer(nestOlder());
        PayloadDecoder decoder = serializer(nestNewer()).decoderFor(nestOlder().schema());
        byte[] old = encode(older::encode, oldNest());
        for (int cut = 1; cut < old.length; cut++) {
            byte[] part = java.util.Arrays.copyOf(old, cut);
            String refused = outcome(decoder, part);
            if (!resolvesNestedChanges()) {
                assertEquals(nestedReadRefusal(part), refused);
                continue;
            }
            // the same outcome as today's codec (a format whose prefix at a field boundary is a whole payload, as
            // protostuff's, reads it), a refusal for the same reason at the same component; except that a reader
            // that resolves nested changes bounds a count of values by one byte each (the writer's values may be
            // shorter than its own), so where today's codec refuses the count, it may read on and refuse where the
            // payload ends
            String today = beforeExpected(outcome(older::decode, part).replace("V1", "V2"));
            String prefix = provider().name() + ": cannot decode NestV2 (type 1025, " + cut + " bytes): ";
            if (!today.equals(beforeExpected(refused))) {
                assertTrue(today.startsWith(prefix + "NestV2.items = ") && refused.startsWith(prefix
                        + "payload ended while reading "), "cut to " + cut + " bytes: " + refused + " / " + today);
            }
        }
    }

    /** The refusal's message, or {@code "read"} if the payload decodes. */
    private static String outcome(PayloadDecoder decoder, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            decoder.decode(ID + 1, buf);
            return "read";
        } catch (SerializationException e) {
            return e.getMessage();
        } finally {
            buf.release();
        }
    }

    private static String beforeExpected(String message) {
        int i = message.indexOf(" (expected");
        return i < 0 ? message : message.substring(0, i);
    }

    private Serializer serializer(TypeRegistry registry) {
        return provider().create(registry, SerializerOptions.defaults());
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

    private static Object decode(PayloadDecoder decoder, int typeId, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            Object value = decoder.decode(typeId, buf);
            assertFalse(buf.isReadable(), "the whole payload is read");
            return value;
        } finally {
            buf.release();
        }
    }

    private static String refusal(PayloadDecoder decoder, int typeId, byte[] payload) {
        ByteBuf buf = Unpooled.wrappedBuffer(payload);
        try {
            return assertThrows(SerializationException.class, () -> decoder.decode(typeId, buf)).getMessage();
        } finally {
            buf.release();
        }
    }
}
