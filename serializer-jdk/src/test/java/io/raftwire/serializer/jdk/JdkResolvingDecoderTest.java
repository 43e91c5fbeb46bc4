package io.raftwire.serializer.jdk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.raftwire.serializer.AbstractResolvingDecoder;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.GoldenBytes;
import io.raftwire.serializer.contract.ResolvingDecoderContract;
import io.raftwire.serializer.schema.Schema;

import org.junit.jupiter.api.Test;

/**
 * The jdk resolving decoder on the contract's matrix, with both versions' bytes pinned as golden files
 * ({@code src/test/resources/golden/jdk-evolution}, regenerated with {@code -Dgolden.regenerate=true}), and the
 * refusals of carriers crafted by hand: words or references missing or left over, a removed component holding what
 * its writer never writes, a widened word that is no {@code int}, an enum wire number the writer never had.
 */
class JdkResolvingDecoderTest extends ResolvingDecoderContract {

    private static final GoldenBytes PINNED = new GoldenBytes("jdk-evolution");

    @Override
    protected SerializerProvider provider() {
        return new JdkSerializerProvider();
    }

    @Override
    protected AbstractResolvingDecoder<?> create(Schema writer, Serializer reader) {
        return JdkResolvingDecoder.create(writer, reader);
    }

    @Override
    protected void assertPinned(String name, byte[] actual) {
        if (GoldenBytes.regenerating()) {
            PINNED.write(name, actual);
            return;
        }
        byte[] pinned = PINNED.read(name);
        assertNotNull(pinned, "no golden file " + PINNED.file(name));
        assertEquals(hex(pinned), hex(actual), "jdk bytes of " + name);
    }

    @Test
    void carrierEndingEarlyIsRefused() {
        assertCarrierRefused("payload ends inside AddV2 (expected: another word)", AddV1.class, AddV2.class,
                new long[] {ID, 7});
        assertCarrierRefused("payload ends inside AddV2 (expected: another reference)", AddV1.class, AddV2.class,
                new long[] {ID, 7, 1});
        assertCarrierRefused("payload ends inside RemoveV2 (expected: another reference)", RemoveV1.class,
                RemoveV2.class, new long[] {ID, 7, 1, 1}, "x");
    }

    @Test
    void wordsOrReferencesLeftOverAreRefused() {
        assertCarrierRefused("1 words and 0 references left after the AddV2 (expected: none)", AddV1.class,
                AddV2.class, new long[] {ID, 7, 1, 9}, "x");
        assertCarrierRefused("0 words and 1 references left after the RemoveV2 (expected: none)", RemoveV1.class,
                RemoveV2.class, new long[] {ID, 7, 1, 0}, "x", "y");
    }

    @Test
    void removedComponentHoldingWhatItsWriterNeverWritesIsRefused() {
        assertCarrierRefused("RemoveV1.c presence = 2 (expected: 0 or 1)", RemoveV1.class, RemoveV2.class,
                new long[] {ID, 7, 1, 2}, "x");
        assertCarrierRefused("RemoveV1.c holds byte[] (expected: String)", RemoveV1.class, RemoveV2.class,
                new long[] {ID, 7, 1, 1}, "x", new byte[] {1});
        assertCarrierRefused("BoolV1.c = 2 (expected: 0 or 1)", BoolV1.class, BoolV2.class,
                new long[] {ID, 7, 2});
    }

    /** A removed boolean, to craft a word that is neither 0 nor 1. */
    record BoolV1(long a, boolean c) { }

    record BoolV2(long a) { }

    @Test
    void widenedWordThatIsNoIntIsRefused() {
        assertCarrierRefused("WidenV2.n = 1099511627776 (expected: an int)", WidenV1.class, WidenV2.class,
                new long[] {ID, 1L << 40});
    }

    @Test
    void enumWireNumberTheWriterNeverHadIsRefused() {
        assertCarrierRefused("EnumV1.color holds enum wire number 4 (expected: one of the writer's wire numbers"
                + " [0, 1, 2])", EnumV2.class, EnumV1.class, new long[] {ID, 5});
    }

    @Test
    void removedValueOrCollectionHoldingWhatItsWriterNeverWritesIsRefused() {
        TypeRegistry older = TypeRegistry.builder().register(ID, RichV1.class).register(ID + 1, Leaf.class).build();
        TypeRegistry newer = TypeRegistry.builder().register(ID, RichV2.class).register(ID + 1, Leaf.class).build();
        AbstractResolvingDecoder<?> decoder = create(Schema.of(older), serializer(newer));
        assertCarrierRefused("RichV1.leaf holds type id 1026 (expected: a type id the reader registers to skip the"
                + " removed component)", decoder, "RichV2", new long[] {ID, 7, ID + 2});
        assertCarrierRefused("RichV1.leaf holds type id 1024 (expected: a type id the reader registers unchanged to"
                + " skip the removed component)", decoder, "RichV2", new long[] {ID, 7, ID});
        assertCarrierRefused("RichV1.names size = 1000 (expected: 0..0, limited by the 0 bytes remaining and"
                + " max-elements 16777216)", decoder, "RichV2", new long[] {ID, 7, 0, 1001, 0});
        assertCarrierRefused("RichV1.leaves holds a null element (expected: none)", decoder, "RichV2",
                new long[] {ID, 7, 0, 0, 2, 0});
    }

    private void assertCarrierRefused(String expected, Class<?> writer, Class<?> reader, long[] words,
            Object... references) {
        assertCarrierRefused(expected, decoder(writer, reader), reader.getSimpleName(), words, references);
    }

    private void assertCarrierRefused(String expected, AbstractResolvingDecoder<?> decoder, String reader,
            long[] words, Object... references) {
        byte[] payload = JdkStreams.plainStream(new Carrier(words, references.length == 0 ? null : references));
        assertEquals(expected, reason(reader, payload, refusal(decoder, payload)));
    }
}
