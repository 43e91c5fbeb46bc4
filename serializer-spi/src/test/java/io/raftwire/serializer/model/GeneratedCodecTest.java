package io.raftwire.serializer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.contract.Fixtures;

import java.io.IOException;
import java.io.InputStream;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The generated codec of each registered type against the model it replaces: the same component values, the same
 * instances, the same refusals; and the walk left in place where the code cannot be generated.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GeneratedCodecTest {

    private final TypeRegistry registry = Fixtures.registry();

    @Test
    void readsEveryComponentAsTheModelDoes() {
        for (Object value : Fixtures.values()) {
            TypeModel model = registry.find(value.getClass());
            GeneratedCodec codec = model.generated();
            assertNotNull(codec, model.notGeneratedReason());
            for (Component c : model.components()) {
                String where = model.name() + "." + c.name();
                if (!c.walked() && c.rawType() == long.class) {
                    assertEquals(c.getLong(value), codec.getLong(value, c.index()), where);
                } else if (!c.walked() && c.rawType() == int.class) {
                    assertEquals(c.getInt(value), codec.getInt(value, c.index()), where);
                } else if (!c.walked() && c.rawType() == boolean.class) {
                    assertEquals(c.getBoolean(value), codec.getBoolean(value, c.index()), where);
                } else {
                    assertTrue(c.get(value) == codec.get(value, c.index()) || c.rawType().isPrimitive()
                            && c.get(value).equals(codec.get(value, c.index())), where + ": not the field's value");
                }
            }
        }
    }

    @Test
    void buildsTheSameInstanceFromTheSameArguments() {
        for (Object value : Fixtures.values()) {
            TypeModel model = registry.find(value.getClass());
            assertEquals(model.instantiate(arguments(model, value)), model.generated().instantiate(arguments(model,
                    value)), model.name());
        }
    }

    @Test
    void aTypedGetterAskedForAnotherComponentFailsNamingIt() {
        TypeModel model = registry.find(Fixtures.values().get(0).getClass());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> model.generated().getLong(Fixtures.values().get(0), model.size()));
        assertEquals(model.name() + " has no component " + model.size() + " readable by getLong (expected: a"
                + " component of that type)", e.getMessage());
    }

    @Test
    void refusesWhatTheConstructorRefusesWithItsOwnException() {
        for (Object value : Fixtures.values()) {
            TypeModel model = registry.find(value.getClass());
            if (!model.throughConstructor() || model.size() == 0 || model.component(0).rawType().isPrimitive()) {
                continue;
            }
            Object[] args = arguments(model, value);
            args[0] = null;
            String walked = refusal(() -> model.instantiate(args.clone()));
            String generated = refusal(() -> model.generated().instantiate(args.clone()));
            assertEquals(walked, generated, model.name() + " with a null first component");
        }
    }

    @Test
    void leavesATypeItCannotReachToTheWalkAndSaysWhy() throws Exception {
        TypeModel model = walkedModel(1);
        assertNull(model.generated());
        assertTrue(model.notGeneratedReason().contains("class loader does not see raftwire's GeneratedCodec"),
                model.notGeneratedReason());
        Object value = model.instantiate(new Object[] {7L});
        assertEquals(7L, model.component(0).getLong(value));
    }

    @Test
    void readsAPrivateSuperclassFieldThroughAReaderAndWalksATypeWhoseSuperclassIsInAnotherLoader() throws Exception {
        SortedMap<Integer, Class<?>> types = new TreeMap<>();
        types.put(1, SubOfPrivateBase.class);
        TypeModel model = TypeModels.build(types).get(0);
        assertNotNull(model.generated(), model.notGeneratedReason());
        SubOfPrivateBase value = new SubOfPrivateBase(-3L, 4L);
        assertEquals(-3L, model.generated().getLong(value, index(model, "base")), "the base's field");
        assertEquals(4L, model.generated().getLong(value, index(model, "own")), "the type's own field");

        ClassLoader bases = new IsolatingLoader(PrivateBase.class.getName());
        ClassLoader subs = new ClassLoader(GeneratedCodecTest.class.getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (name.equals(PrivateBase.class.getName())) {
                    return bases.loadClass(name);
                }
                if (name.equals(SubOfPrivateBase.class.getName())) {
                    synchronized (getClassLoadingLock(name)) {
                        Class<?> loaded = findLoadedClass(name);
                        if (loaded == null) {
                            byte[] bytes = IsolatingLoader.classFile(name);
                            loaded = defineClass(name, bytes, 0, bytes.length);
                        }
                        return loaded;
                    }
                }
                return super.loadClass(name, resolve);
            }
        };
        types.put(1, subs.loadClass(SubOfPrivateBase.class.getName()));
        TypeModel split = TypeModels.build(types).get(0);
        assertNull(split.generated(), "no private access to a superclass in another loader's module");
        assertTrue(split.notGeneratedReason().contains("could not be generated, so it is walked")
                && split.notGeneratedReason().contains("IllegalAccessException"), split.notGeneratedReason());
        Object other = split.instantiate(new Object[] {-3L, 4L});
        assertEquals(-3L, split.component(index(split, "base")).getLong(other), "the walk reads the base's field");
        assertEquals(4L, split.component(index(split, "own")).getLong(other), "and the type's own");
    }

    /**
     * The model, under {@code id}, of a record whose class loader cannot see raftwire: walked, with no generated codec
     * (for other tests of this package).
     */
    static TypeModel walkedModel(int id) throws ClassNotFoundException {
        Class<?> isolated = new IsolatingLoader().loadClass(Lonely.class.getName());
        SortedMap<Integer, Class<?>> types = new TreeMap<>();
        types.put(id, isolated);
        return TypeModels.build(types).get(0);
    }

    private static int index(TypeModel model, String component) {
        return model.components().stream().filter(c -> c.name().equals(component)).findFirst().orElseThrow().index();
    }

    private static Object[] arguments(TypeModel model, Object value) {
        Object[] args = new Object[model.size()];
        for (Component c : model.components()) {
            Object v = !c.walked() && c.rawType() == long.class ? c.getLong(value)
                    : !c.walked() && c.rawType() == int.class ? c.getInt(value)
                    : !c.walked() && c.rawType() == boolean.class ? c.getBoolean(value) : c.get(value);
            args[c.index()] = v;
        }
        return args;
    }

    private static String refusal(Runnable r) {
        try {
            r.run();
            return "accepted";
        } catch (RuntimeException e) {
            return e.getClass().getName() + ": " + e.getMessage();
        }
    }

    /** A record only the platform loader's classes can see. */
    record Lonely(long value) {
    }

    /**
     * Defines this test class and its nested classes (or only the class named) again from their class files, in a
     * loader whose parent is the platform loader: raftwire's classes are invisible from them.
     */
    private static final class IsolatingLoader extends ClassLoader {

        private final String prefix;

        IsolatingLoader() {
            this(GeneratedCodecTest.class.getName());
        }

        IsolatingLoader(String prefix) {
            super(ClassLoader.getPlatformClassLoader());
            this.prefix = prefix;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            if (!name.startsWith(prefix)) {
                throw new ClassNotFoundException(name);
            }
            byte[] bytes = classFile(name);
            return defineClass(name, bytes, 0, bytes.length);
        }

        /** The class file of {@code name}, from this test's class path. */
        static byte[] classFile(String name) throws ClassNotFoundException {
            String resource = name.replace('.', '/') + ".class";
            try (InputStream in = GeneratedCodecTest.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new ClassNotFoundException(name);
                }
                return in.readAllBytes();
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }
}

/** A constructor-shaped subclass of {@link PrivateBase}. */
final class SubOfPrivateBase extends PrivateBase {
    private final long own;

    public SubOfPrivateBase(long base, long own) {
        super(base);
        this.own = own;
    }

    public long own() {
        return own;
    }
}
