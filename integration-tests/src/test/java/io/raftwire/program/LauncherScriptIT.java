package io.raftwire.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository's {@code raftwire} launcher, run by {@code sh} against a stand-in {@code java} that reports a chosen
 * version and records the arguments it was started with: which JVM options the script adds, and when.
 */
@Tag("long") // starts JVMs of its own: runs in the long profile (mvn -B -ntp verify -Plong)
class LauncherScriptIT {

    private static final Path SCRIPT = Path.of(System.getProperty("basedir", "."), "..", "raftwire").normalize();
    private static final String ALLOW = "--sun-misc-unsafe-memory-access=allow";

    @TempDir
    Path dir;

    record Launch(int status, String err, List<String> javaArgs) {
    }

    /** Copies the script into a repository layout of its own, with an empty jar where the build puts the real one. */
    private Path repository(boolean withJar) throws IOException {
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.copy(SCRIPT, repo.resolve("raftwire"));
        if (withJar) {
            Files.createFile(Files.createDirectories(repo.resolve("raftwire-cli/target")).resolve("raftwire.jar"));
        }
        return repo.toRealPath();
    }

    /** A JAVA_HOME whose bin/java prints {@code versionLine} for -version and otherwise writes its arguments. */
    private Path javaHome(String versionLine) throws IOException {
        return javaHome(0, versionLine);
    }

    /**
     * A JAVA_HOME whose bin/java prints {@code versionLines} (none, one, or several as a real JVM does when it picks
     * up options from the environment) on stderr for -version and exits with {@code versionStatus}, and otherwise
     * writes its arguments.
     */
    private Path javaHome(int versionStatus, String... versionLines) throws IOException {
        Path bin = Files.createDirectories(Files.createTempDirectory(dir, "jdk").resolve("bin"));
        Path java = bin.resolve("java");
        StringBuilder lines = new StringBuilder();
        for (String line : versionLines) {
            lines.append(" '").append(line).append('\'');
        }
        Files.writeString(java, "#!/bin/sh\n"
                + "if [ \"$1\" = -version ]; then "
                + (versionLines.length > 0 ? "printf '%s\\n'" + lines + " >&2; " : "")
                + "exit " + versionStatus + "; fi\n"
                + "printf '%s\\n' \"$@\" > \"$ARGS_FILE\"\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return bin.getParent();
    }

    private Launch launch(Path repo, Path javaHome, String javaOpts) throws Exception {
        return launch(repo, javaHome, javaOpts, Map.of());
    }

    /** Runs the launcher with {@code extraEnv} set, and none of the JVM's own option variables unless set there. */
    private Launch launch(Path repo, Path javaHome, String javaOpts, Map<String, String> extraEnv) throws Exception {
        Path args = dir.resolve("args");
        Files.deleteIfExists(args);
        ProcessBuilder pb = new ProcessBuilder("sh", repo.resolve("raftwire").toString(), "node", "--config",
                "a b.conf");
        Map<String, String> env = pb.environment();
        env.put("JAVA_HOME", javaHome.toString());
        env.put("ARGS_FILE", args.toString());
        env.remove("RAFTWIRE_JAVA_OPTS");
        env.remove("JDK_JAVA_OPTIONS");
        env.remove("JAVA_TOOL_OPTIONS");
        if (javaOpts != null) {
            env.put("RAFTWIRE_JAVA_OPTS", javaOpts);
        }
        env.putAll(extraEnv);
        Process p = pb.redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(20, TimeUnit.SECONDS), "the launcher ended");
        List<String> javaArgs = Files.exists(args) ? Files.readAllLines(args, StandardCharsets.UTF_8) : List.of();
        return new Launch(p.exitValue(), err, javaArgs);
    }

    private static List<String> jarAndArguments(Path repo) {
        return List.of("-jar", repo.resolve("raftwire-cli/target/raftwire.jar").toString(), "node", "--config",
                "a b.conf");
    }

    @Test
    @Timeout(60)
    void onJava25TheScriptAllowsUnsafeMemoryAccessSoNettyKeepsItsFastDirectBufferPath() throws Exception {
        Path repo = repository(true);
        Launch l = launch(repo, javaHome("openjdk version \"25.0.3\" 2026-04-21 LTS"), null);
        assertEquals(0, l.status(), l.err());
        assertEquals(ALLOW, l.javaArgs().get(0), "the option comes first, before the user's: " + l.javaArgs());
        assertEquals(jarAndArguments(repo), l.javaArgs().subList(1, l.javaArgs().size()),
                "the program's arguments pass unchanged, a space inside one included");
    }

