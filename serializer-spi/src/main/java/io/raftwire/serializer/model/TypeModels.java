package io.raftwire.serializer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Builds the models of a set of registered types and links them: a {@link Kind#VALUE} component to the model of its
 * type, a {@link Kind#POLYMORPHIC} component to every registered type that may stand in it. Every problem in every
 * type is reported at once.
 */
public final class TypeModels {

    private TypeModels() {
    }

    /**
     * @param types registered classes by wire id
     * @return one model per entry, in id order
     * @throws IllegalArgumentException listing every type that cannot be modelled or refers to an unregistered type
     */
    public static List<TypeModel> build(SortedMap<Integer, Class<?>> types) {
        List<String> problems = new ArrayList<>();
        List<TypeModel> models = new ArrayList<>(types.size());
        Map<Class<?>, TypeModel> byClass = new HashMap<>();
        types.forEach((id, type) -> {
            try {
                TypeModel model = TypeIntrospector.introspect(id, type);
                models.add(model);
                byClass.put(type, model);
            } catch (IllegalArgumentException e) {
                problems.add(e.getMessage());
            }
        });
        for (TypeModel model : models) {
            for (Component c : model.components()) {
                link(model, c, models, byClass, problems);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("cannot register " + problems.size() + " type(s):\n  "
                    + String.join("\n  ", problems));
        }
        return List.copyOf(models);
    }

    private static void link(TypeModel owner, Component c, List<TypeModel> models, Map<Class<?>, TypeModel> byClass,
            List<String> problems) {
        Class<?> declared = c.elementType() != null ? c.elementType() : c.rawType();
        if (c.valueKind() == Kind.VALUE) {
            TypeModel value = byClass.get(declared);
            if (value == null) {
                problems.add(owner.name() + '.' + c.name() + " has type " + declared.getName()
                        + ", which is not registered (expected: register it with its own id)");
            }
            c.resolve(value, List.of());
        } else if (c.valueKind() == Kind.POLYMORPHIC) {
            List<TypeModel> subtypes = new ArrayList<>();
            for (TypeModel m : models) {
                if (declared.isAssignableFrom(m.javaType())) {
                    subtypes.add(m);
                }
            }
            if (subtypes.isEmpty()) {
                problems.add(owner.name() + '.' + c.name() + " has type " + declared.getName()
                        + ", and no registered type implements it (expected: register its implementations)");
            }
            c.resolve(null, subtypes);
        }
    }
}
