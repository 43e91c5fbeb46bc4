package io.raftwire.config;

import java.io.Serializable;
import java.util.Objects;

/**
 * One configuration problem. {@link #toString()} is the line {@link ConfigException} shows:
 * {@code key = value (problem) [origin]}, for example
 * {@code raftwire.transport.max-frame-bytes = 12 (expected: 1024..1073741824) [file conf/node.properties]}.
 *
 * @param key     the key as the source spells it ({@code raftwire.peers}, or for an unknown environment variable
 *                {@code RAFTWIRE_PEER})
 * @param value   the offending text as written (trimmed), or the value a rule relating several keys rejected
 * @param problem what was expected ({@code expected: >= 1}) or why the key is wrong
 *                ({@code unknown key; did you mean raftwire.peers?}); lower case, no trailing period
 * @param origin  where the value came from ({@code file conf/node.properties}, {@code system properties},
 *                {@code environment variable RAFTWIRE_PEERS}), or empty for a default value
 */
public record ConfigViolation(String key, String value, String problem, String origin) implements Serializable {

    /** Checks that no component is {@code null}. */
    public ConfigViolation {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(problem, "problem");
        Objects.requireNonNull(origin, "origin");
    }

    /** {@code key = value (problem) [origin]}; the origin part is left out for a default value. */
    @Override
    public String toString() {
        String where = origin.isEmpty() ? "" : " [" + origin + "]";
        return key + " = " + ConfigKey.quoted(value) + " (" + problem + ")" + where;
    }
}
