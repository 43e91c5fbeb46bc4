package io.raftwire.bench.cluster;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The line a run prints for its parent: {@code RESULT key=value key=value ...}, values without spaces (the same shape
 * as the peer clusters' result lines, so one parser reads both). Stateless.
 */
public final class ResultLine {

    public static final String PREFIX = "RESULT ";

    private ResultLine() {
    }

    /**
     * Formats the fields.
     *
     * @throws IllegalArgumentException if a key or value is empty or holds whitespace or {@code =} (in a key)
     */
    public static String format(Map<String, String> fields) {
        StringBuilder b = new StringBuilder(PREFIX.trim());
        fields.forEach((k, v) -> {
            if (k.isEmpty() || k.contains("=") || hasSpace(k) || v.isEmpty() || hasSpace(v)) {
                throw new IllegalArgumentException("field " + k + "=" + v + " (expected: non-empty, no whitespace,"
                        + " no '=' in the key)");
            }
            b.append(' ').append(k).append('=').append(v);
        });
        return b.toString();
    }

    /** The fields of a result line, or {@code null} if {@code line} is not one. */
    public static Map<String, String> parse(String line) {
        if (!line.startsWith(PREFIX)) {
            return null;
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (String kv : line.substring(PREFIX.length()).trim().split("\\s+")) {
            int eq = kv.indexOf('=');
            if (eq > 0) {
                fields.put(kv.substring(0, eq), kv.substring(eq + 1));
            }
        }
        return fields;
    }

    private static boolean hasSpace(String s) {
        return s.chars().anyMatch(Character::isWhitespace);
    }
}
