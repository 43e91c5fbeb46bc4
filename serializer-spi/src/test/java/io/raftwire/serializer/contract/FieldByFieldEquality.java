package io.raftwire.serializer.contract;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * Compares two values field by field, not through {@code equals} (which a class may not define, or define loosely):
 * every non-static, non-transient field of a class of the application (any class outside {@code java.}), inherited ones
 * too, recursively; arrays by content; lists and other collections element by element in iteration order; maps entry
 * by entry; {@code HashSet} by {@code equals} and {@code HashMap} by key, since their iteration order depends on their
 * capacity, and {@code ConcurrentHashMap} by key for the same reason; {@code Optional} by content; atomics by the
 * value they hold (they do not define {@code equals}); other JDK values by {@code equals}.
 */
public final class FieldByFieldEquality {

    private FieldByFieldEquality() {
    }

    /**
     * @return {@code null} if equal, else the path of the first difference and both values there
     */
    public static String difference(Object expected, Object actual) {
        return difference(expected, actual, expected == null ? "value" : expected.getClass().getSimpleName(),
                new IdentityHashMap<>());
    }

    private static String difference(Object a, Object b, String path, IdentityHashMap<Object, Object> seen) {
        if (a == null || b == null) {
            return a == b ? null : path + ": " + a + " vs " + b;
        }
        if (a.getClass() != b.getClass() && !(a instanceof Collection || a instanceof Map)) {
            return path + ": class " + a.getClass().getName() + " vs " + b.getClass().getName();
        }
        if (seen.put(a, b) != null) {
            return null;
        }
        if (a.getClass().isArray()) {
            int n = Array.getLength(a);
            if (n != Array.getLength(b)) {
                return path + ": length " + n + " vs " + Array.getLength(b);
            }
            for (int i = 0; i < n; i++) {
                String d = difference(Array.get(a, i), Array.get(b, i), path + "[" + i + "]", seen);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof java.util.HashSet<?> && !(a instanceof java.util.LinkedHashSet<?>)) {
            // no order to compare: a hash set's iteration order depends on its capacity, not on its value
            return a.equals(b) ? null : path + ": " + a + " vs " + b;
        }
        if (a instanceof java.util.concurrent.atomic.AtomicLong x) {
            return x.get() == ((java.util.concurrent.atomic.AtomicLong) b).get() ? null : path + ": " + a + " vs " + b;
        }
        if (a instanceof java.util.concurrent.atomic.AtomicInteger x) {
            return x.get() == ((java.util.concurrent.atomic.AtomicInteger) b).get() ? null
                    : path + ": " + a + " vs " + b;
        }
        if (a instanceof java.util.concurrent.atomic.AtomicBoolean x) {
            return x.get() == ((java.util.concurrent.atomic.AtomicBoolean) b).get() ? null
                    : path + ": " + a + " vs " + b;
        }
        if (a instanceof java.util.HashMap<?, ?> && !(a instanceof java.util.LinkedHashMap<?, ?>)
                || a instanceof java.util.concurrent.ConcurrentHashMap<?, ?>) {
            Map<?, ?> ha = (Map<?, ?>) a;
            if (!(b instanceof Map<?, ?> mb) || ha.size() != mb.size()) {
                return path + ": " + a + " vs " + b;
            }
            for (Map.Entry<?, ?> e : ha.entrySet()) {
                if (!mb.containsKey(e.getKey())) {
                    return path + ": key " + e.getKey() + " missing";
                }
                String d = difference(e.getValue(), mb.get(e.getKey()), path + "[" + e.getKey() + "]", seen);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof Collection<?> ca) {
            if (!(b instanceof Collection<?> cb) || ca.size() != cb.size()) {
                return path + ": " + a + " vs " + b;
            }
            Iterator<?> ia = ca.iterator();
            Iterator<?> ib = cb.iterator();
            for (int i = 0; ia.hasNext(); i++) {
                String d = difference(ia.next(), ib.next(), path + "[" + i + "]", seen);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof Map<?, ?> ma) {
            if (!(b instanceof Map<?, ?> mb) || ma.size() != mb.size()) {
                return path + ": " + a + " vs " + b;
            }
            Iterator<? extends Map.Entry<?, ?>> ia = ma.entrySet().iterator();
            Iterator<? extends Map.Entry<?, ?>> ib = mb.entrySet().iterator();
            while (ia.hasNext()) {
                Map.Entry<?, ?> ea = ia.next();
                Map.Entry<?, ?> eb = ib.next();
                String d = difference(ea.getKey(), eb.getKey(), path + " key", seen);
                d = d != null ? d : difference(ea.getValue(), eb.getValue(), path + "[" + ea.getKey() + "]", seen);
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (a instanceof Optional<?> oa) {
            return difference(oa.orElse(null), ((Optional<?>) b).orElse(null), path + ".get()", seen);
        }
        if (a.getClass().getName().startsWith("java.") || a.getClass().isEnum()) {
            return a.equals(b) ? null : path + ": " + a + " vs " + b;
        }
        for (Class<?> c = a.getClass(); c != null && c != Object.class && c != Record.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) || Modifier.isTransient(f.getModifiers()) || f.isSynthetic()) {
                    continue;
                }
                f.setAccessible(true);
                try {
                    String d = difference(f.get(a), f.get(b), path + "." + f.getName(), seen);
                    if (d != null) {
                        return d;
                    }
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(path + "." + f.getName() + " cannot be read", e);
                }
            }
        }
        return null;
    }
}
