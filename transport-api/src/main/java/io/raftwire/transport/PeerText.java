package io.raftwire.transport;

/**
 * Makes text that came from a peer safe to log or to put in an exception message: the one escaping rule of the
 * transport, applied wherever peer-supplied text (error messages, member ids, decode failures that quote payload
 * bytes) is logged. A peer cannot start a new log line, hide text, or reorder what a reader sees:
 * <ul>
 *   <li>{@code \} becomes {@code \\}; {@code \n}, {@code \r} and {@code \t} become those two-character escapes;</li>
 *   <li>every other character that is not printable — C0 and C1 controls, DEL, line and paragraph separators,
 *       format characters (bidirectional overrides, zero-width joiners), private use, unassigned code points and
 *       unpaired surrogates — becomes {@code \}{@code uXXXX};</li>
 *   <li>printable characters, including non-ASCII letters and supplementary characters (a properly paired
 *       surrogate), stay as they are;</li>
 *   <li>text longer than {@value #MAX_CHARS} characters is cut, and the cut is said:
 *       {@code ...(1234 more chars)}.</li>
 * </ul>
 * Stateless and thread-safe.
 */
public final class PeerText {

    /** Longest peer text kept, in characters of the input. */
    public static final int MAX_CHARS = 512;

    private PeerText() {
    }

    /**
     * The escaped form of {@code text}.
     *
     * @param text any text, or {@code null}
     * @return the escaped text; {@code "null"} for {@code null}
     */
    public static String escape(CharSequence text) {
        if (text == null) {
            return "null";
        }
        int length = text.length();
        int end = Math.min(length, MAX_CHARS);
        StringBuilder out = null;
        int i = 0;
        while (i < end) {
            char c = text.charAt(i);
            int width = 1;
            String replacement;
            if (Character.isHighSurrogate(c) && i + 1 < end && Character.isLowSurrogate(text.charAt(i + 1))) {
                char low = text.charAt(i + 1);
                width = 2;
                replacement = printable(Character.toCodePoint(c, low)) ? null : unicode(c) + unicode(low);
            } else {
                replacement = replacement(c);
            }
            if (replacement != null && out == null) {
                out = new StringBuilder(end + 16).append(text, 0, i);
            }
            if (out != null) {
                if (replacement != null) {
                    out.append(replacement);
                } else {
                    out.append(text, i, i + width);
                }
            }
            i += width;
        }
        if (out == null && end == length) {
            return text.toString();
        }
        if (out == null) {
            out = new StringBuilder(end + 24).append(text, 0, end);
        }
        if (end < length) {
            out.append("...(").append(length - end).append(" more chars)");
        }
        return out.toString();
    }

    /** The escape for one character that is not part of a surrogate pair, or {@code null} to keep it. */
    private static String replacement(char c) {
        switch (c) {
            case '\\':
                return "\\\\";
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            default:
                return printable(c) ? null : unicode(c);
        }
    }

    private static boolean printable(int codePoint) {
        switch (Character.getType(codePoint)) {
            case Character.CONTROL:
            case Character.FORMAT:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
            case Character.PRIVATE_USE:
            case Character.UNASSIGNED:
            case Character.SURROGATE:
                return false;
            default:
                return true;
        }
    }

    private static String unicode(char c) {
        return String.format("\\u%04x", (int) c);
    }
}
