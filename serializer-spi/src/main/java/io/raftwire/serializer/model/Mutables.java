package io.raftwire.serializer.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The mutable copies {@link io.raftwire.serializer.MutableCollections} asks for: a decoded (unmodifiable) collection
 * copied into its mutable JDK equivalent, nested collections too, in the same order. Stateless.
 */
final class Mutables {

    private Mutables() {
    }

    /** {@code value} itself if it is no collection or map, else its mutable copy. */
    static Object copy(Object value) {
        if (value instanceof SortedSet<?> s) {
            TreeSet<Object> copy = new TreeSet<>();
            for (Object e : s) {
                copy.add(copy(e));
            }
            return copy;
        }
        if (value instanceof Set<?> s) {
            Set<Object> copy = new LinkedHashSet<>();
            for (Object e : s) {
                copy.add(copy(e));
            }
            return copy;
        }
        if (value instanceof Collection<?> c) {
            List<Object> copy = new ArrayList<>(c.size());
            for (Object e : c) {
                copy.add(copy(e));
            }
            return copy;
        }
        if (value instanceof Map<?, ?> m) {
            Map<Object, Object> copy = m instanceof SortedMap<?, ?> ? new TreeMap<>() : new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : m.entrySet()) {
                copy.put(e.getKey(), copy(e.getValue()));
            }
            return copy;
        }
        return value;
    }
}
