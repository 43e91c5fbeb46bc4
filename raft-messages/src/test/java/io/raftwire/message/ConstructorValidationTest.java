package io.raftwire.message;

import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every constructor rejects each value a real Raft protocol can never send, naming the component: negative numbers,
 * negative array elements, {@code null} in non-nullable components and in collections, empty identifiers.
 */
class ConstructorValidationTest {

    /** The strings that name something and therefore must not be empty; every other string may be. */
    private static final Set<String> NON_EMPTY_STRINGS = Set.of("MemberId.id", "DefaultOperationId.id",
            "DefaultEventType.id", "SessionMetadata.name", "SessionMetadata.type", "OpenSessionRequest.name",
            "OpenSessionRequest.typeName", "OpenSessionEntry.serviceName", "OpenSessionEntry.serviceType");

    @ParameterizedTest(name = "{0}")
    @MethodSource("invalidComponents")
    void shouldRejectAnInvalidComponentNamingIt(MessageType type, int index, Object value, Class<?> expected,
            String messagePrefix) {
        Object base = Samples.base(type);
        RuntimeException e = assertThrows(RuntimeException.class, () -> Canonical.with(base, index, value));
        assertEquals(expected, e.getClass(), e.toString());
        assertTrue(e.getMessage().startsWith(messagePrefix + " = "), e.getMessage());
        assertTrue(e.getMessage().contains(" (expected: "), e.getMessage());
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldAcceptNullExactlyWhereTheComponentIsNullable(MessageType type) {
        Object base = Samples.base(type);
        Parameter[] parameters = Canonical.parameters(type.javaType());
        for (int i = 0; i < parameters.length; i++) {
            if (Canonical.nullable(parameters[i])) {
                Object instance = Canonical.with(base, i, null);
                assertNull(Canonical.components(instance)[i], Canonical.describe(type.javaType(), parameters[i]));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldAcceptEmptyStringsExceptInNames(MessageType type) {
        Object base = Samples.base(type);
        Parameter[] parameters = Canonical.parameters(type.javaType());
        for (int i = 0; i < parameters.length; i++) {
            String where = Canonical.describe(type.javaType(), parameters[i]);
            if (parameters[i].getType() == String.class && !NON_EMPTY_STRINGS.contains(where)) {
                assertEquals("", Canonical.components(Canonical.with(base, i, ""))[i], where);
            }
        }
    }

    static Stream<Arguments> invalidComponents() {
        List<Arguments> cases = new ArrayList<>();
        for (MessageType type : MessageType.values()) {
            Object[] components = Canonical.components(Samples.base(type));
            Parameter[] parameters = Canonical.parameters(type.javaType());
            for (int i = 0; i < parameters.length; i++) {
                addInvalid(cases, type, i, parameters[i], components[i]);
            }
        }
        return cases.stream();
    }

    private static void addInvalid(List<Arguments> cases, MessageType type, int i, Parameter p, Object current) {
        String name = p.getName();
        String where = Canonical.describe(type.javaType(), p);
        Class<?> c = p.getType();
        if (c == long.class) {
            add(cases, type, where, i, -1L, IllegalArgumentException.class, name);
            add(cases, type, where, i, Long.MIN_VALUE, IllegalArgumentException.class, name);
        } else if (c == int.class) {
            add(cases, type, where, i, -1, IllegalArgumentException.class, name);
            add(cases, type, where, i, Integer.MIN_VALUE, IllegalArgumentException.class, name);
        } else if (c == boolean.class) {
            return;
        } else if (!Canonical.nullable(p)) {
            add(cases, type, where, i, null, NullPointerException.class, name);
        }
        if (c == long[].class) {
            long[] negative = ((long[]) current).clone();
            negative[negative.length - 1] = -1;
            String element = name + "[" + (negative.length - 1) + "]";
            add(cases, type, where, i, negative, IllegalArgumentException.class, element);
        } else if (c == List.class || c == Set.class) {
            Collection<Object> withNull = c == List.class ? new ArrayList<>() : new LinkedHashSet<>();
            withNull.addAll((Collection<?>) current);
            withNull.add(null);
            add(cases, type, where, i, withNull, NullPointerException.class, name + "[" + (withNull.size() - 1) + "]");
        } else if (c == String.class && NON_EMPTY_STRINGS.contains(where)) {
            add(cases, type, where, i, "", IllegalArgumentException.class, name);
        }
    }

    private static void add(List<Arguments> cases, MessageType type, String where, int index, Object value,
            Class<?> expected, String messagePrefix) {
        String shown = value instanceof long[] ? Arrays.toString((long[]) value)
                : value instanceof String ? "\"" + value + "\"" : value instanceof Collection ? "[.., null]"
                : String.valueOf(value);
        cases.add(Arguments.of(Named.of(where + " = " + shown, type), index, value, expected, messagePrefix));
    }
}
