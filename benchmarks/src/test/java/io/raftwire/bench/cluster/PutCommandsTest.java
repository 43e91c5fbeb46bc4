package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

/** The peers' 64-byte command, byte for byte. */
class PutCommandsTest {

    private static String text(byte[] b) {
        return new String(b, StandardCharsets.US_ASCII);
    }

    @Test
    void aCommandIsPutKeyAndA51ByteValueCarryingItsSequence() {
        byte[] b = PutCommands.put(42);
        assertEquals(64, b.length);
        assertEquals("put k0000042 42" + "v".repeat(49), text(b));
        assertEquals("k0000042", PutCommands.keyOf(b));
        assertEquals(51, PutCommands.valueOf(b).length);
    }

    @Test
    void keysCycleOverOneHundredThousand() {
        assertEquals("k0099999", PutCommands.keyOf(PutCommands.put(99_999)));
        assertEquals("k0000000", PutCommands.keyOf(PutCommands.put(100_000)));
        assertTrue(text(PutCommands.put(100_000)).startsWith("put k0000000 100000v"));
        assertEquals("k0000007", PutCommands.key(7));
    }

    @Test
    void anExplicitKeyAndTagArePadded() {
        byte[] b = PutCommands.put("k9999999", "readcheck");
        assertEquals("put k9999999 readcheck" + "v".repeat(42), text(b));
        assertArrayEquals(("readcheck" + "v".repeat(42)).getBytes(StandardCharsets.US_ASCII),
                PutCommands.valueOf(b));
    }

    @Test
    void badKeysTagsAndSequencesAreRefusedSayingWhatIsExpected() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PutCommands.put("k1", "x")).getMessage()
                .contains("expected: 8 ASCII characters"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PutCommands.put("k0000001", "x".repeat(52)))
                .getMessage().contains("expected: at most 51 ASCII characters"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PutCommands.put(-1)).getMessage()
                .contains("expected: >= 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> PutCommands.key(100_000)).getMessage()
                .contains("expected: 0..99999"));
    }
}
