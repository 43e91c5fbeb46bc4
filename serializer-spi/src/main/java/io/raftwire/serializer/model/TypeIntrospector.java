package io.raftwire.serializer.model;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Derives a {@link TypeModel} from a class by the one rule every registered type follows: a record, or a final class
 * with exactly one public constructor whose parameters (compiled with {@code -parameters}) each have a private final
 * field of the same name and type. Refusals say which rule failed and how to fix it.
 */
final class TypeIntrospector {

    private static final String RULE = " (expected: a record, or a final class with exactly one public constructor"
            + " whose parameters each have a same-named final field)";

    private TypeIntrospector() {
    }

    static TypeModel introspect(int id, Class<?> type) {
        int mod = type.getModifiers();
        if (type.isInterface() || type.isEnum() || type.isArray() || type.isPrimitive() || Modifier.isAbstract(mod)
                || !Modifier.isFinal(mod) || !Modifier.isPublic(mod)) {
            throw new IllegalArgumentException(type.getName() + " is not a public final class or record" + RULE);
        }
        Constructor<?> ctor = canonicalConstructor(type);
        Parameter[] params = ctor.getParameters();
        String[] names = parameterNames(type, params);
        List<Component> components = new ArrayList<>(params.length);
        for (int i = 0; i < params.length; i++) {
            components.add(component(type, names[i], i, params[i].getType(), params[i].getParameterizedType()));
        }
        return new TypeModel(id, type, components, spreadConstructor(type, ctor));
    }

    private static Constructor<?> canonicalConstructor(Class<?> type) {
        if (type.isRecord()) {
            Class<?>[] types = Arrays.stream(type.getRecordComponents()).map(RecordComponent::getType)
                    .toArray(Class<?>[]::new);
            try {
                return type.getDeclaredConstructor(types);
            } catch (NoSuchMethodException e) {
                throw new IllegalArgumentException(type.getName() + " has no canonical constructor" + RULE, e);
            }
        }
        Constructor<?>[] ctors = type.getConstructors();
        if (ctors.length != 1) {
            throw new IllegalArgumentException(type.getName() + " has " + ctors.length + " public constructors" + RULE);
        }
        return ctors[0];
    }

    private static String[] parameterNames(Class<?> type, Parameter[] params) {
        if (type.isRecord()) {
            return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toArray(String[]::new);
        }
        String[] names = new String[params.length];
        for (int i = 0; i < params.length; i++) {
            if (!params[i].isNamePresent()) {
                throw new IllegalArgumentException(type.getName() + " was compiled without parameter names"
                        + " (expected: javac -parameters, or make it a record)");
            }
            names[i] = params[i].getName();
        }
        return names;
    }

    private static Component component(Class<?> owner, String name, int index, Class<?> raw, Type generic) {
        Kind kind = kindOf(raw);
        Kind elementKind = null;
        Class<?> elementType = null;
        if (kind == Kind.LIST || kind == Kind.SET) {
            elementType = elementClass(owner, name, generic);
            elementKind = kindOf(elementType);
            if (!elementKind.isElementKind()) {
                throw new IllegalArgumentException(where(owner, name) + " has elements of type "
                        + elementType.getName() + " (expected: String, an enum, or a registered type)");
            }
        }
        if (kind == null) {
            throw new IllegalArgumentException(where(owner, name) + " has type " + generic.getTypeName()
                    + " (expected: long, int, boolean, String, byte[], long[], an enum, a registered type,"
                    + " List<E> or Set<E>)");
        }
        return new Component(name, index, kind, raw, elementKind, elementType, getter(owner, name, raw, kind));
    }

    private static Kind kindOf(Class<?> raw) {
        if (raw == long.class) {
            return Kind.LONG;
        } else if (raw == int.class) {
            return Kind.INT;
        } else if (raw == boolean.class) {
            return Kind.BOOLEAN;
        } else if (raw == String.class) {
            return Kind.STRING;
        } else if (raw == byte[].class) {
            return Kind.BYTES;
        } else if (raw == long[].class) {
            return Kind.LONGS;
        } else if (raw.isEnum()) {
            return Kind.ENUM;
        } else if (raw == List.class) {
            return Kind.LIST;
        } else if (raw == Set.class) {
            return Kind.SET;
        } else if (raw == Object.class) {
            return Kind.POLYMORPHIC; // any registered type; its id travels with it
        } else if (raw.isPrimitive() || raw.isArray() || raw.getName().startsWith("java.")) {
            return null;
        }
        return Modifier.isFinal(raw.getModifiers()) && !raw.isInterface() ? Kind.VALUE : Kind.POLYMORPHIC;
    }

    private static Class<?> elementClass(Class<?> owner, String name, Type generic) {
        if (generic instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> c) {
            return c;
        }
        throw new IllegalArgumentException(where(owner, name) + " has type " + generic.getTypeName()
                + " (expected: a collection with a concrete element class, such as List<MemberId>)");
    }

    private static MethodHandle getter(Class<?> owner, String name, Class<?> raw, Kind kind) {
        Field field = findField(owner, name);
        if (field == null || field.getType() != raw || Modifier.isStatic(field.getModifiers())) {
            throw new IllegalArgumentException(where(owner, name) + " has no instance field '" + name + "' of type "
                    + raw.getSimpleName() + RULE);
        }
        Class<?> returned = kind == Kind.LONG || kind == Kind.INT || kind == Kind.BOOLEAN ? raw : Object.class;
        try {
            MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(field.getDeclaringClass(),
                    MethodHandles.lookup());
            return lookup.unreflectGetter(field).asType(MethodType.methodType(returned, Object.class));
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException(where(owner, name) + " is not readable; open the package of "
                    + owner.getName() + " to raftwire (expected: classpath or an 'opens' directive)", e);
        }
    }

    private static Field findField(Class<?> type, String name) {
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name)) {
                    return f;
                }
            }
        }
        return null;
    }

    private static MethodHandle spreadConstructor(Class<?> type, Constructor<?> ctor) {
        try {
            MethodHandle handle = Modifier.isPublic(ctor.getModifiers())
                    ? MethodHandles.publicLookup().unreflectConstructor(ctor)
                    : MethodHandles.privateLookupIn(type, MethodHandles.lookup()).unreflectConstructor(ctor);
            int n = ctor.getParameterCount();
            return handle.asType(MethodType.genericMethodType(n)).asSpreader(Object[].class, n);
        } catch (IllegalAccessException e) {
            throw new IllegalArgumentException(type.getName() + " constructor is not accessible" + RULE, e);
        }
    }

    private static String where(Class<?> owner, String name) {
        return owner.getSimpleName() + '.' + name;
    }
}
