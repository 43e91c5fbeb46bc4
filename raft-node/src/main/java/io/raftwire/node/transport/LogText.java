package io.raftwire.node.transport;

/**
 * Makes a peer-supplied string safe to log: control characters (a newline would forge a log line) become
 * {@code \n}, {@code \r}, {@code \t} or {@code \\uXXXX}, backslashes are doubled, and anything past 200 characters is
 * cut with a count. Stateless.
 */
final class LogText {

    private static final int MAX = 200;

    private LogText() {
    }

    static String escape(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(Math.min(s.length(), MAX) + 16);
        int n = Math.min(s.length(), MAX);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\n' -> b.append("\\n");
                case '\r' -> b.append("\\r");
                case '\t' -> b.append("\\t");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        if (s.length() > MAX) {
            b.append("...(").append(s.length() - MAX).append(" more)");
        }
        return b.toString();
    }
}
