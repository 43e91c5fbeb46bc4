package io.raftwire.serializer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Builds the models of a set of registered types and links them: a {@link Kind#VALUE} shape to the model of its type,
 * a {@link Kind#POLYMORPHIC} shape to every registered type that may stand in it, at any nesting depth. Every problem
 * in every type is reported at once, and no exception but {@link IllegalArgumentException} escapes.
 */
public final class TypeModels {

    private TypeModels() {
    }

    /**
     * @param types registered classes by wire id
     * @return one model per entry, in id order
     * @throws IllegalArgumentException listing every problem of every type, each with what was found, what is
     *                                  expected and the nearest fix
     */
    public static List<TypeModel> build(SortedMap<Integer, Class<?>> types) {
        List<String> problems = new ArrayList<>();
        List<TypeModel> models = new ArrayList<>(types.size());
        Map<Class<?>, TypeModel> byClass = new HashMap<>();
        types.forEach((id, type) -> {
            TypeModel model;
            try {
                model = TypeIntrospector.introspect(id, type, problems);
            } catch (RuntimeException | LinkageError e) {
                problems.add(type.getName() + " could not be modelled: " + e + " (expected: a class whose fields and"
                        + " constructors can be read by reflection)");
                model = null;
            }
            if (model != null) {
                models.add(model);
                byClass.put(type, model);
            }
        });
        for (TypeModel model : models) {
            for (Component c : model.components()) {
                link(model.name() + '.' + c.name(), c.shape(), models, byClass, types, problems);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("cannot register: " + problems.size() + " problem(s):\n  "
                    + String.join("\n  ", problems));
        }
        for (TypeModel model : models) {
            generate(model);
        }
        return List.copyOf(models);
    }

    /**
     * Generates the model's codec; where that is impossible on this JVM (class loader or module boundaries), keeps the
     * reason and leaves the type to the walk, which every provider still has.
     */
    private static void generate(TypeModel model) {
        try {
            model.generated(CodecGenerator.generate(model), null);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            model.generated(null, "the codec of " + model.javaType().getName() + " could not be generated, so it is"
                    + " walked: " + e);
        }
    }

    private static void link(String where, Shape s, List<TypeModel> models, Map<Class<?>, TypeModel> byClass,
            SortedMap<Integer, Class<?>> types, List<String> problems) {
        if (s.key() != null) {
            link(where + " key", s.key(), models, byClass, types, problems);
        }
        if (s.element() != null) {
            link(where, s.element(), models, byClass, types, problems);
        }
        Class<?> declared = s.javaType();
        if (s.kind() == Kind.VALUE) {
            TypeModel value = byClass.get(declared);
            if (value == null) {
                problems.add(where + " has type " + declared.getName() + (types.containsValue(declared)
                        ? ", which is registered but was refused (see its own problem; expected: a type that models)"
                        : ", which is not registered (expected: register it with its own id)"));
            }
            s.resolve(value, List.of());
        } else if (s.kind() == Kind.POLYMORPHIC) {
            List<TypeModel> subtypes = new ArrayList<>();
            for (TypeModel m : models) {
                if (declared.isAssignableFrom(m.javaType())) {
                    subtypes.add(m);
                }
            }
            if (subtypes.isEmpty()) {
                problems.add(where + " has type " + declared.getName() + ", and no registered type "
                        + (declared.isInterface() ? "implements it (expected: register the classes that implement"
                        + " it; enums cannot stand in a polymorphic place, declare the field as the enum type"
                        + " instead)" : "extends it (expected: register its concrete subclasses, or make "
                        + declared.getSimpleName() + " final and register it)"));
            }
            s.resolve(null, subtypes);
        }
    }
}
