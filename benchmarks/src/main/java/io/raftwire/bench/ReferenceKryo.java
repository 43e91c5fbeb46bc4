package io.raftwire.bench;

import java.io.IOException;
import java.io.Serializable;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The reference article's <em>pre-registered Kryo</em> (GitHub {@code hantangwangd/serializerForRaft} at
 * {@code d15e5a0}: its {@code KryoSerializer(true)}, Kryo 4.0.2 with 58 classes registered and pooled
 * Kryo/Output/Input) on its own 32-message set (one instance of each of its 32 request and response creators, made
 * once, as its JMH benchmark does), for {@link CpuTimeRoundTrip} to time beside raftwire's codecs in one JVM.
 *
 * <p>The reference is not part of this repository: its jar and its dependencies are built from its sources by the
 * recipe in benchmarks/README.md into one directory, named by the system property {@code reference.jars}. They are
 * loaded in a class loader of their own whose parent is the platform loader, because Kryo 4 and raftwire's Kryo 5
 * share package and class names. Calls go through method handles (one indirect call per message, negligible against
 * the time a pass of 32 messages takes). Not thread-safe: one thread times it.
 */
final class ReferenceKryo {

    /** The case name on {@link CpuTimeRoundTrip}'s command line. */
    static final String NAME = "reference";

    private static final String PROPERTY = "reference.jars";

    private final MethodHandle encode;
    private final MethodHandle decode;
    private final Object[] messages;
    private final Class<?>[] classes;
    private final byte[][] encoded;

    private ReferenceKryo(MethodHandle encode, MethodHandle decode, Object[] messages) throws Throwable {
        this.encode = encode;
        this.decode = decode;
        this.messages = messages;
        this.classes = new Class<?>[messages.length];
        this.encoded = new byte[messages.length][];
        for (int i = 0; i < messages.length; i++) {
            classes[i] = messages[i].getClass();
            encoded[i] = (byte[]) encode.invokeExact(messages[i]);
            Object back = decode.invokeExact(encoded[i], classes[i]);
            if (back == null || back.getClass() != classes[i]) {
                throw new IllegalStateException("the reference decoded " + classes[i].getName() + " as " + back);
            }
        }
    }

    /**
     * Loads the reference from the jars in the directory the system property {@code reference.jars} names.
     *
     * @throws IllegalArgumentException if the property is missing, names no directory, or the directory has no jar
     */
    static ReferenceKryo load() throws Throwable {
        return load(System.getProperty(PROPERTY));
    }

    /** Loads the reference from the jars in {@code dir}; see {@link #load()}. */
    static ReferenceKryo load(String dir) throws Throwable {
        if (dir == null || !Files.isDirectory(Path.of(dir))) {
            throw new IllegalArgumentException("-D" + PROPERTY + " must name the directory of the reference's jars "
                    + "(built as benchmarks/README.md says), got: " + dir);
        }
        URL[] urls = jars(Path.of(dir));
        ClassLoader loader = new URLClassLoader(urls, ClassLoader.getPlatformClassLoader());
        Class<?> api = Class.forName("com.serializer.MySerializer", true, loader);
        Object serializer = Class.forName("com.serializer.impl.KryoSerializer", true, loader)
                .getConstructor(boolean.class).newInstance(true);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        MethodHandle encode = lookup.findVirtual(api, "encode", MethodType.methodType(byte[].class,
                Serializable.class)).bindTo(serializer).asType(MethodType.methodType(byte[].class, Object.class));
        MethodHandle decode = lookup.findVirtual(api, "decode", MethodType.methodType(Serializable.class,
                byte[].class, Class.class)).bindTo(serializer).asType(MethodType.methodType(Object.class,
                byte[].class, Class.class));
        return new ReferenceKryo(encode, decode, messages(loader));
    }

    /** Number of messages in one pass. */
    int size() {
        return messages.length;
    }

    /** One pass of {@code op} ({@code roundtrip}, {@code encode} or {@code decode}) over the set; returns a sink. */
    long pass(String op) {
        try {
            long sink = 0;
            switch (op) {
                case "encode" -> {
                    for (Object message : messages) {
                        sink += ((byte[]) encode.invokeExact(message)).length;
                    }
                }
                case "decode" -> {
                    for (int i = 0; i < messages.length; i++) {
                        sink += decode.invokeExact(encoded[i], classes[i]) == null ? 0 : 1;
                    }
                }
                default -> {
                    for (int i = 0; i < messages.length; i++) {
                        byte[] bytes = (byte[]) encode.invokeExact(messages[i]);
                        sink += decode.invokeExact(bytes, classes[i]) == null ? 0 : 1;
                    }
                }
            }
            return sink;
        } catch (Throwable t) {
            throw new IllegalStateException("the reference failed", t);
        }
    }

    private static URL[] jars(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> jars = files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
            if (jars.isEmpty()) {
                throw new IllegalArgumentException("no .jar in " + dir + " (expected the reference's jar and its "
                        + "dependencies, built as benchmarks/README.md says)");
            }
            URL[] urls = new URL[jars.size()];
            for (int i = 0; i < urls.length; i++) {
                urls[i] = jars.get(i).toUri().toURL();
            }
            return urls;
        }
    }

    /** One message from each public {@code *RequestCreator} and {@code *ResponseCreator}, in name order. */
    private static Object[] messages(ClassLoader loader) throws ReflectiveOperationException {
        Class<?> creators = Class.forName("com.serializer.raft.creator.RequestResponseCreator", true, loader);
        Class<?>[] nested = creators.getClasses();
        Arrays.sort(nested, Comparator.comparing(Class::getName));
        Object[] out = Arrays.stream(nested)
                .filter(c -> c.getSimpleName().endsWith("RequestCreator") || c.getSimpleName().endsWith("ResponseCreator"))
                .map(ReferenceKryo::create).toArray();
        if (out.length != 32) {
            throw new IllegalStateException("expected the reference's 17 request and 15 response creators, found "
                    + out.length);
        }
        return out;
    }

    private static Object create(Class<?> creator) {
        try {
            Object instance = creator.getField("INSTANCE").get(null);
            return creator.getMethod("create").invoke(instance);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot create a message with " + creator.getName(), e);
        }
    }
}
