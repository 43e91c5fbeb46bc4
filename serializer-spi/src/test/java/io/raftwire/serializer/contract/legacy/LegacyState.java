package io.raftwire.serializer.contract.legacy;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Reflective equals, hashCode and toString over every non-static, non-transient field, superclasses included: what a
 * pre-records code base gets from a commons-lang style {@code reflectionEquals}, so that the legacy model compares
 * whole instance state, never just what a serializer happens to write.
 */
public final class LegacyState {

    private LegacyState() {
    }

    /** Whether {@code a} and {@code b} are of the same class with equal state. */
    public static boolean equal(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (b == null || a.getClass() != b.getClass()) {
            return false;
        }
        for (Field f : fields(a.getClass())) {
            if (!Objects.deepEquals(get(f, a), get(f, b))) {
                return false;
            }
        }
        return true;
    }

    /** A hash of the state, consistent with {@link #equal}. */
    public static int hash(Object a) {
        int h = a.getClass().getName().hashCode();
        for (Field f : fields(a.getClass())) {
            h = 31 * h + Arrays.deepHashCode(new Object[] {get(f, a)});
        }
        return h;
    }

    /** The class name and every field. */
    public static String describe(Object a) {
        StringBuilder s = new StringBuilder(a.getClass().getSimpleName()).append('{');
        for (Field f : fields(a.getClass())) {
            String v = Arrays.deepToString(new Object[] {get(f, a)});
            s.append(f.getName()).append('=').append(v, 1, v.length() - 1).append(", ");
        }
        return s.append('}').toString();
    }

    private static List<Field> fields(Class<?> type) {
        List<Field> out = new ArrayList<>();
        for (Class<?> c = type; c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                int mod = f.getModifiers();
                if (!Modifier.isStatic(mod) && !Modifier.isTransient(mod) && !f.isSynthetic()) {
                    f.setAccessible(true);
                    out.add(f);
                }
            }
        }
        return out;
    }

    private static Object get(Field f, Object o) {
        try {
            return f.get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
