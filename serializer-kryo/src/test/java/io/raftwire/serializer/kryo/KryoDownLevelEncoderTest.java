package io.raftwire.serializer.kryo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.AbstractDownLevelEncoder;
import io.raftwire.serializer.CodecPath;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.DownLevelEncoderContract;
import io.raftwire.serializer.contract.PayloadCodecsContract.ChangedV1;
import io.raftwire.serializer.contract.PayloadCodecsContract.ChangedV2;
import io.raftwire.serializer.contract.PayloadCodecsContract.Color1;
import io.raftwire.serializer.contract.PayloadCodecsContract.Color2;
import io.raftwire.serializer.contract.PayloadCodecsContract.NestV1;
import io.raftwire.serializer.contract.PayloadCodecsContract.NestV2;
import io.raftwire.serializer.schema.Schema;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/** The kryo down-level encoder on the contract: every forward cell writes the old kryo codec's bytes. */
class KryoDownLevelEncoderTest extends DownLevelEncoderContract {

    @Override
    protected SerializerProvider provider() {
        return new KryoSerializerProvider();
    }

    @Override
    protected AbstractDownLevelEncoder create(Schema target, Serializer today) {
        return KryoDownLevelEncoder.create(target, today);
    }

    @Override
    protected boolean writesNestedChanges() {
        return true;
    }

    record KeyedV1(Map<ChangedV1, String> byKey) { }

    record KeyedV2(Map<ChangedV2, String> byKey) { }

    /** A changed type as a map key: written as the old codec writes it, read back through its plan. */
    @Test
    void changedTypeAsAMapKeyIsWrittenAndRead() {
        TypeRegistry older = TypeRegistry.builder().register(ID, ChangedV1.class).register(ID + 1, KeyedV1.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, ChangedV2.class).register(ID + 1, KeyedV2.class)
                .build();
        byte[] bytes = encode(provider().create(older, SerializerOptions.defaults()), new KeyedV1(Map.of(
                new ChangedV1(-7, Color1.GREEN), "v")));
        Serializer today = provider().create(newer, SerializerOptions.defaults());
        assertEquals(hex(bytes), hex(encode(create(Schema.of(older), today), new KeyedV2(Map.of(new ChangedV2(-7,
                Color2.GREEN, "e"), "v")))));
        ByteBuf in = Unpooled.wrappedBuffer(bytes);
        try {
            assertEquals(new KeyedV2(Map.of(new ChangedV2(-7, Color2.GREEN, null), "v")), KryoResolvingDecoder
                    .create(Schema.of(older), today).decode(ID + 1, in));
        } finally {
            in.release();
        }
    }

    /** The generated codec and the walk route nested values alike: the old codec's bytes, read back exactly. */
    @Test
    void nestedChangesAreWrittenAndReadOnBothCodecPaths() {
        TypeRegistry older = TypeRegistry.builder().register(ID, ChangedV1.class).register(ID + 1, NestV1.class)
                .build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, ChangedV2.class).register(ID + 1, NestV2.class)
                .build();
        NestV1 old = new NestV1(List.of(new ChangedV1(-1, Color1.GREEN)), new TreeMap<>(Map.of("k",
                new ChangedV1(2, Color1.RED))), Optional.of(new ChangedV1(3, Color1.GREEN)), new ChangedV1(4,
                Color1.RED));
        for (CodecPath path : CodecPath.values()) {
            SerializerOptions options = SerializerOptions.defaults().withCodecPath(path);
            Serializer today = provider().create(newer, options);
            byte[] bytes = encode(provider().create(older, options), old);
            assertEquals(hex(bytes), hex(encode(create(Schema.of(older), today), new NestV2(List.of(
                    new ChangedV2(-1, Color2.GREEN, "e")), new TreeMap<>(Map.of("k", new ChangedV2(2, Color2.RED,
                    "e"))), Optional.of(new ChangedV2(3, Color2.GREEN, "e")), new ChangedV2(4, Color2.RED, "e")))),
                    "written on the " + path + " path");
            ByteBuf in = Unpooled.wrappedBuffer(bytes);
            try {
                assertEquals(new NestV2(List.of(new ChangedV2(-1, Color2.GREEN, null)), new TreeMap<>(Map.of("k",
                        new ChangedV2(2, Color2.RED, null))), Optional.of(new ChangedV2(3, Color2.GREEN, null)),
                        new ChangedV2(4, Color2.RED, null)), KryoResolvingDecoder.create(Schema.of(older), today)
                        .decode(ID + 1, in), "read on the " + path + " path");
                assertFalse(in.isReadable(), "the whole payload is read");
            } finally {
                in.release();
            }
        }
    }
}
