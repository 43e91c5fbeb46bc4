package io.raftwire.node.store;

import io.raftwire.node.level.FeatureLevels;
import io.raftwire.serializer.schema.SchemaCodec;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A registrable record whose schema is longer than {@link FeatureLevels#MAX_SCHEMA_BYTES}: one component of an enum
 * whose 300 constants have names of 3,900 characters (a schema lists an enum's constants by name, each at most
 * {@link SchemaCodec#MAX_STRING} bytes). No source file could hold it readably, so it is compiled once, at run time.
 */
final class BigSchema {

    private static final int CONSTANTS = 300;
    private static final int NAME_LENGTH = 3_900;

    private BigSchema() {
    }

    /** The record {@code big.Huge(big.Wide w)}, compiled into {@code dir}. */
    static Class<?> type(Path dir) throws IOException, ClassNotFoundException {
        Path src = Files.createDirectories(dir.resolve("big"));
        StringBuilder constants = new StringBuilder();
        String filler = "x".repeat(NAME_LENGTH - 5);
        for (int i = 0; i < CONSTANTS; i++) {
            constants.append(i == 0 ? "" : ",\n").append(String.format("C%04d", i)).append(filler);
        }
        Files.writeString(src.resolve("Wide.java"), "package big;\npublic enum Wide {\n" + constants + "\n}\n");
        Files.writeString(src.resolve("Huge.java"), "package big;\npublic record Huge(Wide w) { }\n");
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = javac.run(null, null, err, "--release", "17", "-d", dir.toString(),
                src.resolve("Wide.java").toString(), src.resolve("Huge.java").toString());
        if (rc != 0) {
            throw new IllegalStateException("javac exit " + rc + ": " + err);
        }
        URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()},
                BigSchema.class.getClassLoader());
        return Class.forName("big.Huge", true, loader);
    }
}
