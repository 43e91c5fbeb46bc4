package io.raftwire.message;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.util.function.Function;

/**
 * Reflective access to a catalog class through its canonical constructor, the way the serializers see it: read the
 * components of an instance through their accessors and build an instance from components.
 */
final class Canonical {

    private Canonical() {
    }

    /** The single public constructor of {@code type}. */
    static Constructor<?> constructor(Class<?> type) {
        Constructor<?>[] constructors = type.getConstructors();
        if (constructors.length != 1) {
            throw new AssertionError(type.getSimpleName() + " has " + constructors.length + " public constructors");
        }
        return constructors[0];
    }

    static Parameter[] parameters(Class<?> type) {
        return constructor(type).getParameters();
    }

    static boolean nullable(Parameter parameter) {
        return parameter.isAnnotationPresent(Nullable.class);
    }

    /** The components of {@code instance}, read through the accessors, in constructor order. */
    static Object[] components(Object instance) {
        Parameter[] parameters = parameters(instance.getClass());
        Object[] values = new Object[parameters.length];
        for (int i = 0; i < parameters.length; i++) {
            values[i] = accessor(instance.getClass(), parameters[i].getName()).apply(instance);
        }
        return values;
    }

    /** Builds an instance; constructor exceptions are rethrown as they are, not wrapped. */
    static Object construct(Class<?> type, Object... args) {
        try {
            return constructor(type).newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            throw new AssertionError(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** A copy of {@code instance} with component {@code index} replaced by {@code value}. */
    static Object with(Object instance, int index, Object value) {
        Object[] args = components(instance);
        args[index] = value;
        return construct(instance.getClass(), args);
    }

    /** Reads one component through its accessor. */
    static Function<Object, Object> accessor(Class<?> type, String name) {
        Method method;
        try {
            method = type.getMethod(name);
        } catch (NoSuchMethodException e) {
            throw new AssertionError(type.getSimpleName() + " has no accessor " + name + "()", e);
        }
        return instance -> {
            try {
                return method.invoke(instance);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError(e);
            }
        };
    }

    /** {@code VoteRequest.term}, for test names and messages. */
    static String describe(Class<?> type, Parameter parameter) {
        return type.getSimpleName() + "." + parameter.getName();
    }
}
