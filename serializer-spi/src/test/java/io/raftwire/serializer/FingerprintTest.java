package io.raftwire.serializer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two nodes whose registries would read each other's bytes differently must see different fingerprints. The case
 * that matters is one class name, registered under one id, in two versions: each version is compiled here from source
 * and loaded by its own class loader, so both registries name exactly the same classes and only their shape differs.
 */
class FingerprintTest {

    private static final int ID = 1024;

    @TempDir
    Path dir;

    @Test
    void sameSourceGivesTheSameFingerprintInAnyClassLoader() {
        String shape = "public record Shape(long a, String b) {}";
        assertEquals(fingerprint("v1", Map.of("Shape", shape)), fingerprint("v2", Map.of("Shape", shape)));
    }

    @Test
    void reorderedComponentsChangeTheFingerprint() {
        assertNotEquals(fingerprint("v1", Map.of("Shape", "public record Shape(long a, String b) {}")),
                fingerprint("v2", Map.of("Shape", "public record Shape(String b, long a) {}")));
    }

    @Test
    void retypedComponentsChangeTheFingerprint() {
        long before = fingerprint("v1", Map.of("Shape", "public record Shape(long a, String b) {}"));
        assertNotEquals(before, fingerprint("v2", Map.of("Shape", "public record Shape(int a, String b) {}")));
        assertNotEquals(before, fingerprint("v3", Map.of("Shape", "public record Shape(long a, byte[] b) {}")));
    }

    /** An enum travels as its ordinal: reordering its constants silently swaps values unless the digest sees them. */
    @Test
    void reorderedEnumConstantsChangeTheFingerprint() {
        String paint = "public record Paint(Color color, java.util.List<Color> palette) {}";
        long before = fingerprint("v1", Map.of("Paint", paint, "Color", "public enum Color { RED, GREEN }"));
        assertEquals(before, fingerprint("v2", Map.of("Paint", paint, "Color", "public enum Color { RED, GREEN }")));
        assertNotEquals(before, fingerprint("v3", Map.of("Paint", paint,
                "Color", "public enum Color { GREEN, RED }")));
        assertNotEquals(before, fingerprint("v4", Map.of("Paint", paint,
                "Color", "public enum Color { RED, BLUE, GREEN }")));
    }

    @Test
    void reorderedEnumConstantsOfACollectionElementChangeTheFingerprint() {
        String palette = "public record Palette(java.util.Set<Color> colors) {}";
        assertNotEquals(
                fingerprint("v1", Map.of("Palette", palette, "Color", "public enum Color { RED, GREEN }")),
                fingerprint("v2", Map.of("Palette", palette, "Color", "public enum Color { GREEN, RED }")));
    }

    /**
     * Compiles {@code sources} (simple name to declaration, in package {@code fp}) into their own directory, loads them
     * with a new class loader, registers the first record as {@value #ID} and returns the registry fingerprint.
     */
    private long fingerprint(String version, Map<String, String> sources) {
        try {
            Path src = Files.createDirectories(dir.resolve(version).resolve("src").resolve("fp"));
            Path classes = Files.createDirectories(dir.resolve(version).resolve("classes"));
            List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "--release", "17"));
            String record = null;
            for (Map.Entry<String, String> e : sources.entrySet()) {
                Path file = src.resolve(e.getKey() + ".java");
                Files.writeString(file, "package fp;\n" + e.getValue() + "\n");
                args.add(file.toString());
                if (e.getValue().contains("record")) {
                    record = e.getKey();
                }
            }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            assertNotNull(javac, "tests need a JDK (javax.tools compiler), not a JRE");
            assertEquals(0, javac.run(null, null, null, args.toArray(new String[0])), "javac failed: " + sources);
            try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                    FingerprintTest.class.getClassLoader())) {
                return TypeRegistry.builder().register(ID, loader.loadClass("fp." + record)).build().fingerprint();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
    }
}
