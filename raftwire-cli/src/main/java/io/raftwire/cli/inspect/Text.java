package io.raftwire.cli.inspect;

/**
 * Text made safe to print: what a peer or a file supplied as quoted strings with escapes, cut when long, and hex
 * previews of bytes; raftwire's own messages with only their non-printable characters escaped. Nothing a peer sent can
 * move the cursor, clear the screen or forge a line of the report.
 */
final class Text {

    /** Longest string printed in full; longer ones are cut and their length shown. */
    static final int MAX_STRING_CHARS = 200;
    /** Bytes shown in a hex preview. */
    static final int HEX_PREVIEW_BYTES = 16;

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private Text() {
    }

    /** {@code "text"}: {@link #escape} between double quotes. */
    static String quote(String s) {
        return '"' + escape(s) + '"';
    }

    /**
     * The text with quotes, backslashes and every non-printable character escaped; text longer than
     * {@value #MAX_STRING_CHARS} characters is cut, with its length appended. For text a peer or a file supplied.
     */
    static String escape(String s) {
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_STRING_CHARS) + 2);
        int n = Math.min(s.length(), MAX_STRING_CHARS);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> appendPrintable(s, i, b);
            }
        }
        if (s.length() > n) {
            b.append("... (").append(s.length()).append(" chars)");
        }
        return b.toString();
    }

    /**
     * A message raftwire wrote itself (the reason a frame cannot be decoded, which may quote bytes a peer sent) made
     * safe to print on one line: every non-printable character escaped as by {@link #escape}, but nothing cut, and
     * quotes and backslashes left as they are, so the message reads as written.
     */
    static String message(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            appendPrintable(s, i, b);
        }
        return b.toString();
    }

    /** Appends {@code s.charAt(i)}, or its escape if it could move the cursor, break the line or not show. */
    private static void appendPrintable(String s, int i, StringBuilder b) {
        char c = s.charAt(i);
        switch (c) {
            case '\n' -> b.append("\\n");
            case '\r' -> b.append("\\r");
            case '\t' -> b.append("\\t");
            default -> {
                int type = Character.getType(c);
                if (c < 0x20 || (c >= 0x7F && c < 0xA0) || Character.isSurrogate(c) && !validPair(s, i)
                        || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                        || type == Character.PARAGRAPH_SEPARATOR) {
                    b.append(String.format("\\u%04x", (int) c));
                } else {
                    b.append(c);
                }
            }
        }
    }

    private static boolean validPair(String s, int i) {
        char c = s.charAt(i);
        if (Character.isHighSurrogate(c)) {
            return i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
        }
        return i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
    }

    /** {@code byte[65] 74 68 69 ... "this is..."}: the length, a hex prefix and, if printable, the text prefix. */
    static String bytes(byte[] bytes) {
        StringBuilder b = new StringBuilder("byte[").append(bytes.length).append(']');
        int n = Math.min(bytes.length, HEX_PREVIEW_BYTES);
        boolean printable = n > 0;
        for (int i = 0; i < n; i++) {
            int v = bytes[i] & 0xFF;
            b.append(' ').append(HEX[v >> 4]).append(HEX[v & 0xF]);
            printable &= v >= 0x20 && v < 0x7F;
        }
        if (bytes.length > n) {
            b.append(" ...");
        }
        if (printable) {
            b.append("  \"").append(new String(bytes, 0, n, java.nio.charset.StandardCharsets.US_ASCII)
                    .replace("\\", "\\\\").replace("\"", "\\\"")).append(bytes.length > n ? "...\"" : "\"");
        }
        return b.toString();
    }

    /** Lower-case hex of every byte, no separators. */
    static String hex(byte[] bytes, int from, int to) {
        StringBuilder b = new StringBuilder((to - from) * 2);
        for (int i = from; i < to; i++) {
            int v = bytes[i] & 0xFF;
            b.append(HEX[v >> 4]).append(HEX[v & 0xF]);
        }
        return b.toString();
    }
}
