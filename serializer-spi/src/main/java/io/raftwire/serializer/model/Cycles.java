package io.raftwire.serializer.model;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds a cycle in a value that failed to encode for its depth, so that the refusal names the cycle instead of the
 * depth. A depth-first search over the registered values, collections, maps and {@code Optional}s the value reaches,
 * each object visited once (so a graph that shares children costs its number of distinct objects, not its number of
 * paths); run only on that error path. Stateless; not for other use.
 */
public final class Cycles {

    /** Most distinct objects searched before giving up (the depth error is then reported as it is). */
    static final int MAX_OBJECTS = 1_000_000;

    private final Function<Class<?>, TypeModel> models;
    private final IdentityHashMap<Object, String> onPath = new IdentityHashMap<>();
    private final IdentityHashMap<Object, Boolean> done = new IdentityHashMap<>();

    private Cycles(Function<Class<?>, TypeModel> models) {
        this.models = models;
    }

    /**
     * @param models the registered model of a class, or null
     * @param root   the value being encoded
     * @return {@code "<path> refers back to <path>, a cycle"} for the first cycle found, or {@code null} if there is
     *         none (within {@link #MAX_OBJECTS} objects)
     */
    public static String describe(Function<Class<?>, TypeModel> models, Object root) {
        try {
            return new Cycles(models).visit(root, root.getClass().getSimpleName());
        } catch (StackOverflowError | RuntimeException e) {
            return null;
        }
    }

    private String visit(Object value, String path) {
        if (value == null || done.containsKey(value)) {
            return null;
        }
        String earlier = onPath.get(value);
        if (earlier != null) {
            return path + " refers back to " + earlier + ", a cycle (expected: a value without cycles; values are"
                    + " copied, not shared by reference, so a cycle cannot be encoded)";
        }
        if (onPath.size() + done.size() > MAX_OBJECTS) {
            throw new IllegalStateException("too many objects");
        }
        onPath.put(value, path);
        String found = children(value, path);
        onPath.remove(value);
        done.put(value, Boolean.TRUE);
        return found;
    }

    private String children(Object value, String path) {
        if (value instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                String found = visit(e, path + "[" + i++ + "]");
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (value instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                String found = visit(e.getKey(), path + " key");
                found = found != null ? found : visit(e.getValue(), path + "[" + e.getKey() + "]");
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        if (value instanceof Optional<?> o) {
            return visit(o.orElse(null), path + ".get()");
        }
        if (value instanceof Object[] array) {
            for (int i = 0; i < array.length; i++) {
                String found = visit(array[i], path + "[" + i + "]");
                if (found != null) {
                    return found;
                }
            }
            return null;
        }
        TypeModel model = models.apply(value.getClass());
        if (model == null) {
            return null;
        }
        for (Component c : model.components()) {
            if (c.rawType().isPrimitive()) {
                continue;
            }
            String found = visit(c.get(value), path + "." + c.name());
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
