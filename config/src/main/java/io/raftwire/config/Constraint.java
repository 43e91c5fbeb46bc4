package io.raftwire.config;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * A rule a parsed value must satisfy, with the text shown after {@code expected:} when it does not. Immutable and
 * thread-safe. Constraints are declared next to their key in {@link ConfigKeys}; the factories are package-private
 * because only raftwire declares keys.
 *
 * @param <T> the type of value checked
 */
public final class Constraint<T> {

    private static final Constraint<Object> ANY = new Constraint<>("any value", value -> null);

    private final String description;
    private final Function<? super T, String> checker;

    private Constraint(String description, Function<? super T, String> checker) {
        this.description = Objects.requireNonNull(description, "description");
        this.checker = Objects.requireNonNull(checker, "checker");
    }

    /**
     * Checks one value.
     *
     * @param value the parsed value, never {@code null}
     * @return {@code null} when the value is acceptable, otherwise what was expected (the text after
     *         {@code expected:}, for example {@code 1024..1073741824} or {@code unique ids (node-2 appears twice)})
     */
    public String check(T value) {
        return checker.apply(value);
    }

    /** What every acceptable value satisfies, for example {@code >= 1} or {@code 1.0..10.0}. */
    public String description() {
        return description;
    }

    /** Whether this constraint accepts every value of its type. */
    public boolean isAny() {
        return this == ANY;
    }

    @Override
    public String toString() {
        return description;
    }

    static <T> Constraint<T> of(String description, Predicate<? super T> test) {
        Objects.requireNonNull(test, "test");
        return new Constraint<>(description, value -> test.test(value) ? null : description);
    }

    @SuppressWarnings("unchecked")
    static <T> Constraint<T> any() {
        return (Constraint<T>) ANY;
    }

    static <T extends Comparable<? super T>> Constraint<T> atLeast(T min) {
        return of(">= " + min, value -> value.compareTo(min) >= 0);
    }

    static <T extends Comparable<? super T>> Constraint<T> between(T min, T max) {
        if (min.compareTo(max) > 0) {
            throw new IllegalArgumentException("min = " + min + " (expected: <= max " + max + ")");
        }
        return of(min + ".." + max, value -> value.compareTo(min) >= 0 && value.compareTo(max) <= 0);
    }

    /** Exactly {@code expected}; combine with {@link #or(Constraint)} for a special value such as 0 meaning off. */
    static <T> Constraint<T> equalTo(T expected) {
        return of(String.valueOf(expected), expected::equals);
    }

    /** A whole-string match against {@code regex}; described as {@code what matching regex}. */
    static Constraint<String> pattern(String what, String regex) {
        Pattern compiled = Pattern.compile(regex);
        return of(what + " matching " + regex, value -> compiled.matcher(value).matches());
    }

    /** Every element of a list satisfies {@code element}; the failure names the first bad element. */
    static <E> Constraint<List<E>> each(Constraint<? super E> element) {
        return new Constraint<>("each " + element.description(), list -> {
            for (E value : list) {
                String failure = element.check(value);
                if (failure != null) {
                    return "each " + failure + " (bad: " + value + ")";
                }
            }
            return null;
        });
    }

    /**
     * No two elements of a list share {@code property}; the failure names the first repeated one.
     *
     * @param what plural noun for the property, for example {@code ids}
     */
    static <E> Constraint<List<E>> distinct(String what, Function<? super E, ?> property) {
        String text = "unique " + what;
        return new Constraint<>(text, list -> {
            Set<Object> seen = new HashSet<>();
            for (E value : list) {
                Object key = property.apply(value);
                if (!seen.add(key)) {
                    return text + " (" + key + " appears twice)";
                }
            }
            return null;
        });
    }

    /** Both this and {@code other} hold; the failure is the first one that does not. */
    Constraint<T> and(Constraint<? super T> other) {
        return new Constraint<>(description + " and " + other.description(), value -> {
            String failure = check(value);
            return failure != null ? failure : other.check(value);
        });
    }

    /** This or {@code other} holds; the failure describes both alternatives. */
    Constraint<T> or(Constraint<? super T> other) {
        String text = description + " or " + other.description();
        return new Constraint<>(text, value -> check(value) == null || other.check(value) == null ? null : text);
    }
}
