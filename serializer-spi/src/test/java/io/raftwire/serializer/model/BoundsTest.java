package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The max-elements refusal shared by encode and decode. */
class BoundsTest {

    private static final String MESSAGE = "T.s string length = 5 (expected: 0..4, limited by max-elements 4, set by"
            + " raftwire.serializer.max-elements or SerializerOptions.maxElements)";

    @Test
    void encodeAndDecodeRefuseACountOverTheLimitWithOneMessage() {
        IllegalArgumentException atEncode = assertThrows(IllegalArgumentException.class,
                () -> Bounds.checkEncodeCount(5, 4, "T.s", " string length"));
        MalformedPayloadException atDecode = assertThrows(MalformedPayloadException.class,
                () -> Bounds.checkCount(5, 1, 100, 4, "T.s string length"));
        assertEquals(MESSAGE, atEncode.getMessage());
        assertEquals(MESSAGE, atDecode.getMessage());
        assertDoesNotThrow(() -> Bounds.checkEncodeCount(4, 4, "T.s"));
    }

    @Test
    void decodeNamesTheRemainingBytesWhenTheyAreTheTighterBound() {
        MalformedPayloadException e = assertThrows(MalformedPayloadException.class,
                () -> Bounds.checkCount(5, 1, 3, 4, "T.s count"));
        assertEquals("T.s count = 5 (expected: 0..3, limited by the 3 bytes remaining and max-elements 4)",
                e.getMessage());
        e = assertThrows(MalformedPayloadException.class,
                () -> Bounds.checkCount(5, 1, 3, Integer.MAX_VALUE, "class name length"));
        assertEquals("class name length = 5 (expected: 0..3, limited by the 3 bytes remaining)", e.getMessage());
    }

    @Test
    void aStringIsCountedInUtf8BytesAsTheUtf8DecodersCountIt() {
        assertDoesNotThrow(() -> Bounds.checkEncodeUtf8Length("\u00e9\u00e9", 4, "T.s", " string length"));
        assertEquals(MESSAGE, assertThrows(IllegalArgumentException.class,
                () -> Bounds.checkEncodeUtf8Length("\u00e9\u00e9x", 4, "T.s", " string length")).getMessage());
        assertDoesNotThrow(() -> Bounds.checkEncodeUtf8Length("\ud83d\ude00", 4, "T.s", " string length"));
        assertThrows(IllegalArgumentException.class,
                () -> Bounds.checkEncodeUtf8Length("\ud83d\ude00x", 4, "T.s", " string length"));
        assertThrows(IllegalArgumentException.class,
                () -> Bounds.checkEncodeUtf8Length("\u20ac\u20ac", 4, "T.s", " string length"));
        assertDoesNotThrow(() -> Bounds.checkEncodeUtf8Length("abcd", 4, "T.s", " string length"));
    }
}
