package io.raftwire.serializer.contract;

import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.TypeModel;

import java.lang.reflect.Field;

/**
 * Builds instances that bypass their constructor's checks, by writing a field through reflection after
 * construction. Encoding such a forgery yields exactly the payload a hostile peer would send, so a decoder can be
 * shown to refuse it.
 */
final class InvalidValues {

    private InvalidValues() {
    }

    /** The component values of {@code value}, boxed, in constructor order. */
    static Object[] args(TypeModel model, Object value) {
        Object[] args = new Object[model.size()];
        for (Component c : model.components()) {
            args[c.index()] = c.walked() ? c.get(value) : switch (c.kind()) {
                case LONG -> c.getLong(value);
                case INT -> c.getInt(value);
                case BOOLEAN -> c.getBoolean(value);
                default -> c.get(value);
            };
        }
        return args;
    }

    static boolean constructorAccepts(TypeModel model, Object[] args) {
        try {
            model.instantiate(args);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** A copy of {@code value} whose component {@code c} holds {@code invalid}, set after construction. */
    static Object forge(TypeModel model, Object value, Component c, Object invalid) throws ReflectiveOperationException {
        Object copy = model.instantiate(args(model, value));
        Field f = field(model.javaType(), c.name());
        f.setAccessible(true);
        f.set(copy, invalid);
        return copy;
    }

    private static Field field(Class<?> type, String name) throws NoSuchFieldException {
        for (Class<?> k = type; k != null; k = k.getSuperclass()) {
            try {
                return k.getDeclaredField(name);
            } catch (NoSuchFieldException ignored) {
                // declared higher up
            }
        }
        throw new NoSuchFieldException(type.getName() + "." + name);
    }
}
