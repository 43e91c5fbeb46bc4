package io.raftwire.serializer.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

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
