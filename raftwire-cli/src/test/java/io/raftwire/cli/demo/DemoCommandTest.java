package io.raftwire.cli.demo;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/** {@code raftwire demo}'s argument checks: nothing is started when they fail. */
@Timeout(30)
class DemoCommandTest {

    @TempDir
    Path dir;

    @Test
    void shouldRefuseADataDirectoryOfASmallerCluster() throws IOException {
        holdState("node-1", "node-2", "node-3");
        Run run = Run.of("demo", "--nodes", "4", "--ops", "300", "--data-dir", dir.toString());
        assertEquals(ExitCodes.USAGE, run.status(), run.err());
        assertEquals(List.of("raftwire demo: --data-dir " + dir + " holds the state of node-1, node-2, node-3, but"
                + " --nodes 4 asks for node-1, node-2, node-3, node-4 (expected: --nodes 3 to go on with that cluster,"
                + " or a new or empty --data-dir) (see 'raftwire demo --help')"), run.errLines());
        assertEquals("", run.out(), "nothing is started");
        assertFalse(Files.exists(dir.resolve("node-4")));
    }

    @Test
    void shouldRefuseADataDirectoryOfALargerCluster() throws IOException {
        holdState("node-1", "node-2", "node-3", "node-4");
        Files.createDirectories(dir.resolve("node-5")); // empty: holds nothing
        Files.writeString(dir.resolve("notes.txt"), "not a member's"); // not a member directory
        Run run = Run.of("demo", "--nodes", "3", "--data-dir", dir.toString());
        assertEquals(ExitCodes.USAGE, run.status(), run.err());
        assertEquals(List.of("raftwire demo: --data-dir " + dir + " holds the state of node-1, node-2, node-3, node-4,"
                + " but --nodes 3 asks for node-1, node-2, node-3 (expected: --nodes 4 to go on with that cluster, or"
                + " a new or empty --data-dir) (see 'raftwire demo --help')"), run.errLines());
        assertEquals("", run.out(), "nothing is started");
    }

    @Test
    void shouldRefuseADataDirectoryWithAGapWithoutSuggestingANodeCount() throws IOException {
        holdState("node-1", "node-3");
        Run run = Run.of("demo", "--data-dir", dir.toString());
        assertEquals(ExitCodes.USAGE, run.status(), run.err());
        assertEquals(List.of("raftwire demo: --data-dir " + dir + " holds the state of node-1, node-3, but --nodes 3"
                + " asks for node-1, node-2, node-3 (expected: a new or empty --data-dir) (see 'raftwire demo"
                + " --help')"), run.errLines());
        assertEquals("", run.out(), "nothing is started");
    }

    /** A --data-dir that is a file was reported as "failed: java.nio.file.FileAlreadyExistsException". */
    @Test
    void shouldRefuseADataDirectoryThatIsAFile() throws IOException {
        Path file = Files.writeString(dir.resolve("passwd"), "not a directory");
        Run run = Run.of("demo", "--data-dir", file.toString());
        assertEquals(ExitCodes.USAGE, run.status(), run.err());
        assertEquals(List.of("raftwire demo: --data-dir " + file + " is a file (expected: a directory, or a path"
                + " where one can be created) (see 'raftwire demo --help')"), run.errLines());
        assertEquals("not a directory", Files.readString(file));
    }

    private void holdState(String... members) throws IOException {
        for (String member : members) {
            Files.createDirectories(dir.resolve(member));
            Files.writeString(dir.resolve(member).resolve("endpoint"), "state");
        }
    }
}