    @Test
    @Timeout(60)
    void java24TooButNotOlderJvmsWhereAllowIsTheDefaultOrTheOptionUnknown() throws Exception {
        Path repo = repository(true);
        assertEquals(ALLOW, launch(repo, javaHome("openjdk version \"24\" 2025-03-18"), null).javaArgs().get(0));
        assertEquals(ALLOW, launch(repo, javaHome("openjdk version \"26-ea\" 2026-03-17"), null).javaArgs().get(0),
                "an early-access build");
        assertEquals(ALLOW, launch(repo, javaHome("Picked up JAVA_TOOL_OPTIONS: -Dx=\"7\"\nopenjdk version \"25\""
                + " 2025-09-16"), null).javaArgs().get(0), "the version line, not a line the JVM prints before it");
        for (String older : List.of("openjdk version \"17.0.15\" 2025-04-15", "openjdk version \"23.0.2\" 2025-01-21",
                "java version \"1.8.0_402\"")) {
            Launch l = launch(repo, javaHome(older), null);
            assertEquals(0, l.status(), l.err());
            assertEquals(jarAndArguments(repo), l.javaArgs(), "no option added for " + older);
        }
    }

    /**
     * Besides JAVA_TOOL_OPTIONS's notice, a JVM prints "NOTE: Picked up JDK_JAVA_OPTIONS: ..." or "Picked up
     * _JAVA_OPTIONS: ..." before its version line (as Temurin 25 does), and a quote and digit in such a notice is not
     * the version; the version line is found among the lines a real JVM prints after it, too.
     */
    @Test
    @Timeout(60)
    void theVersionIsFoundAfterTheOtherNoticesAJvmPrintsWhenItPicksUpOptions() throws Exception {
        Path repo = repository(true);
        for (String[] output : List.of(
                new String[] {"NOTE: Picked up JDK_JAVA_OPTIONS: -Xss1m", "openjdk version \"25\" 2025-09-16"},
                new String[] {"Picked up _JAVA_OPTIONS: -Dx=\"1\"", "java version \"24.0.2\" 2025-07-15"},
                new String[] {"openjdk version \"26-ea\" 2026-03-17", "OpenJDK Runtime Environment (build 26-ea+5)"})) {
            Launch l = launch(repo, javaHome(0, output), null);
            assertEquals(0, l.status(), l.err());
            assertEquals(ALLOW, l.javaArgs().get(0), "the option is added for " + List.of(output) + ": "
                    + l.javaArgs());
            assertEquals(jarAndArguments(repo), l.javaArgs().subList(1, l.javaArgs().size()));
        }
    }

    /**
     * A java whose -version fails or prints nothing recognisable does not stop the script under its {@code set -e}:
     * the program is still started, without the option, and the JVM itself says what is wrong.
     */
    @Test
    @Timeout(60)
    void aJavaWhoseVersionCannotBeReadIsStillStartedWithoutTheOption() throws Exception {
        Path repo = repository(true);
        for (Path javaHome : List.of(javaHome(1), javaHome(1, "Error: something"), javaHome(0, "25"))) {
            Launch l = launch(repo, javaHome, null);
            assertEquals(0, l.status(), l.err());
            assertEquals(jarAndArguments(repo), l.javaArgs(), "started, without the option");
        }
    }

    @Test
    @Timeout(60)
    void theUsersOwnSettingOfTheOptionWins() throws Exception {
        Path repo = repository(true);
        Launch l = launch(repo, javaHome("openjdk version \"25.0.3\" 2026-04-21 LTS"),
                "-Xmx1g --sun-misc-unsafe-memory-access=warn");
        assertEquals(0, l.status(), l.err());
        assertFalse(l.javaArgs().contains(ALLOW), l.javaArgs().toString());
        assertEquals(List.of("-Xmx1g", "--sun-misc-unsafe-memory-access=warn"), l.javaArgs().subList(0, 2));
    }

    /**
     * The JVM reads JDK_JAVA_OPTIONS and JAVA_TOOL_OPTIONS before its command line, so an option the script added there
     * would override the user's setting in them (on Temurin 25, JDK_JAVA_OPTIONS=...=warn with ...=allow on the command
     * line runs with Unsafe): the script leaves the option to the user there too.
     */
    @Test
    @Timeout(60)
    void theUsersSettingInTheJvmsOwnEnvironmentVariablesIsNotOverridden() throws Exception {
        Path repo = repository(true);
        Path java25 = javaHome("openjdk version \"25.0.3\" 2026-04-21 LTS");
        for (String variable : List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS")) {
            Launch l = launch(repo, java25, null, Map.of(variable, "-Xss1m --sun-misc-unsafe-memory-access=warn"));
            assertEquals(0, l.status(), l.err());
            assertEquals(jarAndArguments(repo), l.javaArgs(), "no option added over " + variable + "'s");
        }
        Launch other = launch(repo, java25, null, Map.of("JDK_JAVA_OPTIONS", "-Xss1m"));
        assertEquals(ALLOW, other.javaArgs().get(0), "added when those variables do not set it: " + other.javaArgs());
    }

    @Test
    @Timeout(60)
    void anUnbuiltRepositoryIsNamedWithTheCommandThatBuildsIt() throws Exception {
        Path repo = repository(false);
        Launch l = launch(repo, javaHome("openjdk version \"17.0.15\" 2025-04-15"), null);
        assertEquals(1, l.status());
        assertTrue(l.err().contains(repo.resolve("raftwire-cli/target/raftwire.jar") + " has not been built"), l.err());
        assertTrue(l.err().contains("mvn -B -ntp -q -DskipTests package"), l.err());
        assertTrue(l.javaArgs().isEmpty(), "java was not started");
    }
}
