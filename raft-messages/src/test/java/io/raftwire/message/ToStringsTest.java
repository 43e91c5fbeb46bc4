package io.raftwire.message;

import io.raftwire.message.fixtures.CatalogFixtures;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ToStringsTest {

    @Test
    void shouldPrintShortArraysInFullAndLongOnesAsTheirSize() {
        assertEquals("[]", ToStrings.of(new byte[0]));
        assertEquals("[1, -1]", ToStrings.of(new byte[] {1, -1}));
        assertEquals(ToStrings.MAX_PRINTED_ELEMENTS, ToStrings.of(new byte[32]).split(",").length);
        assertEquals("33 bytes", ToStrings.of(new byte[33]));
        assertEquals("[7]", ToStrings.of(new long[] {7}));
        assertEquals("33 longs", ToStrings.of(new long[33]));
    }

    @Test
    void shouldKeepASnapshotChunkOutOfTheLog() {
        String text = new CatalogFixtures(1).realistic(MessageType.INSTALL_REQUEST).toString();
        assertTrue(text.contains("data=31500 bytes"), text);
        assertTrue(text.length() < 400, text);
    }
}
