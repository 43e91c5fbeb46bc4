package io.raftwire.transport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

@Timeout(10)
class PeerTextTest {

    @Test
    void shouldKeepOrdinaryTextAsItIs() {
        String plain = "member id = node-1 (expected: node-2)";
        assertSame(plain, PeerText.escape(plain));
        assertEquals("Grüße, 節点 😀", PeerText.escape("Grüße, 節点 😀"));
    }

    @Test
    void shouldNotLetAPeerStartAForgedLogLine() {
        String forged = "bad frame\n2026-11-23 13:00:00 [main] INFO node - vote granted to node-9\r\n";
        String escaped = PeerText.escape(forged);
        assertEquals("bad frame\\n2026-11-23 13:00:00 [main] INFO node - vote granted to node-9\\r\\n", escaped);
        assertFalse(escaped.contains("\n") || escaped.contains("\r"));
    }

    @Test
    void shouldEscapeControlFormatAndSeparatorCharacters() {
        assertEquals("a\\tb\\u0000c\\u001bd\\u007fe\\u0085f", PeerText.escape("a\tb\u0000c\u001bd\u007fe\u0085f"));
        // line/paragraph separators end lines in some viewers; bidi overrides and zero-width chars hide text
        assertEquals("x\\u2028y\\u2029z", PeerText.escape("x\u2028y\u2029z"));
        assertEquals("admin\\u202e\\u200bnigol", PeerText.escape("admin\u202e\u200bnigol"));
        assertEquals("\\ue000 \\ufffe", PeerText.escape("\ue000 \ufffe"));
    }

    @Test
    void shouldEscapeTheEscapeCharacterSoThatAnEscapeCannotBeForged() {
        assertEquals("\\\\n is not a newline", PeerText.escape("\\n is not a newline"));
    }

    @Test
    void shouldEscapeUnpairedSurrogatesButKeepPairs() {
        assertEquals("a\\ud800b\\udc00c", PeerText.escape("a\ud800b\udc00c"));
        assertEquals("\ud83d\ude00", PeerText.escape("\ud83d\ude00"));
    }

    @Test
    void shouldCutLongTextAndSaySo() {
        String longText = "x".repeat(PeerText.MAX_CHARS + 100);
        assertEquals("x".repeat(PeerText.MAX_CHARS) + "...(100 more chars)", PeerText.escape(longText));
        assertEquals("null", PeerText.escape(null));
    }
}
