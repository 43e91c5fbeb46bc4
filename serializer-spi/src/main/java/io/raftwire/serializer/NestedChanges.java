package io.raftwire.serializer;

import io.raftwire.serializer.model.Component;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.model.Shape;
import io.raftwire.serializer.model.TypeModel;

import java.util.Set;

/**
 * The check that no changed type is nested in a registered type: a provider's resolving decoder
 * ({@link AbstractResolvingDecoder}) resolves the payload's own type only, and reads a nested value with the reader's
 * codec, which is right only for a type whose bytes did not change. Stateless.
 */
final class NestedChanges {

    private NestedChanges() {
    }

    /**
     * @param registry the reader's registry
     * @param changed  the ids of the types whose plan is not an identity
     * @param provider the provider's name, for the message
     * @throws IllegalArgumentException naming the first component that may hold a changed type
     */
    static void requireNoneNested(TypeRegistry registry, Set<Integer> changed, String provider) {
        if (changed.isEmpty()) {
            return;
        }
        for (TypeModel m : registry.models()) {
            for (Component c : m.components()) {
                Integer held = held(c.shape(), changed, 0);
                if (held != null) {
                    throw AbstractResolvingDecoder.unsupported(provider, m.name() + '.' + c.name(), "read type " + held
                            + ", which changed, nested inside another type");
                }
            }
        }
    }

    private static Integer held(Shape s, Set<Integer> changed, int depth) {
        if (s == null || depth > 64) {
            return null;
        }
        if (s.kind() == Kind.VALUE && changed.contains(s.valueModel().id())) {
            return s.valueModel().id();
        }
        if (s.kind() == Kind.POLYMORPHIC) {
            for (TypeModel t : s.subtypes()) {
                if (changed.contains(t.id())) {
                    return t.id();
                }
            }
        }
        Integer k = held(s.key(), changed, depth + 1);
        return k != null ? k : held(s.element(), changed, depth + 1);
    }
}
