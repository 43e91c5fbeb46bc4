package io.raftwire.serializer.fory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.raftwire.serializer.AbstractResolvingDecoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.contract.ResolvingDecoderContract;
import io.raftwire.serializer.schema.Schema;

import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The fory resolving decoder on the contract's matrix, with both versions' bytes pinned as hex (Fory's varints:
 * for these values the bytes are kryo's), and the refusals of payloads crafted in Fory's layout: truncated and
 * malformed components named as the writer or the reader names them, an enum wire number the writer never had.
 */
class ForyResolvingDecoderTest extends ResolvingDecoderContract {

    /** The bytes fory writes for each fixture of the contract. */
    private static final Map<String, String> PINNED = Map.ofEntries(
            Map.entry("AddV1", "070278"), Map.entry("AddV2", "0702780279"),
            Map.entry("RemoveV1", "0702780279"), Map.entry("RemoveV2", "070278"),
            Map.entry("RenameV1", "070278"), Map.entry("RenameV2", "070278"),
            Map.entry("ReorderV1", "070278"), Map.entry("ReorderV2", "027807"),
            Map.entry("EnumV1", "02"), Map.entry("EnumV2", "03"),
            Map.entry("WidenV1", "ffffffff0f"), Map.entry("WidenV2", "ffffffffffffffffff"),
            Map.entry("TypeV1", "033132"), Map.entry("TypeV2", "0c"),
            Map.entry("NonNullV1", "00"), Map.entry("NonNullV2", "05"),
            Map.entry("Kept", "07"), Map.entry("Extra", "046e6577"));

    @Override
    protected SerializerProvider provider() {
        return new ForySerializerProvider();
    }

    @Override
    protected AbstractResolvingDecoder<?> create(Schema writer, Serializer reader) {
        return ForyResolvingDecoder.create(writer, reader);
    }

    @Override
    protected void assertPinned(String name, byte[] actual) {
        assertEquals(PINNED.get(name), hex(actual), "fory bytes of " + name);
    }

    @Test
    void truncatedOrMalformedComponentIsRefusedNamingIt() {
        assertEquals("payload ended while reading AddV2.b (expected: more bytes; the payload is truncated or a length"
                + " in it is wrong)", reason("AddV2", bytes("07"), refusal(decoder(AddV1.class, AddV2.class),
                bytes("07"))));
        assertEquals("AddV2.b = 1 (expected: 0..0, limited by the 0 bytes remaining and max-elements 16777216)",
                reason("AddV2", bytes("0702"), refusal(decoder(AddV1.class, AddV2.class), bytes("0702"))));
        assertEquals("payload ended while reading RemoveV1.c (expected: more bytes; the payload is truncated or a"
                + " length in it is wrong)", reason("RemoveV2", bytes("070278"),
                refusal(decoder(RemoveV1.class, RemoveV2.class), bytes("070278"))));
        assertEquals("RemoveV1.c = 1 (expected: 0..0, limited by the 0 bytes remaining and max-elements 16777216)",
                reason("RemoveV2", bytes("07027802"), refusal(decoder(RemoveV1.class, RemoveV2.class),
                bytes("07027802"))));
        assertEquals("payload ended while reading WidenV2.n (expected: more bytes; the payload is truncated or a"
                + " length in it is wrong)", reason("WidenV2", bytes("ffff"),
                refusal(decoder(WidenV1.class, WidenV2.class), bytes("ffff"))));
        assertEquals("BoolV1.c = 2 (expected: 0 or 1)", reason("BoolV2", bytes("07027802"),
                refusal(decoder(BoolV1.class, BoolV2.class), bytes("07027802"))));
    }

    /** A removed boolean, to craft a flag that is neither 0 nor 1. */
    record BoolV1(long a, String b, boolean c) { }

    record BoolV2(long a, String b) { }

    @Test
    void enumWireNumberTheWriterNeverHadIsRefused() {
        assertEquals("EnumV1.color holds enum wire number 4 (expected: one of the writer's wire numbers [0, 1, 2])",
                reason("EnumV1", bytes("05"), refusal(decoder(EnumV2.class, EnumV1.class), bytes("05"))));
    }

    @Test
    void equalSchemasRefuseAnOldPayloadAsTodaysCodecDoes() {
        Serializer s = serializer(registry(AddV2.class));
        assertEquals("payload ended while reading AddV2.c (expected: more bytes; the payload is truncated or a length"
                + " in it is wrong)", reason("AddV2", bytes("070278"), refusal(create(Schema.of(s.registry()), s),
                bytes("070278"))));
    }
}
