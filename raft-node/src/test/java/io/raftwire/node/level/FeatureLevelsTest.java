package io.raftwire.node.level;

import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.SchemaCodec;
import io.raftwire.serializer.schema.TypeSchema;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.OptionalInt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The bytes of a level history (kept in level.state, snapshots and the level operations) and its rules. */
class FeatureLevelsTest {

    private static final Schema A = new Schema(List.of(new TypeSchema(1024, "app.A", false, List.of())));
    private static final Schema B = new Schema(List.of(new TypeSchema(1024, "app.A", false, List.of()),
            new TypeSchema(1025, "app.B", false, List.of())));
    private static final FeatureLevels TWO = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, A))
            .raisedTo(new FeatureLevel(2, B));

    @Test
    void bytesAreTheVersionTheCountAndEachLevelsSchemaWithItsLength() {
        byte[] a = SchemaCodec.write(A);
        byte[] b = SchemaCodec.write(B);
        ByteBuffer expected = ByteBuffer.allocate(3 + 4 + a.length + 4 + b.length);
        expected.put((byte) 1).putShort((short) 2).putInt(a.length).put(a).putInt(b.length).put(b);
        assertArrayEquals(expected.array(), TWO.toBytes());
        assertEquals("010000", HexFormat.of().formatHex(FeatureLevels.NONE.toBytes()));
        assertEquals(TWO, FeatureLevels.fromBytes(TWO.toBytes()));
        assertEquals(FeatureLevels.NONE, FeatureLevels.fromBytes(FeatureLevels.NONE.toBytes()));
    }

    @Test
    void levelsAreNumberedFromOneAndLookedUpByNumberAndDigest() {
        assertEquals(2, TWO.currentLevel());
        assertEquals(B, TWO.current().orElseThrow().schema());
        assertEquals(A, TWO.level(1).orElseThrow().schema());
        assertTrue(TWO.level(0).isEmpty());
        assertTrue(TWO.level(3).isEmpty());
        assertEquals(OptionalInt.of(1), TWO.levelOf(A.digest()));
        assertEquals(OptionalInt.empty(), TWO.levelOf(42L));
        FeatureLevels back = TWO.raisedTo(new FeatureLevel(3, A));
        assertEquals(OptionalInt.of(3), back.levelOf(A.digest()), "the highest level with that schema");
    }

    @Test
    void aRaiseMustBeTheNextLevel() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TWO.raisedTo(new FeatureLevel(4, A)));
        assertEquals("feature level 4 after level 2 (expected: level 3)", e.getMessage());
        assertEquals("feature level 0 (expected: at least 1)",
                assertThrows(IllegalArgumentException.class, () -> new FeatureLevel(0, A)).getMessage());
    }

    @Test
    void hostileBytesAreRefusedNamingTheOffsetAndWhatWasExpected() {
        byte[] good = TWO.toBytes();
        assertEquals("feature levels version 2 at offset 0 (expected: 1)", refusal(with(good, 0, 2)));
        assertEquals("feature level count 1025 at offset 1 (expected: at most 1024)",
                refusal(new byte[] {1, 0x04, 0x01}));
        byte[] longLength = good.clone();
        ByteBuffer.wrap(longLength).putInt(3, good.length);
        assertEquals("schema length " + good.length + " of feature level 1 at offset 3 (expected: 0.."
                + (good.length - 7) + ")", refusal(longLength));
        byte[] negative = good.clone();
        ByteBuffer.wrap(negative).putInt(3, -1);
        assertTrue(refusal(negative).startsWith("schema length 4294967295 of feature level 1 at offset 3"));
        assertEquals("feature levels end at offset 5 (expected: more bytes)",
                refusal(Arrays.copyOf(good, 5)));
        assertEquals("1 bytes left after 2 feature levels (expected: none)",
                refusal(Arrays.copyOf(good, good.length + 1)));
        assertTrue(refusal(with(good, 7, 'X')).startsWith("schema of feature level 1 at offset 7: schema bytes:"),
                "a damaged schema names its level and offset");
    }

    private static byte[] with(byte[] bytes, int at, int value) {
        byte[] copy = bytes.clone();
        copy[at] = (byte) value;
        return copy;
    }

    private static String refusal(byte[] bytes) {
        return assertThrows(IllegalArgumentException.class, () -> FeatureLevels.fromBytes(bytes)).getMessage();
    }
}
