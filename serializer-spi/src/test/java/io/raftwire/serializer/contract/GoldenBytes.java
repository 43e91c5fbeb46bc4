package io.raftwire.serializer.contract;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;

/**
 * Committed payload bytes, one file per (provider, fixture), under the provider module's
 * {@code src/test/resources/golden/<provider>/}. A mismatch means the wire format changed: nodes on the old and the
 * new build can no longer talk. If the change is deliberate, bump the provider's format version, regenerate with
 * {@code mvn -pl <module> test -Dgolden.regenerate=true}, and say why in the commit. Regeneration prints every file
 * it creates, changes or deletes; a golden file no fixture reads fails the comparison.
 */
public final class GoldenBytes {

    /** System property that turns comparison into regeneration. */
    public static final String REGENERATE = "golden.regenerate";

    private static final int LINE = 64;

    private final Path dir;

    /** @param provider the provider name; files live in {@code src/test/resources/golden/<provider>} */
    public GoldenBytes(String provider) {
        this.dir = Path.of("src", "test", "resources", "golden", provider);
    }

    /** Whether this run rewrites the files instead of comparing. */
    public static boolean regenerating() {
        return Boolean.getBoolean(REGENERATE);
    }

    /** The file for a fixture name. */
    public Path file(String name) {
        return dir.resolve(name + ".hex");
    }

    /**
     * Writes {@code bytes} as the golden copy of {@code name}.
     *
     * @return what changed, for the regeneration report: {@code created}, {@code changed (a -> b bytes)} or
     *         {@code null} if the file already held these bytes
     */
    public String write(String name, byte[] bytes) {
        byte[] before = read(name);
        if (before != null && java.util.Arrays.equals(before, bytes)) {
            return null;
        }
        try {
            Files.createDirectories(dir);
            Files.writeString(file(name), toHex(bytes), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return before == null ? "created" : "changed (" + before.length + " -> " + bytes.length + " bytes)";
    }

    /** The fixture names of every golden file present, sorted. */
    public java.util.SortedSet<String> names() {
        java.util.SortedSet<String> names = new java.util.TreeSet<>();
        if (!Files.isDirectory(dir)) {
            return names;
        }
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".hex"))
                    .forEach(n -> names.add(n.substring(0, n.length() - ".hex".length())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** Deletes the golden copy of {@code name}. */
    public void delete(String name) {
        try {
            Files.deleteIfExists(file(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads the golden copy of {@code name}, or {@code null} if there is none. */
    public byte[] read(String name) {
        Path f = file(name);
        if (!Files.exists(f)) {
            return null;
        }
        try {
            return HexFormat.of().parseHex(Files.readString(f, StandardCharsets.US_ASCII).replaceAll("\\s", ""));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String toHex(byte[] bytes) {
        String hex = HexFormat.of().formatHex(bytes);
        StringBuilder out = new StringBuilder(hex.length() + hex.length() / LINE + 1);
        for (int i = 0; i < hex.length(); i += LINE) {
            out.append(hex, i, Math.min(hex.length(), i + LINE)).append('\n');
        }
        return out.toString();
    }
}
