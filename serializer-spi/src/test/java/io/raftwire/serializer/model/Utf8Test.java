package io.raftwire.serializer.model;

import io.raftwire.testkit.Seeds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** The UTF-8 rule of string decoding, {@link Utf8}, and the unpaired-surrogate rule on decode, {@link Utf16}. */
class Utf8Test {

    private static void check(byte[] b, int off, int len) {
        String decoded = new String(b, off, len, StandardCharsets.UTF_8);
        Utf8.requireWellFormed(decoded, b, off, len, "Where.s");
    }

    private static String refusal(String hex) {
        byte[] b = HexFormat.of().parseHex(hex);
        return assertThrows(MalformedPayloadException.class, () -> check(b, 0, b.length), hex).getMessage();
    }

    @Test
    void namesThePlaceTheFirstMalformedByteAndItsOffset() {
        assertEquals("Where.s: a string of 4 bytes is not well-formed UTF-8: byte 0xC3 at byte 1 starts a malformed"
                + " sequence (expected: well-formed UTF-8, as raftwire encoders write; the JDK would have put U+FFFD in"
                + " its place)", refusal("61c32862"));
        assertTrue(refusal("80").contains("byte 0x80 at byte 0 starts"), "a stray continuation byte");
        assertTrue(refusal("6162e282").contains("byte 0xE2 at byte 2 starts"), "a sequence cut by the string's end");
        assertTrue(refusal("c0af").contains("byte 0xC0 at byte 0 starts"), "an overlong '/'");
        assertTrue(refusal("e0808f").contains("byte 0xE0 at byte 0 starts"), "an overlong 3-byte form");
        assertTrue(refusal("eda080").contains("byte 0xED at byte 0 starts"), "an encoded surrogate (CESU-8)");
        assertTrue(refusal("f4908080").contains("byte 0xF4 at byte 0 starts"), "beyond U+10FFFF");
        assertTrue(refusal("efbfbd41ff").contains("byte 0xFF at byte 4 starts"), "after a U+FFFD the sender wrote");
    }

    @Test
    void wellFormedStringsPassAReplacementCharacterTheSenderWroteIncluded() {
        for (String s : new String[] {"", "ascii", "caf\u00e9", "\u20ac\ufffd\u20ac", "\ud83d\ude00", "\ufffd"}) {
            byte[] b = ("xx" + s + "yy").getBytes(StandardCharsets.UTF_8);
            check(b, 2, b.length - 4);
        }
    }

    /** Random bytes: refused exactly when the JDK's strict decoder refuses them. Prints its seed; replays from it. */
    @Test
    void agreesWithTheStrictDecoderOnRandomBytes() {
        long seed = Seeds.seed("Utf8Test");
        Random random = new Random(seed);
        for (int k = 0; k < 20_000; k++) {
            byte[] b = new byte[random.nextInt(12)];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (random.nextInt(4) == 0 ? random.nextInt(256) : 0xE0 | random.nextInt(32));
            }
            boolean strictOk;
            try {
                StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b));
                strictOk = true;
            } catch (java.nio.charset.CharacterCodingException e) {
                strictOk = false;
            }
            boolean ok;
            try {
                check(b, 0, b.length);
                ok = true;
            } catch (MalformedPayloadException e) {
                ok = false;
            }
            assertEquals(strictOk, ok, "seed " + seed + ", bytes " + HexFormat.of().formatHex(b));
        }
    }

    @Test
    void theBufferFormReadsADuplicateAndLeavesThePositionAlone() {
        ByteBuffer buf = ByteBuffer.wrap(HexFormat.of().parseHex("414243ff44"));
        buf.position(1).limit(5);
        String decoded = StandardCharsets.UTF_8.decode(buf.duplicate()).toString();
        MalformedPayloadException e = assertThrows(MalformedPayloadException.class,
                () -> Utf8.requireWellFormed(decoded, buf, "Where.s"));
        assertTrue(e.getMessage().contains("a string of 4 bytes is not well-formed UTF-8: byte 0xFF at byte 2"),
                e.getMessage());
        assertEquals(1, buf.position());
        assertEquals(5, buf.limit());
    }

    @Test
    void aDecodedUnpairedSurrogateIsRefusedWithThePlace() {
        Utf16.requireWellFormedOnDecode("a\ud83d\ude00b", "Where.s");
        MalformedPayloadException e = assertThrows(MalformedPayloadException.class,
                () -> Utf16.requireWellFormedOnDecode("ab\udc00", "Where.s"));
        assertEquals("Where.s: a string of 3 chars has an unpaired surrogate U+DC00 at char 2, which UTF-8 cannot carry"
                + " (expected: well-formed UTF-16, every surrogate half of a pair)", e.getMessage());
    }
}
