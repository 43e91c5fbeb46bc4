package io.raftwire.message;

import io.raftwire.message.value.RaftError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** {@code equals}, {@code hashCode} and {@code toString} cover every component. */
class EqualityTest {

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldEqualACopyBuiltFromTheSameComponents(MessageType type) {
        Object base = Samples.base(type);
        Object copy = Canonical.construct(type.javaType(), Canonical.components(base));
        assertNotSame(base, copy);
        assertEquals(base, copy);
        assertEquals(base.hashCode(), copy.hashCode());
        assertEquals(base.toString(), copy.toString());
        assertNotEquals(null, base);
        assertNotEquals(base, new Object());
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldDifferWhenAnyOneComponentDiffers(MessageType type) {
        // a leader may only be set on a NO_LEADER error: from any other error no valid instance differs in it alone
        Object base = type == MessageType.RAFT_ERROR ? new RaftError(RaftError.Type.NO_LEADER, "no leader", null)
                : Samples.base(type);
        Parameter[] parameters = Canonical.parameters(type.javaType());
        for (int i = 0; i < parameters.length; i++) {
            Object changed = withDifferentValue(base, i, parameters[i]);
            assertNotEquals(base, changed, Canonical.describe(type.javaType(), parameters[i]) + " ignored by equals");
            assertNotEquals(base.toString(), changed.toString(), Canonical.describe(type.javaType(), parameters[i])
                    + " ignored by toString");
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldPrintEveryComponentRecordStyle(MessageType type) {
        String text = Samples.base(type).toString();
        assertTrue(text.startsWith(type.javaType().getSimpleName() + "["), text);
        assertTrue(text.endsWith("]"), text);
        for (Parameter parameter : Canonical.parameters(type.javaType())) {
            assertTrue(text.contains(parameter.getName() + "="), parameter.getName() + " missing from " + text);
        }
    }

    /** Substitutes the first valid candidate that differs from the current value of component {@code index}. */
    private static Object withDifferentValue(Object base, int index, Parameter parameter) {
        Object current = Canonical.components(base)[index];
        for (Object candidate : candidates(parameter, current)) {
            if (!same(current, candidate)) {
                try {
                    return Canonical.with(base, index, candidate);
                } catch (IllegalArgumentException | NullPointerException invalid) {
                    // try the next candidate
                }
            }
        }
        return fail("no valid different value for " + Canonical.describe(base.getClass(), parameter));
    }

    private static List<Object> candidates(Parameter parameter, Object current) {
        Class<?> c = parameter.getType();
        if (c == long.class) {
            long v = (Long) current;
            return List.of(v ^ 1, v + 1, v - 1);
        } else if (c == int.class) {
            int v = (Integer) current;
            return List.of(v ^ 1, v + 1, v - 1);
        } else if (c == boolean.class) {
            return List.of(!(Boolean) current);
        } else if (c == String.class) {
            return List.of(current + "x", "x");
        } else if (c == byte[].class) {
            byte[] v = (byte[]) current;
            return List.of((Object) Arrays.copyOf(v, v.length + 1));
        } else if (c == long[].class) {
            return List.of((Object) Arrays.stream((long[]) current).map(x -> x ^ 1).toArray());
        } else if (c.isEnum()) {
            return List.of(c.getEnumConstants());
        } else if (c == List.class || c == Set.class) {
            return grown(parameter, (Collection<?>) current);
        }
        List<Object> values = new ArrayList<>(Samples.of(c));
        if (Canonical.nullable(parameter)) {
            values.add(null);
        }
        return values;
    }

    /** The collection with one more element of its element type. */
    private static List<Object> grown(Parameter parameter, Collection<?> current) {
        Class<?> element = (Class<?>) ((ParameterizedType) parameter.getParameterizedType())
                .getActualTypeArguments()[0];
        List<Object> results = new ArrayList<>();
        for (Object extra : Samples.of(element)) {
            Collection<Object> grown = parameter.getType() == List.class ? new ArrayList<>() : new LinkedHashSet<>();
            grown.addAll(current);
            grown.add(extra);
            results.add(grown);
        }
        return results;
    }

    private static boolean same(Object a, Object b) {
        return Arrays.deepEquals(new Object[] {a}, new Object[] {b});
    }
}
