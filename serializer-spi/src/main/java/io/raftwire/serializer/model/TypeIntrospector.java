package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.objenesis.Objenesis;
import org.objenesis.ObjenesisStd;

/**
 * Derives a {@link TypeModel} from a class, reporting every problem it finds rather than the first. Two ways in:
 * <ul>
 *   <li><b>Through the constructor</b>: a record (its canonical constructor), or a final class with exactly one
 *       public constructor whose parameters (compiled with {@code -parameters}) are, by name and type, exactly its
 *       non-transient instance fields. Components are the parameters, in order; decoding runs the constructor.</li>
 *   <li><b>Field by field</b>: any other concrete class (mutable, non-final, inherited fields, no usable
 *       constructor). Components are every non-static, non-transient field, superclass fields first and each class's
 *       fields by name; decoding instantiates through Objenesis, <em>without running a constructor</em>, and sets the
 *       fields.</li>
 * </ul>
 * Either way every non-transient instance field is written or the type is refused: nothing is silently dropped.
 */
final class TypeIntrospector {

    private static final Objenesis OBJENESIS = new ObjenesisStd(true);

    /** Every supported declared type, from the one table ({@link JdkTypes}), for registration refusals. */
    private static final String SUPPORTED = JdkTypes.summary() + "; or a registered type, or an abstract class or"
            + " interface of your own (not a JDK one)";

    private final int id;
    private final Class<?> type;
    private final List<String> problems;
    private final Map<TypeVariable<?>, Type> variables = new HashMap<>();

    private TypeIntrospector(int id, Class<?> type, List<String> problems) {
        this.id = id;
        this.type = type;
        this.problems = problems;
    }

    /**
     * Models {@code type}, adding every problem found to {@code problems}.
     *
     * @return the model, or {@code null} if a problem was added
     */
    static TypeModel introspect(int id, Class<?> type, List<String> problems) {
        return new TypeIntrospector(id, type, problems).model();
    }

    private TypeModel model() {
        int before = problems.size();
        if (!checkClass()) {
            return null;
        }
        List<Field> fields = instanceFields();
        if (problems.size() > before) {
            return null;
        }
        Constructor<?> ctor = constructorCovering(fields);
        List<Component> components = new ArrayList<>();
        if (ctor != null) {
            Parameter[] params = ctor.getParameters();
            String[] names = type.isRecord() ? Arrays.stream(type.getRecordComponents())
                    .map(RecordComponent::getName).toArray(String[]::new)
                    : Arrays.stream(params).map(Parameter::getName).toArray(String[]::new);
            for (int i = 0; i < params.length; i++) {
                Field f = field(fields, names[i]);
                Component c = component(f, i, false);
                if (c != null) {
                    components.add(c);
                }
            }
            return problems.size() > before ? null
                    : TypeModel.throughConstructor(id, type, components, spreadConstructor(ctor), ctor);
        }
        for (int i = 0; i < fields.size(); i++) {
            Component c = component(fields.get(i), i, true);
            if (c != null) {
                components.add(c);
            }
        }
        if (problems.size() > before) {
            return null;
        }
        try {
            return TypeModel.fieldByField(id, type, components, OBJENESIS.getInstantiatorOf(type));
        } catch (RuntimeException e) {
            problems.add(type.getName() + " cannot be instantiated without a constructor: " + e
                    + " (expected: a class Objenesis can instantiate on this JVM)");
            return null;
        }
    }

    private boolean checkClass() {
        String name = type.getName();
        int mod = type.getModifiers();
        String problem = null;
        if (type.isInterface() || type.isAnnotation()) {
            problem = " is an interface (expected: a concrete class; register its implementations, and a component"
                    + " declared as " + type.getSimpleName() + " accepts any of them)";
        } else if (type.isEnum()) {
            problem = " is an enum (expected: a class; enums need no registration, they travel by ordinal)";
        } else if (type.isArray() || type.isPrimitive()) {
            problem = " is not a class (expected: a record or class; declare arrays as fields of one)";
        } else if (Modifier.isAbstract(mod)) {
            problem = " is abstract (expected: a concrete class; register its concrete subclasses, and a component"
                    + " declared as " + type.getSimpleName() + " accepts any of them)";
        } else if (name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.")) {
            problem = " is a JDK class (expected: your own class; JDK types are supported as components: "
                    + SUPPORTED + ")";
        } else if (type.isAnonymousClass() || type.isLocalClass() || type.isHidden()) {
            problem = " is an anonymous, local or hidden class (expected: a top-level or static nested class)";
        } else if (type.isMemberClass() && !Modifier.isStatic(mod)) {
            problem = " is an inner class, whose instances hold their outer instance (expected: a static nested"
                    + " class; add 'static')";
        }
        if (problem != null) {
            problems.add(name + problem);
            return false;
        }
        return true;
    }

