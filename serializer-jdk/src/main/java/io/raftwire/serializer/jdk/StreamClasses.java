package io.raftwire.serializer.jdk;

import io.raftwire.serializer.model.MalformedPayloadException;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The allow-list of a jdk payload: the only classes whose descriptors a payload may contain. A payload is one
 * {@link Carrier} holding a {@code long[]} of words and an {@code Object[]} of strings, {@code byte[]} and
 * {@code long[]}. Strings need no entry: the stream writes them as {@code TC_STRING}, without a class descriptor. No
 * boxed number, enum, collection or registered type is ever named; {@link PayloadFilter} admits a registered type
 * only as the value {@link CarrierInputStream#resolveObject} builds.
 */
final class StreamClasses {

    /**
     * Fewest payload bytes an element of a carrier's {@code Object[]} takes: the elements are never null, and the
     * smallest is an empty {@code TC_STRING} (tag and 2-byte length).
     */
    static final int MIN_REFERENCE_BYTES = 3;

    private static final List<Class<?>> CLASSES = List.of(Carrier.class, long[].class, Object[].class, byte[].class);
    private static final Map<String, Class<?>> BY_NAME = CLASSES.stream()
            .collect(Collectors.toUnmodifiableMap(Class::getName, Function.identity()));
    private static final String NAMES = CLASSES.stream().map(Class::getName).collect(Collectors.joining(", "));

    private StreamClasses() {
    }

    /**
     * The class a stream descriptor names, without loading anything: {@code ObjectInputStream} calls
     * {@code resolveClass} before it consults the filter, so the allow-list is applied here first.
     *
     * @throws MalformedPayloadException if the name is not on the allow-list
     */
    static Class<?> resolve(String name) {
        Class<?> type = BY_NAME.get(name);
        if (type == null) {
            throw new MalformedPayloadException("class " + name + " is not allowed in a jdk payload (expected: one of "
                    + NAMES + ")");
        }
        return type;
    }

    /** Whether a payload may name {@code type}. */
    static boolean allows(Class<?> type) {
        return BY_NAME.get(type.getName()) == type;
    }

    /** The fewest payload bytes each element of an array of this allowed type takes in a valid payload. */
    static int minBytesPerElement(Class<?> arrayType) {
        if (arrayType == long[].class) {
            return Long.BYTES;
        }
        return arrayType == Object[].class ? MIN_REFERENCE_BYTES : 1;
    }
}
