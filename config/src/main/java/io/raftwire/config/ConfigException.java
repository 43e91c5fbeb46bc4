package io.raftwire.config;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The configuration is unusable. Either it lists every {@link #violations() violation} found, one per line of the
 * message ({@code key = value (expected: ...)}), so that one start-up attempt shows everything to fix; or a file
 * could not be read, with the I/O error kept as the cause and no violations.
 */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final List<ConfigViolation> violations;

    /**
     * @param violations at least one violation
     */
    public ConfigException(List<ConfigViolation> violations) {
        super(violations.stream().map(ConfigViolation::toString).collect(Collectors.joining("\n")));
        if (violations.isEmpty()) {
            throw new IllegalArgumentException("violations = [] (expected: at least one)");
        }
        this.violations = List.copyOf(violations);
    }

    /** A failure that is not about a value, such as an unreadable file; {@code cause} is kept. */
    public ConfigException(String message, Throwable cause) {
        super(message, cause);
        this.violations = List.of();
    }

    /**
     * Every violation, in the order found: values that fail their own key's type or constraint, then rules relating
     * several keys and serializer names that are not installed, then keys written twice in a file and unknown keys;
     * unmodifiable and empty when the cause is an I/O failure.
     */
    public List<ConfigViolation> violations() {
        return violations;
    }
}
