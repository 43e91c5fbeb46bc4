package io.raftwire.program;

import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.ConfigSource;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.transport.netty.NettyTransportFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution {@code mvn package} builds, {@code raftwire-cli/target/raftwire-<version>.tar.gz}, unpacked with
 * {@code tar} as a user would: its launcher runs the program from anywhere (directly and through a symlink), and its
 * example configurations are a mutual-TLS cluster whose TLS files are those {@code raftwire certs} writes; under
 * {@code -Plong}, its demo logs no WARN.
 */
class DistributionIT {

    private static final String VERSION = RaftwireCommand.VersionProvider.version();
    private static final Path TARBALL = Path.of(System.getProperty("basedir", "."), "..", "raftwire-cli", "target",
            "raftwire-" + VERSION + ".tar.gz").normalize();

    @TempDir
    Path dir;

    record Exit(int status, String out, String err) {
    }

    private Exit run(Path workingDirectory, String... command) throws Exception {
        return run(workingDirectory, 30, command);
    }

    private Exit run(Path workingDirectory, int timeoutSeconds, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(workingDirectory.toFile());
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove("RAFTWIRE_JAVA_OPTS");
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not end within " + timeoutSeconds + " s");
        }
        return new Exit(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    @Timeout(90)
    void theTarballUnpacksToALauncherThatRunsTheProgramAndToAMutualTlsClusterConfiguration() throws Exception {
        Path home = unpack();
        assertEquals(Set.of("bin/raftwire", "lib/raftwire.jar", "conf/node-1.properties", "conf/node-2.properties",
                "conf/node-3.properties", "conf/client.properties", "conf/raftwire.service"), files(home));
        assertEquals("rwxr-xr-x", PosixFilePermissions.toString(Files.getPosixFilePermissions(home.resolve(
                "bin/raftwire"))));

        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Exit version = run(elsewhere, home.resolve("bin/raftwire").toString(), "--version");
        assertEquals(0, version.status(), version.err());
        assertEquals("raftwire " + VERSION, version.out().lines().findFirst().orElse(""), version.out());
        Path link = Files.createSymbolicLink(elsewhere.resolve("raftwire"), home.resolve("bin/raftwire"));
        Exit throughLink = run(elsewhere, link.toString(), "--version");
        assertEquals(0, throughLink.status(), throughLink.err());
        assertEquals(version.out(), throughLink.out());

        String cluster = config(home.resolve("conf/client.properties")).get(ConfigKeys.CLUSTER_ID);
        for (int n = 1; n <= 3; n++) {
            RaftwireConfig node = config(home.resolve("conf/node-" + n + ".properties"));
            assertEquals("node-" + n, node.get(ConfigKeys.NODE_ID));
            assertEquals(cluster, node.get(ConfigKeys.CLUSTER_ID));
            assertTrue(node.get(ConfigKeys.TLS_ENABLED));
            assertEquals(List.of("certs/member-node-" + n + ".crt", "certs/member-node-" + n + ".key", "certs/ca.crt"),
                    List.of(node.get(ConfigKeys.TLS_CERTIFICATE_FILE), node.get(ConfigKeys.TLS_PRIVATE_KEY_FILE),
                            node.get(ConfigKeys.TLS_TRUST_FILE)), "the files raftwire certs member writes");
        }
        String unit = Files.readString(home.resolve("conf/raftwire.service"));
        for (String line : List.of("User=raftwire", "Restart=on-failure", "LimitNOFILE=65536",
                "ExecStart=/opt/raftwire/bin/raftwire node --config /etc/raftwire/node.properties")) {
            assertTrue(unit.lines().anyMatch(line::equals), "the unit has " + line);
        }
    }

    /**
     * The installed program's demo is quiet: no WARN at all (plaintext on loopback is its choice, the killed leader
     * its doing), and with {@code -v} one INFO line says it runs plaintext, while no transport warns about it.
     */
    @Test
    @Tag("long") // runs the demo twice in JVMs of its own
    @Timeout(300)
    void theInstalledDemoLogsNoWarningAndSaysOnceThatItRunsPlaintext() throws Exception {
        Path home = unpack();
        String launcher = home.resolve("bin/raftwire").toString();
        Exit quiet = run(dir, 120, launcher, "demo", "--ops", "1000", "--clients", "2", "--progress", "none");
        assertEquals(0, quiet.status(), quiet.err());
        assertTrue(quiet.out().startsWith("raftwire demo: 3 members on 127.0.0.1 (plaintext, loopback only)"),
                quiet.out());
        assertTrue(quiet.out().contains("state machines  EQUAL on all 3 members"), quiet.out());
        assertEquals(List.of(), quiet.err().lines().toList(), "nothing on stderr");

        Exit verbose = run(dir, 120, launcher, "-v", "demo", "--ops", "1000", "--clients", "2", "--progress", "none",
                "--no-kill");
        assertEquals(0, verbose.status(), verbose.err());
        List<String> plaintext = verbose.err().lines().filter(l -> l.contains("plaintext")).toList();
        assertEquals(1, plaintext.stream().filter(l -> l.contains(" INFO DemoCommand - raftwire demo: every member"
                + " and client runs in this process on 127.0.0.1, in plaintext")).count(), plaintext::toString);
        assertTrue(plaintext.stream().noneMatch(l -> l.contains(" WARN ")), plaintext::toString);
    }

    /** The tarball unpacked with {@code tar} into this test's directory: the installation's directory. */
    private Path unpack() throws Exception {
        assertTrue(Files.isRegularFile(TARBALL), "missing " + TARBALL + " (expected: built by mvn package in"
                + " raftwire-cli)");
        Exit untar = run(dir, "tar", "-xzf", TARBALL.toString());
        assertEquals(0, untar.status(), untar.err());
        return dir.resolve("raftwire-" + VERSION);
    }

    private static RaftwireConfig config(Path file) {
        return RaftwireConfig.load(NettyTransportFactory.installedSerializers(),
                List.of(ConfigSource.fromProperties(file)));
    }

    private static Set<String> files(Path home) throws IOException {
        try (Stream<Path> all = Files.walk(home)) {
            return all.filter(Files::isRegularFile).map(p -> home.relativize(p).toString())
                    .collect(Collectors.toSet());
        }
    }
}
