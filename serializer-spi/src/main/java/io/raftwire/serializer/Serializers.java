package io.raftwire.serializer;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Finds serializer providers on the class path through {@link ServiceLoader} and creates serializers by name.
 * There is no static singleton: callers hold the {@link Serializer} they create and hand it to the transport.
 */
public final class Serializers {

    private Serializers() {
    }

    /**
     * Every provider visible to the given class loader, sorted by name.
     *
     * @throws SerializationException if two providers share a name or an id, or one has an id outside 1..127
     */
    public static List<SerializerProvider> providers(ClassLoader loader) {
        Map<String, SerializerProvider> byName = new TreeMap<>();
        Map<Integer, SerializerProvider> byId = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (SerializerProvider p : ServiceLoader.load(SerializerProvider.class, loader)) {
            if (p.id() < 1 || p.id() > 127) {
                problems.add(describe(p) + " has id " + p.id() + " (expected: 1..127)");
            }
            SerializerProvider sameName = byName.putIfAbsent(p.name(), p);
            if (sameName != null) {
                problems.add("name '" + p.name() + "' is used by both " + describe(sameName) + " and " + describe(p));
            }
            SerializerProvider sameId = byId.putIfAbsent(p.id(), p);
            if (sameId != null) {
                problems.add("id " + p.id() + " is used by both " + describe(sameId) + " and " + describe(p));
            }
        }
        if (!problems.isEmpty()) {
            throw new SerializationException("conflicting serializer providers on the class path (expected: unique"
                    + " names and ids): " + String.join("; ", problems));
        }
        return List.copyOf(byName.values());
    }

    /** {@link #providers(ClassLoader)} with this class's loader. */
    public static List<SerializerProvider> providers() {
        return providers(Serializers.class.getClassLoader());
    }

    /**
     * The provider with the given name.
     *
     * @throws SerializationException naming the available providers if there is none with that name
     */
    public static SerializerProvider provider(String name) {
        List<SerializerProvider> all = providers();
        for (SerializerProvider p : all) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        throw new SerializationException("unknown serializer '" + name + "' (available: " + names(all) + ")");
    }

    /**
     * Creates the named serializer.
     *
     * @param name     provider name, for example {@code kryo}
     * @param registry the types to support
     * @param options  limits and pooling
     * @return a thread-safe serializer
     * @throws SerializationException if no provider has that name (the message lists those that exist)
     */
    public static Serializer create(String name, TypeRegistry registry, SerializerOptions options) {
        return provider(name).create(registry, options);
    }

    private static String names(List<SerializerProvider> all) {
        return all.isEmpty() ? "none; add serializer-kryo, serializer-protostuff or serializer-jdk to the class path"
                : all.stream().map(SerializerProvider::name).collect(Collectors.joining(", "));
    }

    private static String describe(SerializerProvider p) {
        return p.getClass().getName() + " (" + p.name() + ", id " + p.id() + ')';
    }
}
