package io.raftwire.serializer;

import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.Shape;
import io.raftwire.serializer.model.TypeModel;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Which registered types may hold a changed type nested in them: a provider's resolving decoder
 * ({@link AbstractResolvingDecoder}) and down-level encoder ({@link AbstractDownLevelEncoder}) resolve the payload's
 * own type only, and read or write a nested value with today's codec, which is right only for a type whose bytes did
 * not change. So a payload or value of such a type is refused at use, naming the component, while every other type
 * is read or written. Stateless.
 */
final class NestedChanges {

    private NestedChanges() {
    }

    /**
     * A component that may hold a changed type.
     *
     * @param label {@code Type.component}
     * @param held  the changed type's id (reached directly, or through unchanged types that may hold it)
     */
    record Nested(String label, int held) {
    }

    /**
     * The types that are unsafe to read or write with a per-type plan: every registered type (changed or not) one of
     * whose components may hold, through values, polymorphic places and containers at any depth, a changed type or a
     * type that is itself unsafe. Computed to a fixed point, so an unchanged type that holds an unchanged type that
     * holds a changed one is unsafe too.
     *
     * @param registry a registry
     * @param changed  the ids of the types whose plan is not an identity
     * @return by type id, the first component of that type that may hold a changed type; empty when there is none
     */
    static Map<Integer, Nested> unsafe(TypeRegistry registry, Set<Integer> changed) {
        Map<Integer, Nested> unsafe = new HashMap<>();
        if (changed.isEmpty()) {
            return Map.of();
        }
        boolean grew = true;
        while (grew) {
            grew = false;
            for (TypeModel m : registry.models()) {
                if (unsafe.containsKey(m.id())) {
                    continue;
                }
                for (Component c : m.components()) {
                    Integer held = held(c.shape(), changed, unsafe, 0);
                    if (held != null) {
                        unsafe.put(m.id(), new Nested(m.name() + '.' + c.name(), held));
                        grew = true;
                        break;
                    }
                }
            }
        }
        return Map.copyOf(unsafe);
    }

    /** The changed type {@code s} may hold, directly first, else through an unsafe type; null if none. */
    private static Integer held(Shape s, Set<Integer> changed, Map<Integer, Nested> unsafe, int depth) {
        if (s == null || depth > 64) {
            return null;
        }
        if (s.kind() == Kind.VALUE) {
            int id = s.valueModel().id();
            if (changed.contains(id)) {
                return id;
            }
            Nested through = unsafe.get(id);
            if (through != null) {
                return through.held();
            }
        }
        if (s.kind() == Kind.POLYMORPHIC) {
            for (TypeModel t : s.subtypes()) {
                if (changed.contains(t.id())) {
                    return t.id();
                }
            }
            for (TypeModel t : s.subtypes()) {
                Nested through = unsafe.get(t.id());
                if (through != null) {
                    return through.held();
                }
            }
        }
        Integer k = held(s.key(), changed, unsafe, depth + 1);
        return k != null ? k : held(s.element(), changed, unsafe, depth + 1);
    }
}
