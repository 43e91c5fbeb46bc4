package io.raftwire.message;

import io.raftwire.message.fixtures.CatalogFixtures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.reflect.Array;
import java.lang.reflect.Parameter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared fixtures reach every boundary of every component, so that a serializer tested with them is tested at
 * the edges, and the realistic set keeps the reference's number ranges.
 */
class FixtureCoverageTest {

    private static final CatalogFixtures FIXTURES = new CatalogFixtures(42);

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldReachTheBoundariesOfEveryComponent(MessageType type) {
        List<Object[]> instances = new ArrayList<>();
        for (Object instance : FIXTURES.all()) {
            if (instance.getClass() == type.javaType()) {
                instances.add(Canonical.components(instance));
            }
        }
        Parameter[] parameters = Canonical.parameters(type.javaType());
        for (int i = 0; i < parameters.length; i++) {
            for (Object required : boundaries(parameters[i])) {
                assertTrue(reached(instances, i, required), Canonical.describe(type.javaType(), parameters[i])
                        + " never " + (required instanceof Shape ? required : "= " + required));
            }
        }
    }

    @Test
    void shouldUseSmallNumbersInRequestsAndFullWidthNumbersInResponses() {
        boolean wide = false;
        for (Object message : FIXTURES.messageSet()) {
            for (Object component : Canonical.components(message)) {
                if (component instanceof Long && message instanceof RaftRequest) {
                    assertTrue((Long) component < 100_000, message.getClass().getSimpleName() + " " + component);
                }
                wide |= component instanceof Long && message instanceof RaftResponse && (Long) component > 1L << 32;
            }
        }
        assertTrue(wide, "responses use full-width longs");
    }

    /** A structural boundary a component must reach, as opposed to a literal value. */
    private enum Shape { EMPTY, ONE_ELEMENT, NON_BMP_TEXT }

    private static List<Object> boundaries(Parameter parameter) {
        Class<?> c = parameter.getType();
        List<Object> required = new ArrayList<>();
        if (c == long.class) {
            required.addAll(List.of(0L, Long.MAX_VALUE));
        } else if (c == int.class) {
            required.addAll(List.of(0, Integer.MAX_VALUE));
        } else if (c == boolean.class) {
            required.addAll(List.of(true, false));
        } else if (c.isEnum()) {
            required.addAll(Arrays.asList(c.getEnumConstants()));
        } else if (c == String.class) {
            required.add(Shape.NON_BMP_TEXT);
        } else if (c.isArray()) {
            required.add(Shape.EMPTY);
        } else if (Collection.class.isAssignableFrom(c)) {
            required.addAll(List.of(Shape.EMPTY, Shape.ONE_ELEMENT));
        }
        if (Canonical.nullable(parameter)) {
            required.add(null);
        }
        return required;
    }

    private static boolean reached(List<Object[]> instances, int index, Object required) {
        for (Object[] components : instances) {
            Object value = components[index];
            if (required == Shape.EMPTY && (value instanceof Collection ? ((Collection<?>) value).isEmpty()
                    : value != null && value.getClass().isArray() && Array.getLength(value) == 0)) {
                return true;
            }
            if (required == Shape.ONE_ELEMENT && value instanceof Collection && ((Collection<?>) value).size() == 1) {
                return true;
            }
            if (required == Shape.NON_BMP_TEXT && value instanceof String
                    && ((String) value).codePoints().anyMatch(Character::isSupplementaryCodePoint)) {
                return true;
            }
            if (!(required instanceof Shape) && Objects.equals(required, value)) {
                return true;
            }
        }
        return false;
    }
}
