package io.raftwire.serializer.kryo;

import io.raftwire.testkit.Seeds;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.io.Input;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.model.MalformedPayloadException;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generated path's direct reads and writes ({@link PayloadOutput}'s and {@link PayloadInput}'s {@code direct}
 * methods) against Kryo's own and {@link PayloadReads}, which the walk uses: the same bytes for every value, the same
 * values read back, and the same failure where a payload ends too early or declares too much. Seeded: the seed is
 * printed and replays with {@code -Dtest.seed=N}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DirectFormatsTest {

    private static final long SEED = Seeds.seed("DirectFormatsTest");
    private static final int VALUES = 20_000;

    /** Edge values of every varint length, then random values of random bit lengths. */
    private static long[] longs(SplittableRandom random) {
        long[] values = new long[VALUES];
        int k = 0;
        for (int bits = 0; bits < 64; bits++) {
            values[k++] = 1L << bits;
            values[k++] = (1L << bits) - 1;
            values[k++] = -(1L << bits);
        }
        values[k++] = Long.MAX_VALUE;
        values[k++] = Long.MIN_VALUE;
        while (k < values.length) {
            values[k++] = random.nextLong() >>> random.nextInt(64);
        }
        return values;
    }

    @Test
    void varintsAreKryosBytesAndReadBackAsKryoReadsThem() {
        SplittableRandom random = new SplittableRandom(SEED);
        long[] values = longs(random);
        PayloadOutput reference = new PayloadOutput(16);
        PayloadOutput direct = new PayloadOutput(16);
        for (long v : values) {
            reference.writeVarLong(v, true);
            reference.writeVarInt((int) v, true);
            direct.directVarLong(v);
            direct.directVarInt((int) v);
        }
        byte[] bytes = reference.toBytes();
        assertArrayEquals(bytes, direct.toBytes(), "seed " + SEED);
        PayloadInput in = new PayloadInput(bytes);
        for (long v : values) {
            assertEquals(v, in.directVarLong(), "seed " + SEED);
            assertEquals((int) v, in.directVarInt(), "seed " + SEED);
        }
        assertEquals(0, PayloadReads.remaining(in));
    }

    @Test
    void arbitraryBytesReadAsKryoReadsThemIncludingOverlongAndTruncatedVarints() {
        SplittableRandom random = new SplittableRandom(SEED + 1);
        for (int i = 0; i < VALUES; i++) {
            byte[] bytes = new byte[1 + random.nextInt(11)];
            for (int k = 0; k < bytes.length; k++) {
                // mostly continuation bits, so that long and overlong varints are common
                bytes[k] = (byte) (random.nextInt(4) == 0 ? random.nextInt(128) : 0x80 | random.nextInt(256));
            }
            assertSameOutcome(bytes, true);
            assertSameOutcome(bytes, false);
        }
    }

    private static void assertSameOutcome(byte[] bytes, boolean asLong) {
        Input kryo = new Input(bytes);
        PayloadInput direct = new PayloadInput(bytes);
        String where = "bytes " + Arrays.toString(bytes) + " (seed " + SEED + ")";
        String expected;
        try {
            expected = String.valueOf(asLong ? kryo.readVarLong(true) : kryo.readVarInt(true)) + " at "
                    + kryo.position();
        } catch (KryoException e) {
            KryoException actual = assertThrows(KryoException.class,
                    () -> read(direct, asLong), where);
            assertEquals(e.getMessage(), actual.getMessage(), where);
            return;
        }
        assertEquals(expected, read(direct, asLong) + " at " + direct.position(), where);
    }

    private static String read(PayloadInput in, boolean asLong) {
        return String.valueOf(asLong ? in.directVarLong() : in.directVarInt());
    }

    @Test
    void stringsAreTheWalksBytesInOnePassOrTwo() {
        SplittableRandom random = new SplittableRandom(SEED + 2);
        String[] fixed = {null, "", "a", "x".repeat(126), "x".repeat(127), "x".repeat(200), "\u00e9".repeat(63),
            "\u00e9".repeat(64), "\u4e2d".repeat(42), "\u4e2d".repeat(43), "ascii then \u00e9t\u00e9",
            "\uD83D\uDE80 rocket", "lone high \uD800 here", "ends high \uD83D", "\uDE80\uD83D swapped"};
        PayloadOutput reference = new PayloadOutput(8);
        PayloadOutput direct = new PayloadOutput(8);
        int refused = 0;
        for (String s : fixed) {
            refused += writeBoth(reference, direct, s);
        }
        assertEquals(3, refused, "the three strings with an unpaired surrogate");
        char[] alphabet = {'a', 'Z', '0', ' ', '\u007f', '\u0080', '\u00e9', '\u07ff', '\u0800', '\u4e2d', '\uffff',
            '\uD83D', '\uDE80'};
        int lone = 0;
        for (int i = 0; i < 2_000; i++) {
            char[] chars = new char[random.nextInt(300)];
            for (int k = 0; k < chars.length; k++) {
                chars[k] = random.nextInt(3) == 0 ? alphabet[random.nextInt(alphabet.length)] : 'q';
                if (Character.isHighSurrogate(chars[k])) { // pairs, so that most strings are well-formed
                    chars[k] = k + 1 < chars.length ? chars[k] : 'q';
                    if (k + 1 < chars.length) {
                        chars[++k] = '\uDE80';
                    }
                } else if (Character.isLowSurrogate(chars[k])) {
                    chars[k] = 'r';
                }
            }
            if (chars.length > 0 && random.nextInt(20) == 0) {
                chars[random.nextInt(chars.length)] = random.nextBoolean() ? '\uD83D' : '\uDE80';
                lone++;
            }
            refused += writeBoth(reference, direct, new String(chars));
        }
        assertArrayEquals(reference.toBytes(), direct.toBytes(), "seed " + SEED);
        assertTrue(refused > 3 && refused <= 3 + lone, refused + " refused, " + lone + " lone surrogates planted,"
                + " seed " + SEED);
    }

    /**
     * Writes {@code s} both ways; returns 1 if both refused it (an unpaired surrogate), with the same message and
     * nothing written, else 0.
     */
    private static int writeBoth(PayloadOutput reference, PayloadOutput direct, String s) {
        int before = reference.position();
        int directBefore = direct.position();
        IllegalArgumentException refusedByReference = null;
        try {
            reference.writeUtf8(s, "test");
        } catch (IllegalArgumentException e) {
            refusedByReference = e;
        }
        if (refusedByReference == null) {
            direct.directUtf8(s, "test");
            return 0;
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> direct.directUtf8(s, "test"));
        assertEquals(refusedByReference.getMessage(), e.getMessage(), "seed " + SEED);
        assertTrue(e.getMessage().contains("has an unpaired surrogate"), e.getMessage());
        assertEquals(before, reference.position(), "nothing written");
        assertEquals(directBefore, direct.position(), "nothing written");
        return 1;
    }

    @Test
    void arraysAreTheWalksBytesAndReadBackTheSame() {
        SplittableRandom random = new SplittableRandom(SEED + 3);
        PayloadOutput reference = new PayloadOutput(8);
        PayloadOutput direct = new PayloadOutput(8);
        long[] longs = longs(random);
        // as many as are read without a scan, from the edge values at the start (9-byte varlongs among them)
        long[] shortLongs = Arrays.copyOf(longs, PayloadInput.UNSCANNED_LONGS);
        byte[] bytes = new byte[300];
        random.nextBytes(bytes);
        reference.writeLongArray(longs, "test");
        reference.writeLongArray(shortLongs, "test");
        reference.writeLongArray(null, "test");
        reference.writeByteArray(bytes, "test");
        reference.writeByteArray(null, "test");
        direct.directLongArray(longs, "test");
        direct.directLongArray(shortLongs, "test");
        direct.directLongArray(null, "test");
        direct.directByteArray(bytes, "test");
        direct.directByteArray(null, "test");
        byte[] payload = reference.toBytes();
        assertArrayEquals(payload, direct.toBytes());
        PayloadInput in = new PayloadInput(payload);
        assertArrayEquals(longs, in.directLongs(VALUES, "longs"));
        assertArrayEquals(shortLongs, in.directLongs(VALUES, "longs"));
        assertEquals(null, in.directLongs(VALUES, "longs"));
        assertArrayEquals(bytes, in.directBytes(VALUES, "bytes"));
        assertEquals(null, in.directBytes(VALUES, "bytes"));
        assertEquals(0, PayloadReads.remaining(in));
    }

    /**
     * With a destination attached, byte arrays of {@value PayloadOutput#WRITE_THROUGH_BYTES} bytes and more go to it
     * directly, between what was written before and after them: the destination ends with exactly the bytes the
     * array-only output holds, on both paths, for arrays of random lengths around the threshold.
     */
    @Test
    void byteArraysWrittenThroughToTheDestinationGiveTheSameBytes() {
        SplittableRandom random = new SplittableRandom(SEED + 5);
        PayloadOutput reference = new PayloadOutput(8);
        PayloadOutput walk = new PayloadOutput(8);
        PayloadOutput direct = new PayloadOutput(8);
        ByteBuf walkOut = Unpooled.buffer();
        ByteBuf directOut = Unpooled.directBuffer();
        try {
            walkOut.writeByte(0x7F); // bytes before the payload stay as they are
            directOut.writeByte(0x7F);
            walk.attach(walkOut);
            direct.attach(directOut);
            for (int i = 0; i < 200; i++) {
                byte[] bytes = new byte[PayloadOutput.WRITE_THROUGH_BYTES - 40 + random.nextInt(80)];
                random.nextBytes(bytes);
                long before = random.nextLong();
                reference.writeVarLong(before, true);
                reference.writeByteArray(bytes, "test");
                walk.writeVarLong(before, true);
                walk.writeByteArray(bytes, "test");
                direct.directVarLong(before);
                direct.directByteArray(bytes, "test");
            }
            walk.drain();
            direct.drain();
            byte[] expected = new byte[1 + reference.position()];
            expected[0] = 0x7F;
            System.arraycopy(reference.getBuffer(), 0, expected, 1, reference.position());
            assertArrayEquals(expected, ByteBufUtil.getBytes(walkOut), "walk path, seed " + SEED);
            assertArrayEquals(expected, ByteBufUtil.getBytes(directOut), "direct path, seed " + SEED);
        } finally {
            walkOut.release();
            directOut.release();
        }
    }

    @Test
    void refusalsAreTheWalksMessages() {
        // a long[] of 3 declared, only 2 varlongs present; a string declaring more bytes than remain; a bad flag
        byte[] longs = {4, 1, 2};
        byte[] string = {10, 'a', 'b'};
        byte[] flag = {7};
        assertEquals(message(() -> PayloadReads.longs(new Input(longs), 100, "T.c")),
                message(() -> new PayloadInput(longs).directLongs(100, "T.c")));
        // long[]s whose last varlong runs past the end: short ones are read in one pass, long ones scanned first
        for (int count : new int[] {2, PayloadInput.UNSCANNED_LONGS, PayloadInput.UNSCANNED_LONGS + 1}) {
            byte[] truncated = new byte[1 + count]; // count - 1 one-byte varlongs, then a cut one
            truncated[0] = (byte) (count + 1); // the length prefix: one varint byte for these counts
            Arrays.fill(truncated, 1, truncated.length, (byte) 1);
            truncated[truncated.length - 1] = (byte) 0x80; // a continuation bit with nothing after it
            String walk = message(() -> PayloadReads.longs(new Input(truncated), 100, "T.c"));
            assertEquals("T.c = " + count + " (expected: at most the " + (count - 1) + " varlongs present)", walk);
            assertEquals(walk, message(() -> new PayloadInput(truncated).directLongs(100, "T.c")));
        }
        assertEquals(message(() -> PayloadReads.string(new Input(string), 100, "T.s")),
                message(() -> new PayloadInput(string).directString(100, "T.s")));
        assertEquals(message(() -> PayloadReads.string(new Input(string), 1, "T.s")),
                message(() -> new PayloadInput(string).directString(1, "T.s")));
        assertEquals(message(() -> PayloadReads.flag(new Input(flag), "T.f")),
                message(() -> new PayloadInput(flag).directFlag("T.f")));
        assertEquals("T.f = 7 (expected: 0 or 1)", message(() -> new PayloadInput(flag).directFlag("T.f")));
    }

    private static String message(Runnable read) {
        return assertThrows(MalformedPayloadException.class, read::run).getMessage();
    }
}
