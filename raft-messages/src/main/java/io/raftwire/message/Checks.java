package io.raftwire.message;

import java.util.Collection;
import java.util.List;
import java.util.Set;

/**
 * The one place where catalog constructors check and copy their arguments. Internal to the catalog: public only
 * because the constructors live in sub-packages.
 *
 * <p>Every failure names the component and the offending value in one format: {@code term = -5 (expected: >= 0)}.
 * A missing value throws {@link NullPointerException}; any other invalid value throws
 * {@link IllegalArgumentException}.
 */
public final class Checks {

    private Checks() {
    }

    /**
     * Requires a non-negative {@code long}: a term, index, sequence, session id, timestamp or timeout.
     *
     * @param value the value to check
     * @param name the component name used in the message
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value < 0}
     */
    public static long nonNegative(long value, String name) {
        if (value < 0) {
            throw invalid(name, value, ">= 0");
        }
        return value;
    }

    /**
     * Requires a non-negative {@code int}.
     *
     * @param value the value to check
     * @param name the component name used in the message
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value < 0}
     */
    public static int nonNegative(int value, String name) {
        if (value < 0) {
            throw invalid(name, value, ">= 0");
        }
        return value;
    }

    /**
     * Requires a value not below another component, for example {@code maxTimeout >= minTimeout}.
     *
     * @param value the value to check
     * @param name the component name used in the message
     * @param min the lower bound
     * @param minName the name of the component that sets the bound
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value < min}
     */
    public static long atLeast(long value, String name, long min, String minName) {
        if (value < min) {
            throw invalid(name, value, ">= " + minName + " = " + min);
        }
        return value;
    }

    /**
     * Requires a value to be present.
     *
     * @param value the value to check
     * @param name the component name used in the message
     * @param <T> the value's type
     * @return {@code value}
     * @throws NullPointerException if {@code value} is {@code null}
     */
    public static <T> T notNull(T value, String name) {
        if (value == null) {
            throw new NullPointerException(name + " = null (expected: not null)");
        }
        return value;
    }

    /**
     * Requires a non-empty string: a name or identifier.
     *
     * @param value the value to check
     * @param name the component name used in the message
     * @return {@code value}
     * @throws NullPointerException if {@code value} is {@code null}
     * @throws IllegalArgumentException if {@code value} is empty
     */
    public static String notEmpty(String value, String name) {
        if (notNull(value, name).isEmpty()) {
            throw invalid(name, "\"\"", "not empty");
        }
        return value;
    }

    /**
     * Copies a required byte array, so that the caller keeps no handle on the instance's state.
     *
     * @param value the array to copy
     * @param name the component name used in the message
     * @return a copy of {@code value}
     * @throws NullPointerException if {@code value} is {@code null}
     */
    public static byte[] copy(byte[] value, String name) {
        return notNull(value, name).clone();
    }

    /**
     * Copies a required array of ids, sequences or indexes, none of which may be negative.
     *
     * @param value the array to copy
     * @param name the component name used in the message; a failure names the element, {@code name[i]}
     * @return a copy of {@code value}
     * @throws NullPointerException if {@code value} is {@code null}
     * @throws IllegalArgumentException if an element is negative
     */
    public static long[] copyNonNegative(long[] value, String name) {
        long[] copy = notNull(value, name).clone();
        for (int i = 0; i < copy.length; i++) {
            if (copy[i] < 0) {
                throw invalid(name + "[" + i + "]", copy[i], ">= 0");
            }
        }
        return copy;
    }

    /**
     * Requires two parallel arrays to have the same length.
     *
     * @param value the array to check
     * @param name its component name
     * @param reference the array whose length is expected
     * @param referenceName its component name
     * @throws IllegalArgumentException unless both arrays have the same length
     */
    public static void sameLength(long[] value, String name, long[] reference, String referenceName) {
        if (value.length != reference.length) {
            throw invalid(name + ".length", value.length, "== " + referenceName + ".length = " + reference.length);
        }
    }

    /**
     * Requires an optional component to be absent unless a condition on another component holds.
     *
     * @param value the value to check; may be {@code null}
     * @param name its component name
     * @param allowed whether the other component permits a value
     * @param condition that condition, for the message (for example {@code type = NO_LEADER})
     * @param <T> the component type
     * @return {@code value}
     * @throws IllegalArgumentException if {@code value} is set while {@code allowed} is false
     */
    public static <T> T nullUnless(T value, String name, boolean allowed, String condition) {
        if (value != null && !allowed) {
            throw invalid(name, value, "null unless " + condition);
        }
        return value;
    }

    /**
     * Copies a required list into an immutable list.
     *
     * @param value the list to copy
     * @param name the component name used in the message; a null element is named {@code name[i]}
     * @param <E> the element type
     * @return an immutable copy of {@code value}, in iteration order
     * @throws NullPointerException if {@code value} or one of its elements is {@code null}
     */
    public static <E> List<E> copy(List<? extends E> value, String name) {
        return List.copyOf(noNullElements(value, name));
    }

    /**
     * Copies a required set into an immutable {@link IndexedSet} that keeps the argument's iteration order, so that
     * encoding is deterministic ({@link Set#copyOf} would not: its iteration order is randomized per JVM) and a
     * serializer can walk it by index without allocating an iterator.
     *
     * @param value the set to copy
     * @param name the component name used in the message; a null element is named {@code name[i]}
     * @param <E> the element type
     * @return an immutable copy of {@code value}
     * @throws NullPointerException if {@code value} or one of its elements is {@code null}
     */
    public static <E> IndexedSet<E> copy(Set<? extends E> value, String name) {
        return OrderedSet.copyOf(noNullElements(value, name));
    }

    private static <C extends Collection<?>> C noNullElements(C value, String name) {
        int i = 0;
        for (Object element : notNull(value, name)) {
            if (element == null) {
                throw new NullPointerException(name + "[" + i + "] = null (expected: not null)");
            }
            i++;
        }
        return value;
    }

    private static IllegalArgumentException invalid(String name, Object value, String expected) {
        return new IllegalArgumentException(name + " = " + value + " (expected: " + expected + ")");
    }
}
