package io.raftwire.config;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One setting: its name, type, default, constraint and a one-line description, declared once in
 * {@link ConfigKeys}. Read the resolved value with {@link RaftwireConfig#get(ConfigKey)}. Immutable and
 * thread-safe; keys are compared by identity.
 *
 * <p>Names are dotted lower-kebab under {@code raftwire.} ({@code raftwire.transport.max-frame-bytes}); the same
 * setting as an environment variable is {@link #envName()} ({@code RAFTWIRE_TRANSPORT_MAX_FRAME_BYTES}).
 *
 * @param <T> the value type: {@code Integer}, {@code Long}, {@code Double}, {@code Boolean}, {@code String}, an enum,
 *            {@link HostPort}, or an unmodifiable {@code List} of {@code String} or {@link PeerAddress}
 */
public final class ConfigKey<T> {

    /** Every key name starts with this. */
    static final String PREFIX = "raftwire.";
    /** Every environment variable name of a key starts with this. */
    static final String ENV_PREFIX = "RAFTWIRE_";

    private final String name;
    private final ValueType<T> type;
    private final T defaultValue;
    private final Constraint<T> constraint;
    private final String description;

    private ConfigKey(String name, ValueType<T> type, T defaultValue, Constraint<T> constraint, String description) {
        this.name = Objects.requireNonNull(name, "name");
        this.type = Objects.requireNonNull(type, "type");
        this.defaultValue = Objects.requireNonNull(defaultValue, "defaultValue");
        this.constraint = Objects.requireNonNull(constraint, "constraint");
        this.description = Objects.requireNonNull(description, "description");
    }

    static ConfigKey<Integer> ofInt(String name, int defaultValue, Constraint<Integer> constraint, String description) {
        return new ConfigKey<>(name, ValueType.INT, defaultValue, constraint, description);
    }

    static ConfigKey<Long> ofLong(String name, long defaultValue, Constraint<Long> constraint, String description) {
        return new ConfigKey<>(name, ValueType.LONG, defaultValue, constraint, description);
    }

    static ConfigKey<Double> ofDouble(String name, double defaultValue, Constraint<Double> constraint,
            String description) {
        return new ConfigKey<>(name, ValueType.DOUBLE, defaultValue, constraint, description);
    }

    static ConfigKey<Boolean> ofBoolean(String name, boolean defaultValue, String description) {
        return new ConfigKey<>(name, ValueType.BOOLEAN, defaultValue, Constraint.any(), description);
    }

    static ConfigKey<String> ofString(String name, String defaultValue, Constraint<String> constraint,
            String description) {
        return new ConfigKey<>(name, ValueType.STRING, defaultValue, constraint, description);
    }

    static <E extends Enum<E>> ConfigKey<E> ofEnum(String name, E defaultValue, String description) {
        return new ConfigKey<>(name, ValueType.enumOf(defaultValue.getDeclaringClass()), defaultValue,
                Constraint.any(), description);
    }

    static ConfigKey<HostPort> ofAddress(String name, HostPort defaultValue, String description) {
        return new ConfigKey<>(name, ValueType.HOST_PORT, defaultValue, Constraint.any(), description);
    }

    static <E> ConfigKey<List<E>> ofList(String name, ValueType<E> element, List<E> defaultValue,
            Constraint<List<E>> constraint, String description) {
        return new ConfigKey<>(name, ValueType.listOf(element), List.copyOf(defaultValue), constraint, description);
    }

    /** The property name, for example {@code raftwire.transport.max-frame-bytes}. */
    public String name() {
        return name;
    }

    /**
     * The environment variable that sets this key: {@link #name()} in upper case with {@code .} and {@code -}
     * replaced by {@code _}, for example {@code RAFTWIRE_TRANSPORT_MAX_FRAME_BYTES}.
     */
    public String envName() {
        return envName(name);
    }

    /** What a value looks like, for example {@code an integer}, {@code host:port}, {@code one of nio, epoll, auto}. */
    public String type() {
        return type.name();
    }

    /** The value used when no source sets this key; it satisfies {@link #constraint()}. */
    public T defaultValue() {
        return defaultValue;
    }

    /** The rule every value must satisfy on its own (rules relating several keys are in {@link ConfigKeys}). */
    public Constraint<T> constraint() {
        return constraint;
    }

    /** One line saying what the setting does, with its unit. */
    public String description() {
        return description;
    }

    /** {@code value} in the text form a properties file uses; it parses back to an equal value. */
    public String format(T value) {
        return type.format(value);
    }

    /** {@code name (type, default d, expected: constraint): description}. */
    @Override
    public String toString() {
        return name + " (" + type.name() + ", default " + quoted(format(defaultValue)) + ", expected: " + constraint
                + "): " + description;
    }

    /**
     * Parses trimmed text and checks the constraint.
     *
     * @throws IllegalArgumentException whose message is what was expected, the text after {@code expected:}
     */
    T convert(String text) {
        T value;
        try {
            value = type.parse(text);
        } catch (IllegalArgumentException e) {
            String expected = type.name();
            if (!type.isList() && !constraint.isAny()) {
                expected += ", " + constraint.description();
            }
            throw new IllegalArgumentException(e.getMessage() == null ? expected : expected + "; " + e.getMessage(), e);
        }
        String failure = constraint.check(value);
        if (failure != null) {
            throw new IllegalArgumentException(failure);
        }
        return value;
    }

    static String envName(String name) {
        return name.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
    }

    /** Shows the empty text as {@code ""} so that it is visible in messages. */
    static String quoted(String text) {
        return text.isEmpty() ? "\"\"" : text;
    }
}
