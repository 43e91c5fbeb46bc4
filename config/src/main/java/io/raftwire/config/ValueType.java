package io.raftwire.config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How one kind of value is written in configuration text: parsing (strict: {@code 1.6d}, {@code yes} or
 * {@code 0x10} are refused) and formatting back to the same text. Immutable and thread-safe.
 *
 * @param <T> the parsed type
 */
final class ValueType<T> {

    private static final Pattern INTEGER = Pattern.compile("[-+]?[0-9]+");
    private static final Pattern DECIMAL = Pattern.compile("[-+]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][-+]?[0-9]+)?");

    static final ValueType<Integer> INT = new ValueType<>("an integer", false, text -> {
        checkFormat(INTEGER, text);
        return (int) inRange(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }, String::valueOf);

    static final ValueType<Long> LONG = new ValueType<>("an integer", false, text -> {
        checkFormat(INTEGER, text);
        return inRange(text, Long.MIN_VALUE, Long.MAX_VALUE);
    }, String::valueOf);

    static final ValueType<Double> DOUBLE = new ValueType<>("a decimal number", false, text -> {
        checkFormat(DECIMAL, text);
        return Double.valueOf(text);
    }, String::valueOf);

    static final ValueType<Boolean> BOOLEAN = new ValueType<>("true or false", false, text -> {
        if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException();
        }
        return Boolean.valueOf(text);
    }, String::valueOf);

    static final ValueType<String> STRING = new ValueType<>("a string", false, text -> text, text -> text);

    static final ValueType<HostPort> HOST_PORT = new ValueType<>("host:port", false, HostPort::parse,
            HostPort::toString);

    static final ValueType<PeerAddress> PEER = new ValueType<>("id=host:port", false, PeerAddress::parse,
            PeerAddress::toString);

    private final String name;
    private final boolean list;
    private final Function<String, T> parser;
    private final Function<? super T, String> formatter;

    private ValueType(String name, boolean list, Function<String, T> parser, Function<? super T, String> formatter) {
        this.name = name;
        this.list = list;
        this.parser = parser;
        this.formatter = formatter;
    }

    /** Values are constant names, written in lower case and parsed ignoring case. */
    static <E extends Enum<E>> ValueType<E> enumOf(Class<E> type) {
        List<E> constants = Arrays.asList(type.getEnumConstants());
        String names = constants.stream().map(ValueType::lowerName).collect(Collectors.joining(", "));
        return new ValueType<>("one of " + names, false, text -> {
            for (E constant : constants) {
                if (constant.name().equalsIgnoreCase(text)) {
                    return constant;
                }
            }
            throw new IllegalArgumentException();
        }, ValueType::lowerName);
    }

    /** Comma-separated elements, each trimmed; the empty text is the empty list; the result is unmodifiable. */
    static <E> ValueType<List<E>> listOf(ValueType<E> element) {
        return new ValueType<>("comma-separated " + element.name, true, text -> {
            if (text.isEmpty()) {
                return List.of();
            }
            String[] parts = text.split(",", -1);
            List<E> values = new ArrayList<>(parts.length);
            for (int i = 0; i < parts.length; i++) {
                values.add(parseElement(element, parts[i].trim(), i + 1));
            }
            return List.copyOf(values);
        }, values -> values.stream().map(element::format).collect(Collectors.joining(",")));
    }

    /** What a value of this type looks like, for example {@code an integer} or {@code host:port}. */
    String name() {
        return name;
    }

    /** Whether values are lists (whose constraints are too long to repeat in a parse error). */
    boolean isList() {
        return list;
    }

    /**
     * Parses trimmed text.
     *
     * @throws IllegalArgumentException with what is wrong with the text as its message, or a {@code null} message
     *                                  when "not {@link #name()}" says it all
     */
    T parse(String text) {
        return Objects.requireNonNull(parser.apply(text), "parsed value");
    }

    /** The text form of a value; {@link #parse(String)} turns it back into an equal value. */
    String format(T value) {
        return formatter.apply(value);
    }

    private static <E> E parseElement(ValueType<E> element, String text, int position) {
        if (text.isEmpty()) {
            throw new IllegalArgumentException("entry " + position + " is empty");
        }
        try {
            return element.parse(text);
        } catch (IllegalArgumentException e) {
            String reason = e.getMessage() == null ? "not " + element.name : e.getMessage();
            throw new IllegalArgumentException("entry " + text + ": " + reason, e);
        }
    }

    private static void checkFormat(Pattern format, String text) {
        if (!format.matcher(text).matches()) {
            throw new IllegalArgumentException();
        }
    }

    private static long inRange(String text, long min, long max) {
        try {
            long value = Long.parseLong(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // more digits than a long holds: reported below like any other out-of-range value
        }
        throw new IllegalArgumentException("outside " + min + ".." + max);
    }

    private static String lowerName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT);
    }
}
