package io.raftwire.cli.inspect;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link Text}: what a peer sent is escaped and cut; raftwire's own messages keep every character that prints, quotes
 * and backslashes included, and are never cut, while nothing in either can break a line or drive the terminal.
 */
class TextTest {

    @Test
    void shouldEscapeAndCutWhatAPeerSent() {
        assertEquals("say \\\"hi\\\" \\\\ \\n\\u001b[2J", Text.escape("say \"hi\" \\ \n\u001b[2J"));
        String longText = "x".repeat(Text.MAX_STRING_CHARS + 57);
        assertEquals("x".repeat(Text.MAX_STRING_CHARS) + "... (257 chars)", Text.escape(longText));
    }

    @Test
    void shouldKeepOurOwnMessageWholeAndEscapeOnlyWhatDoesNotPrint() {
        String reason = "the magic 52 57 43 50 \"RWCP\" (expected: " + "y".repeat(300) + ")";
        assertEquals(reason, Text.message(reason), "quotes are not escaped and nothing is cut");
        assertEquals("peer \"node-2\\u001b[31m\\nframe 7\\r\\t\\u0085\\u200e\\u2028\" C:\\dir",
                Text.message("peer \"node-2\u001b[31m\nframe 7\r\t\u0085\u200e\u2028\" C:\\dir"),
                "control and format characters are escaped, so the message stays one line on the terminal");
    }
}
