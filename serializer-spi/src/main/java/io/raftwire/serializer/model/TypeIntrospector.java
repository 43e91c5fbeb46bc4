package io.raftwire.serializer.model;

import io.raftwire.message.MessageType;
import io.raftwire.serializer.DecodeThrough;

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
 *   <li><b>Through the constructor</b>: a record (its canonical constructor), a constructor marked
 *       {@link DecodeThrough}, or a final class with exactly one public constructor whose parameters (compiled with
 *       {@code -parameters}) are, by name and type, exactly its final non-transient instance fields and which
 *       {@link ConstructorCheck} shows to store them unchanged. Components are the parameters, in order; decoding
 *       runs the constructor.</li>
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
        Decoding decoding = decoding(fields);
        if (problems.size() > before) {
            return null;
        }
        Constructor<?> ctor = decoding.constructor();
        List<Component> components = new ArrayList<>();
        if (ctor != null) {
            Parameter[] params = ctor.getParameters();
            String[] names = type.isRecord() && ctor.equals(canonical())
                    ? Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toArray(String[]::new)
                    : Arrays.stream(params).map(Parameter::getName).toArray(String[]::new);
            for (int i = 0; i < params.length; i++) {
                Field f = field(fields, names[i]);
                Component c = component(f, i, false);
                if (c != null) {
                    components.add(c);
                }
            }
            return problems.size() > before ? null
                    : TypeModel.throughConstructor(id, type, components, spreadConstructor(ctor), ctor,
                            decoding.note());
        }
        List<Field> order = decoding.order() != null ? decoding.order() : fields;
        for (int i = 0; i < order.size(); i++) {
            Component c = component(order.get(i), i, true);
            if (c != null) {
                components.add(c);
            }
        }
        if (problems.size() > before) {
            return null;
        }
        try {
            return TypeModel.fieldByField(id, type, components, OBJENESIS.getInstantiatorOf(type), decoding.note());
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

    /**
     * How a type is built on decode: through {@code constructor}, or field by field when it is null. {@code note} says
     * why a constructor is not used, or that a record's canonical constructor is checked on every decode.
     */
    private record Decoding(Constructor<?> constructor, String note, List<Field> order) {
        Decoding(Constructor<?> constructor, String note) {
            this(constructor, note, null);
        }
    }

    /**
     * Chooses the constructor to decode through, if any: one marked {@link DecodeThrough}; a record's canonical
     * constructor; or a final class's one public constructor covering every field. Unless marked (or one of raftwire's
     * own types, below {@link MessageType#FIRST_USER_ID}: the catalog and the Raft engine's model, whose
     * constructors only check and copy), the
     * constructor is used unchecked only if {@link ConstructorCheck} shows it stores each argument unchanged; a
     * record's canonical constructor that it cannot show that of is still used (a record cannot be built any other
     * way) but checked on every decode ({@link TypeModel#instantiate}), and a class's is not used.
     */
    private Decoding decoding(List<Field> fields) {
        int before = problems.size();
        Constructor<?> marked = markedConstructor(fields);
        if (marked != null || problems.size() > before) {
            return new Decoding(marked, null);
        }
        boolean trusted = id < MessageType.FIRST_USER_ID;
        if (type.isRecord()) {
            Constructor<?> canonical = canonical();
            String why = trusted ? null : ConstructorCheck.whyNotIdentity(canonical, recordFields(fields));
            return new Decoding(canonical, why == null ? null : "its canonical constructor is not shown to store its"
                    + " arguments unchanged (" + why + "), so every decode checks that the constructed components"
                    + " equal the decoded ones");
        }
        Constructor<?>[] ctors = type.getConstructors();
        if (!Modifier.isFinal(type.getModifiers()) || ctors.length != 1 || fields.isEmpty()) {
            return new Decoding(null, null);
        }
        List<Field> covered = covered(ctors[0], fields);
        if (covered == null) {
            return new Decoding(null, null);
        }
        String why = null;
        if (!trusted) {
            for (Field f : covered) {
                if (!Modifier.isFinal(f.getModifiers())) {
                    why = "field '" + f.getName() + "' is not final, so the constructor need not store it on every"
                            + " path";
                    break;
                }
            }
            why = why != null ? why : ConstructorCheck.whyNotIdentity(ctors[0], covered);
        }
        // built field by field, but its components keep the constructor's parameter order (the wire layout does
        // not depend on what the check decides)
        return why == null ? new Decoding(ctors[0], null) : new Decoding(null, "decoded field by field, not"
                + " through its constructor: " + why, covered);
    }

    /** The constructor marked {@link DecodeThrough}, or null (adding a problem if the mark is misplaced). */
    private Constructor<?> markedConstructor(List<Field> fields) {
        List<Constructor<?>> marked = new ArrayList<>();
        for (Constructor<?> c : type.getDeclaredConstructors()) {
            if (c.isAnnotationPresent(DecodeThrough.class)) {
                marked.add(c);
            }
        }
        if (marked.isEmpty()) {
            return null;
        }
        if (marked.size() > 1) {
            problems.add(type.getName() + " marks " + marked.size() + " constructors @DecodeThrough (expected: at"
                    + " most one; remove the mark from all but one)");
            return null;
        }
        Constructor<?> c = marked.get(0);
        if (covered(c, fields) == null && !c.equals(type.isRecord() ? canonical() : null)) {
            problems.add(type.getName() + " marks a @DecodeThrough constructor with parameters "
                    + Arrays.stream(c.getParameters()).map(p -> p.getType().getSimpleName() + " " + p.getName())
                    .toList() + ", which are not exactly its fields " + fields.stream()
                    .map(f -> f.getType().getSimpleName() + " " + f.getName()).toList() + " (expected: one parameter"
                    + " per non-transient instance field, same name and type; compile with -parameters)");
            return null;
        }
        return c;
    }

    private Constructor<?> canonical() {
        Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType)
                .toArray(Class<?>[]::new);
        try {
            return type.getDeclaredConstructor(types);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(type.getName() + " has no canonical constructor", e);
        }
    }

    private List<Field> recordFields(List<Field> fields) {
        return Arrays.stream(type.getRecordComponents()).map(r -> field(fields, r.getName())).toList();
    }

    /** The fields a constructor's parameters stand for, in parameter order, or null if they are not exactly them. */
    private static List<Field> covered(Constructor<?> c, List<Field> fields) {
        if (c.getParameterCount() != fields.size()) {
            return null;
        }
        List<Field> covered = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Parameter p : c.getParameters()) {
            Field f = p.isNamePresent() ? field(fields, p.getName()) : null;
            if (f == null || f.getType() != p.getType() || !seen.add(p.getName())) {
                return null;
            }
            covered.add(f);
        }
        return covered;
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
            problems.add(where + " has type " + generic.getTypeName() + ", " + JdkTypes.GENERIC_ARRAY.reason());
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
