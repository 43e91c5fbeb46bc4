package io.raftwire.node.session;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/** The invariants of the session records, in one place. */
final class SessionChecks {

    private SessionChecks() {
    }

    static long atLeast(long value, String name, long min) {
        if (value < min) {
            throw new IllegalArgumentException(name + " = " + value + " (expected: >= " + min + ")");
        }
        return value;
    }

    static String notEmpty(String value, String name) {
        Objects.requireNonNull(value, name);
        if (value.isEmpty()) {
            throw new IllegalArgumentException(name + " is empty (expected: at least one character)");
        }
        return value;
    }

    /** UTF-8 bytes of {@code s}; 0 for {@code null}. */
    static int utf8Length(String s) {
        return s == null ? 0 : s.getBytes(StandardCharsets.UTF_8).length;
    }
}
