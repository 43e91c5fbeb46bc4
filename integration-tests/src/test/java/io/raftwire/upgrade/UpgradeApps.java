package io.raftwire.upgrade;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * The two builds of the upgrade test's application: {@code src/test/upgrade-app/v1} and {@code v2}, compiled with the
 * JDK's compiler against the test class path into a temporary directory each (once per JVM), and loaded by one
 * {@link URLClassLoader} each whose parent is the test's class loader. The application's classes are on no other
 * class path, so the two versions of {@code io.raftwire.upgradeapp.Put} are two classes of one name, as in two
 * processes running two builds. Thread-safe.
 */
final class UpgradeApps {

    /** The application's entry class in both trees. */
    static final String APP_CLASS = "io.raftwire.upgradeapp.NotesApp";

    private static final Map<Integer, UpgradeApp> APPS = new ConcurrentHashMap<>();

    private UpgradeApps() {
    }

    /**
     * The application of one version, compiled and loaded on first use.
     *
     * @param version 1 or 2
     * @throws IllegalArgumentException if there is no such version
     * @throws IllegalStateException    if it does not compile (the compiler's messages included) or load
     */
    static UpgradeApp version(int version) {
        return APPS.computeIfAbsent(version, UpgradeApps::load);
    }

    private static UpgradeApp load(int version) {
        Path sources = Path.of("src", "test", "upgrade-app", "v" + version);
        if (!Files.isDirectory(sources)) {
            throw new IllegalArgumentException("no application version " + version + " (expected: a directory "
                    + sources.toAbsolutePath() + ")");
        }
        try {
            Path classes = Files.createTempDirectory("upgrade-app-v" + version + "-");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(classes)));
            compile(sources, classes);
            URLClassLoader loader = new URLClassLoader("upgrade-app-v" + version,
                    new URL[] {classes.toUri().toURL()}, UpgradeApps.class.getClassLoader());
            UpgradeApp app = (UpgradeApp) loader.loadClass(APP_CLASS).getConstructor().newInstance();
            if (app.version() != version) {
                throw new IllegalStateException(sources + " says it is version " + app.version());
            }
            return app;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot load " + APP_CLASS + " of version " + version, e);
        }
    }

    private static void compile(Path sources, Path classes) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler (expected: tests run on a JDK, not a JRE)");
        }
        List<String> args = new ArrayList<>(List.of("--release", "17", "-proc:none", "-Xlint:-options", "-d",
                classes.toString(), "-classpath", testClassPath()));
        try (Stream<Path> files = Files.walk(sources)) {
            files.filter(p -> p.toString().endsWith(".java")).sorted().forEach(p -> args.add(p.toString()));
        }
        ByteArrayOutputStream messages = new ByteArrayOutputStream();
        if (javac.run(null, messages, messages, args.toArray(String[]::new)) != 0) {
            throw new IllegalStateException("compiling " + sources + " failed: "
                    + messages.toString(StandardCharsets.UTF_8));
        }
    }

    /**
     * The test JVM's class path, with the entries of a manifest-only jar (how surefire and failsafe may pass it)
     * spelled out, since the compiler is given paths.
     */
    private static String testClassPath() throws IOException {
        Set<String> entries = new LinkedHashSet<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.isEmpty()) {
                continue;
            }
            entries.add(e);
            if (e.endsWith(".jar") && Files.isRegularFile(Path.of(e))) {
                try (JarFile jar = new JarFile(e)) {
                    Manifest m = jar.getManifest();
                    String cp = m == null ? null : m.getMainAttributes().getValue("Class-Path");
                    if (cp != null) {
                        URL base = Path.of(e).toUri().toURL();
                        for (String ref : cp.trim().split("\\s+")) {
                            entries.add(resolve(base, ref));
                        }
                    }
                }
            }
        }
        return String.join(File.pathSeparator, entries);
    }

    private static String resolve(URL base, String ref) throws MalformedURLException {
        try {
            return Path.of(URI.create(new URL(base, ref).toString())).toString();
        } catch (IllegalArgumentException e) {
            throw new MalformedURLException(ref + " in the class path manifest of " + base + ": " + e.getMessage());
        }
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }
}
