package io.raftwire.message;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.Serializable;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Checks the structural contract the serializers rely on to build every type generically from its constructor (see
 * the {@link io.raftwire.message} package documentation). A failure here means a serializer would mis-encode or fail
 * to build the type.
 */
class CatalogContractTest {

    private static final Set<Class<?>> SCALARS =
            Set.of(long.class, int.class, boolean.class, String.class, byte[].class, long[].class);

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldBeAFinalClassWithOneCanonicalConstructor(MessageType type) {
        Class<?> c = type.javaType();
        assertTrue(Modifier.isPublic(c.getModifiers()) && Modifier.isFinal(c.getModifiers()), c + " public final");
        assertFalse(Serializable.class.isAssignableFrom(c), c + " must not be Serializable");
        assertEquals(1, c.getDeclaredConstructors().length, c + " has exactly one constructor");
        Constructor<?> constructor = Canonical.constructor(c);
        assertTrue(constructor.getParameterCount() > 0, c + " has no no-arg constructor");
        for (Parameter parameter : constructor.getParameters()) {
            assertTrue(parameter.isNamePresent(), c + " must be compiled with -parameters");
        }
    }

    /**
     * A catalog type that inherits no component is a record (no hand-written equals, hashCode or accessors to drift);
     * one that does cannot be, and keeps its class. Either way the constructor's parameter order is the wire order.
     */
    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldBeARecordWhenItInheritsNoComponent(MessageType type) {
        Class<?> c = type.javaType();
        boolean inherits = c.getSuperclass() != Object.class && c.getSuperclass() != Record.class;
        assertEquals(!inherits, c.isRecord(), c + (inherits ? " inherits components and cannot be a record"
                : " inherits nothing (expected: a record)"));
        if (c.isRecord()) {
            assertEquals(Arrays.stream(c.getRecordComponents()).map(rc -> rc.getName()).toList(),
                    Arrays.stream(Canonical.constructor(c).getParameters()).map(Parameter::getName).toList(), c + "");
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldPairEveryParameterWithAnAccessorAndAFieldOfTheSameNameAndType(MessageType type) throws Exception {
        Class<?> c = type.javaType();
        for (Parameter parameter : Canonical.parameters(c)) {
            String where = Canonical.describe(c, parameter);
            Method accessor = c.getMethod(parameter.getName());
            assertEquals(parameter.getParameterizedType(), accessor.getGenericReturnType(), where + " accessor type");
            Field field = field(c, parameter.getName());
            assertNotNull(field, where + " has no field of the same name");
            assertEquals(parameter.getParameterizedType(), field.getGenericType(), where + " field type");
            assertEquals(Canonical.nullable(parameter), accessor.isAnnotationPresent(Nullable.class),
                    where + " @Nullable on the parameter and the accessor");
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldHoldNoStateBeyondTheConstructorParameters(MessageType type) {
        Class<?> c = type.javaType();
        Set<String> names = new HashSet<>();
        Arrays.stream(Canonical.parameters(c)).forEach(p -> names.add(p.getName()));
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
            if (k != c) {
                assertTrue(Modifier.isAbstract(k.getModifiers()) && Modifier.isPublic(k.getModifiers()),
                        k + " public abstract");
                for (Constructor<?> constructor : k.getDeclaredConstructors()) {
                    assertTrue(Modifier.isProtected(constructor.getModifiers()), constructor + " protected");
                }
            }
            for (Field field : k.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) || field.isSynthetic()) {
                    continue;
                }
                int modifiers = field.getModifiers();
                assertTrue(Modifier.isPrivate(modifiers) && Modifier.isFinal(modifiers), field + " private final");
                assertTrue(names.contains(field.getName()), field + " is not a constructor parameter");
            }
        }
    }

    @ParameterizedTest
    @EnumSource(MessageType.class)
    void shouldUseOnlyAllowedComponentTypes(MessageType type) {
        for (Parameter parameter : Canonical.parameters(type.javaType())) {
            Type t = parameter.getParameterizedType();
            String where = Canonical.describe(type.javaType(), parameter);
            if (t instanceof ParameterizedType) {
                ParameterizedType p = (ParameterizedType) t;
                assertTrue(List.of(List.class, Set.class).contains(p.getRawType()), where + " only List or Set");
                Type element = p.getActualTypeArguments()[0];
                assertTrue(element instanceof Class, where + " element is a plain class");
                Class<?> e = (Class<?>) element;
                assertTrue(e == String.class || registered(e) || polymorphic(e), where + " element " + e);
            } else {
                Class<?> c = (Class<?>) t;
                assertTrue(SCALARS.contains(c) || c.isEnum() || registered(c) || polymorphic(c), where + " " + c);
            }
        }
    }

    private static boolean registered(Class<?> c) {
        return MessageType.of(c).isPresent() && Modifier.isFinal(c.getModifiers());
    }

    /** An interface or abstract class with at least one registered implementation. */
    private static boolean polymorphic(Class<?> c) {
        if (!c.isInterface() && !Modifier.isAbstract(c.getModifiers())) {
            return false;
        }
        return Arrays.stream(MessageType.values()).anyMatch(t -> c.isAssignableFrom(t.javaType()));
    }

    private static Field field(Class<?> c, String name) {
        for (Class<?> k = c; k != Object.class; k = k.getSuperclass()) {
            try {
                return k.getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                // declared further up
            }
        }
        fail(c + " has no field " + name);
        return null;
    }
}