    /** Every non-static, non-transient field, superclass first, each class's by name; type variables resolved. */
    private List<Field> instanceFields() {
        List<Class<?>> chain = new ArrayList<>();
        for (Class<?> c = type; c != Object.class && c != Record.class; c = c.getSuperclass()) {
            String n = c.getName();
            if (n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.")) {
                problems.add(type.getName() + " extends " + n + " (expected: superclasses that are Object or your own"
                        + " classes; hold a " + c.getSimpleName() + " in a field instead)");
                return List.of();
            }
            chain.add(0, c);
        }
        for (Class<?> c = type; c.getSuperclass() != Object.class && c.getSuperclass() != Record.class;
                c = c.getSuperclass()) {
            if (c.getGenericSuperclass() instanceof ParameterizedType p) {
                TypeVariable<?>[] params = c.getSuperclass().getTypeParameters();
                Type[] args = p.getActualTypeArguments();
                for (int i = 0; i < params.length; i++) {
                    variables.put(params[i], args[i]);
                }
            }
        }
        List<Field> fields = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Class<?> c : chain) {
            Field[] declared = c.getDeclaredFields();
            Arrays.sort(declared, Comparator.comparing(Field::getName));
            for (Field f : declared) {
                int mod = f.getModifiers();
                if (Modifier.isStatic(mod) || Modifier.isTransient(mod) || f.isSynthetic()) {
                    continue;
                }
                if (!names.add(f.getName())) {
                    problems.add(where(f.getName()) + " is declared in " + c.getSimpleName() + " and again in a"
                            + " superclass (expected: one field per name; rename one of them)");
                }
                fields.add(f);
            }
        }
        return fields;
    }

    /** The constructor to decode through, or null when the type goes field by field. */
    private Constructor<?> constructorCovering(List<Field> fields) {
        if (type.isRecord()) {
            Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType)
                    .toArray(Class<?>[]::new);
            try {
                return type.getDeclaredConstructor(types);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type.getName() + " has no canonical constructor", e);
            }
        }
        Constructor<?>[] ctors = type.getConstructors();
        if (!Modifier.isFinal(type.getModifiers()) || ctors.length != 1
                || ctors[0].getParameterCount() != fields.size() || fields.isEmpty()) {
            return null;
        }
        Set<String> seen = new HashSet<>();
        for (Parameter p : ctors[0].getParameters()) {
            Field f = p.isNamePresent() ? field(fields, p.getName()) : null;
            if (f == null || f.getType() != p.getType() || !seen.add(p.getName())) {
                return null;
            }
        }
        return ctors[0];
    }

    private static Field field(List<Field> fields, String name) {
        for (Field f : fields) {
            if (f.getName().equals(name)) {
                return f;
            }
        }
        return null;
    }

    private Component component(Field f, int index, boolean settable) {
        int before = problems.size();
        Shape shape = shape(resolve(f.getGenericType()), where(f.getName()));
        if (shape == null || problems.size() > before) {
            return null;
        }
        boolean walked = !isNative(shape);
        try {
            f.setAccessible(true);
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(f.getDeclaringClass(), MethodHandles.lookup());
            Class<?> returned = f.getType().isPrimitive() && !walked ? f.getType() : Object.class;
            MethodHandle getter = lookup.unreflectGetter(f).asType(MethodType.methodType(returned, Object.class));
            MethodHandle setter = settable ? lookup.unreflectSetter(f)
                    .asType(MethodType.methodType(void.class, Object.class, Object.class)) : null;
            return new Component(f.getName(), index, shape, walked, getter, setter, f);
        } catch (IllegalAccessException | RuntimeException e) {
            problems.add(where(f.getName()) + " is not accessible: " + e.getMessage() + " (expected: the class on the"
                    + " classpath, or its package opened to raftwire with an 'opens' directive)");
            return null;
        }
    }

    /**
     * Whether providers write this shape with their own native layout (the shapes raftwire had before
     * {@link ShapeCodec}, kept byte for byte); every other shape goes through {@link ShapeCodec}.
     */
    private static boolean isNative(Shape s) {
        return switch (s.kind()) {
            case LONG, INT, BOOLEAN -> s.javaType().isPrimitive();
            case STRING, BYTES, LONGS, ENUM, VALUE, POLYMORPHIC -> true;
            case LIST, SET -> (s.javaType() == List.class || s.javaType() == Set.class)
                    && s.element().kind().isElementKind();
            default -> false;
        };
    }

    private Type resolve(Type t) {
        for (int guard = 0; t instanceof TypeVariable<?> v && guard < 32; guard++) {
            Type bound = variables.get(v);
            t = bound != null ? bound : v.getBounds()[0];
        }
        if (t instanceof WildcardType w) {
            return resolve(w.getUpperBounds()[0]);
        }
        return t;
    }

    /** The shape of a declared type, or null after adding a problem. */
    private Shape shape(Type generic, String where) {
        if (generic instanceof GenericArrayType) {
            problems.add(where + " has type " + generic.getTypeName() + ", " + JdkTypes.genericArray().reason());
            return null;
        }
        Class<?> raw = raw(generic);
        if (raw == null) {
            problems.add(where + " has type " + generic.getTypeName() + " (expected: " + SUPPORTED + ")");
            return null;
        }
        JdkTypes.Supported row = JdkTypes.find(raw);
        if (row != null && row.container() == null && row.kind() != Kind.OPTIONAL
                && row.kind() != Kind.POLYMORPHIC) {
            Shape element = row.kind() == Kind.ARRAY ? new Shape(JdkTypes.find(raw.getComponentType()).kind(),
                    raw.getComponentType(), null, null, null) : null;
            return new Shape(row.kind(), raw, null, element, null);
        }
        if (raw.isEnum()) {
            return new Shape(Kind.ENUM, raw, null, null, null);
        }
        if (raw.isArray()) {
            Shape element = shape(raw.getComponentType(), where + " element");
            return element == null ? null : new Shape(Kind.OBJECT_ARRAY, raw, null, element, null);
        }
        if (raw == Optional.class) {
            Shape e = argument(generic, 0, where);
            return e == null ? null : new Shape(Kind.OPTIONAL, raw, null, e, null);
        }
        Container container = row == null ? null : row.container();
        if (container != null) {
            return containerShape(generic, raw, container, where);
        }
        if (raw == Object.class) {
            return new Shape(Kind.POLYMORPHIC, raw, null, null, null);
        }
        String n = raw.getName();
        JdkTypes.Refused refused = JdkTypes.refusalOf(raw);
        if (refused != null) {
            problems.add(where + " has type " + generic.getTypeName() + ", " + refused.reason());
            return null;
        }
        if (n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.")) {
            String fix = java.util.Collection.class.isAssignableFrom(raw) ? "; declare it as List<E>, Set<E> or"
                    + " Collection<E>" : Map.class.isAssignableFrom(raw) ? "; declare it as Map<K, V>" : "";
            problems.add(where + " has type " + generic.getTypeName() + " (expected: " + SUPPORTED + fix + ")");
            return null;
        }
        boolean value = Modifier.isFinal(raw.getModifiers()) && !raw.isInterface();
        return new Shape(value ? Kind.VALUE : Kind.POLYMORPHIC, raw, null, null, null);
    }

    private Shape containerShape(Type generic, Class<?> raw, Container container, String where) {
        if (container.isMap()) {
            Shape key = argument(generic, 0, where + " key");
            Shape value = argument(generic, 1, where + " value");
            if (key == null || value == null) {
                return null;
            }
            if (container.isEnumKeyed() && key.kind() != Kind.ENUM) {
                problems.add(where + " is an EnumMap keyed by " + key + " (expected: an enum key type)");
                return null;
            }
            if (container.isSorted() && !comparable(key)) {
                problems.add(where + " is a sorted map keyed by " + key + " (expected: keys with a natural order,"
                        + " such as String, a number, an enum or a Comparable registered type; or declare it as"
                        + " Map<K, V>)");
                return null;
            }
            return new Shape(Kind.MAP, raw, key, value, container);
        }
        Shape element = argument(generic, 0, where + " element");
        if (element == null) {
            return null;
        }
        if (container.isEnumKeyed() && element.kind() != Kind.ENUM) {
            problems.add(where + " is an EnumSet of " + element + " (expected: an enum element type)");
            return null;
        }
        if (container.isSorted() && !comparable(element)) {
            problems.add(where + " is a sorted set of " + element + " (expected: elements with a natural order, such"
                    + " as String, a number, an enum or a Comparable registered type; or declare it as Set<E>)");
            return null;
        }
        return new Shape(container.isSet() ? Kind.SET : Kind.LIST, raw, null, element, container);
    }

    private static boolean comparable(Shape s) {
        return switch (s.kind()) {
            case LIST, SET, MAP, OPTIONAL, ARRAY, BYTES, LONGS, POLYMORPHIC, OBJECT_ARRAY, ATOMIC_LONG, ATOMIC_INTEGER,
                    ATOMIC_BOOLEAN, NUMBER, CHAR_SEQUENCE -> false;
            case VALUE -> Comparable.class.isAssignableFrom(s.javaType());
            default -> true;
        };
    }

    /** The shape of type argument {@code i}, boxed; or null after adding a problem. */
    private Shape argument(Type generic, int i, String where) {
        if (!(generic instanceof ParameterizedType p)) {
            problems.add(where + " has the raw type " + generic.getTypeName() + " (expected: type arguments, such as"
                    + " List<Long> or Map<String, MemberId>)");
            return null;
        }
        return shape(resolve(p.getActualTypeArguments()[i]), where);
    }

    private Class<?> raw(Type t) {
        t = resolve(t);
        if (t instanceof Class<?> c) {
            return c;
        } else if (t instanceof ParameterizedType p) {
            return (Class<?>) p.getRawType();
        } else if (t instanceof GenericArrayType) {
            return null;
        }
        return null;
    }

    private static MethodHandle spreadConstructor(Constructor<?> ctor) {
        try {
            MethodHandle handle = MethodHandles.privateLookupIn(ctor.getDeclaringClass(), MethodHandles.lookup())
                    .unreflectConstructor(ctor);
            int n = ctor.getParameterCount();
            return handle.asType(MethodType.genericMethodType(n)).asSpreader(Object[].class, n);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(ctor.getDeclaringClass().getName() + " constructor is not accessible", e);
        }
    }

    private String where(String field) {
        return type.getSimpleName() + '.' + field;
    }
}
