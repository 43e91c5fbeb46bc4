package io.raftwire.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference case refuses a missing or empty jar directory with a message that says what to build. */
class ReferenceKryoTest {

    @Test
    void aMissingDirectoryIsRefusedNamingThePropertyAndTheRecipe() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ReferenceKryo.load(null));
        assertEquals("-Dreference.jars must name the directory of the reference's jars (built as benchmarks/README.md"
                + " says), got: null", e.getMessage());
    }

    @Test
    void aDirectoryWithoutJarsIsRefusedSayingWhatItShouldHold(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("README.txt"), "not a jar");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ReferenceKryo.load(dir.toString()));
        assertEquals("no .jar in " + dir + " (expected the reference's jar and its dependencies, built as"
                + " benchmarks/README.md says)", e.getMessage());
    }
}
