package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConfigSourceTest {

    @TempDir
    Path dir;

    @Test
    void shouldLetSystemPropertiesOverrideTheFileAndEnvironmentOverrideBoth() throws IOException {
        Path file = write("node.properties",
                "raftwire.serializer = protostuff",
                "raftwire.transport.io-threads = 2",
                "raftwire.transport.max-frame-bytes = 2048");
        ConfigSource system = ConfigSource.fromMap("system properties", Map.of(
                "raftwire.transport.io-threads", "3",
                "raftwire.transport.max-frame-bytes", "4096"));
        ConfigSource environment = ConfigSource.environment(Map.of("RAFTWIRE_TRANSPORT_MAX_FRAME_BYTES", "8192"));

        RaftwireConfig config = RaftwireConfig.load(ConfigSource.fromProperties(file), system, environment);

        assertEquals("protostuff", config.get(ConfigKeys.SERIALIZER));
        assertEquals(3, config.get(ConfigKeys.TRANSPORT_IO_THREADS));
        assertEquals(8192, config.get(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES));
        assertEquals(5000, config.get(ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS));
        assertEquals(Optional.of("file " + file), config.origin(ConfigKeys.SERIALIZER));
        assertEquals(Optional.of("system properties"), config.origin(ConfigKeys.TRANSPORT_IO_THREADS));
        assertEquals(Optional.of("environment variable RAFTWIRE_TRANSPORT_MAX_FRAME_BYTES"),
                config.origin(ConfigKeys.TRANSPORT_MAX_FRAME_BYTES));
        assertEquals(Optional.empty(), config.origin(ConfigKeys.TRANSPORT_REQUEST_TIMEOUT_MS));
    }

    @Test
    void shouldValidateOnlyTheValueThatWins() throws IOException {
        Path file = write("node.properties", "raftwire.transport.io-threads = lots");
        RaftwireConfig config = RaftwireConfig.load(ConfigSource.fromProperties(file),
                ConfigSource.environment(Map.of("RAFTWIRE_TRANSPORT_IO_THREADS", "4")));
        assertEquals(4, config.get(ConfigKeys.TRANSPORT_IO_THREADS));
    }

    @Test
    void shouldNameTheEnvironmentVariableThatSetABadValue() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.load(
                ConfigSource.environment(Map.of("RAFTWIRE_TRANSPORT_NATIVE", "kqueue"))));
        assertEquals("raftwire.transport.native = kqueue (expected: one of nio, epoll, auto)"
                + " [environment variable RAFTWIRE_TRANSPORT_NATIVE]", e.getMessage());
    }

    @Test
    void shouldSuggestTheNearestKeyForAnUnknownKeyInAFile() throws IOException {
        Path file = write("node.properties", "raftwire.transport.max-frame-byte = 10", "raftwire.Serializer = jdk");
        ConfigException e = assertThrows(ConfigException.class,
                () -> RaftwireConfig.load(ConfigSource.fromProperties(file)));
        assertEquals(List.of(
                "raftwire.transport.max-frame-byte = 10 (unknown key; did you mean raftwire.transport.max-frame-bytes?)"
                        + " [file " + file + "]",
                "raftwire.Serializer = jdk (unknown key; did you mean raftwire.serializer?) [file " + file + "]"),
                List.of(e.getMessage().split("\n")));
    }

    @Test
    void shouldSuggestTheNearestVariableForAnUnknownEnvironmentVariable() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.load(ConfigSource.environment(
                Map.of("RAFTWIRE_PEER", "n2=127.0.0.1:7102", "PATH", "/usr/bin", "RAFTWIREX", "ignored"))));
        assertEquals("RAFTWIRE_PEER = n2=127.0.0.1:7102 (unknown key; did you mean RAFTWIRE_PEERS?) [environment]",
                e.getMessage());
    }

    @Test
    void shouldIgnoreEntriesOutsideTheRaftwirePrefix() {
        ConfigSource source = ConfigSource.fromMap("map", Map.of("java.version", "17", "raftwirex.a", "1",
                "app.raftwire.serializer", "x", "raftwire.serializer", "jdk"));
        assertEquals(Map.of("raftwire.serializer", "jdk"), source.entries());
        assertEquals("jdk", RaftwireConfig.load(source).get(ConfigKeys.SERIALIZER));
    }

    @Test
    void shouldReportAMisspeltPrefixWithTheNearestKey() throws IOException {
        Path file = write("node.properties", "raftwrie.serializer = jdk", "raftwire_transport.io-threads = 2",
                "java.version = 17");
        ConfigException e = assertThrows(ConfigException.class,
                () -> RaftwireConfig.load(ConfigSource.fromProperties(file)));
        assertEquals(List.of(
                "raftwrie.serializer = jdk (unknown key; did you mean raftwire.serializer?) [file " + file + "]",
                "raftwire_transport.io-threads = 2 (unknown key; did you mean raftwire.transport.io-threads?)"
                        + " [file " + file + "]",
                "java.version = 17 (unknown key; a config file holds raftwire keys only, each beginning raftwire.)"
                        + " [file " + file + "]"),
                List.of(e.getMessage().split("\n")));
        assertEquals(Map.of(), ConfigSource.fromProperties(file).entries(), "a near miss is never applied");
    }

    @Test
    void shouldReportAMisspeltEnvironmentPrefixWithTheNearestVariable() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.load(ConfigSource.environment(
                Map.of("RAFTWIR_PEERS", "n2=127.0.0.1:7102"))));
        assertEquals("RAFTWIR_PEERS = n2=127.0.0.1:7102 (unknown key; did you mean RAFTWIRE_PEERS?) [environment]",
                e.getMessage());
    }

    @Test
    void shouldTakeAtMostTwoEditsOnTheWholeKeyForANearMiss() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> RaftwireConfig.of(Map.of("xxftwire.peers", "two edits")));
        assertEquals("xxftwire.peers = two edits (unknown key; did you mean raftwire.peers?) [map]", e.getMessage());
        assertEquals("raftwire", RaftwireConfig.of(Map.of("xxxtwire.peers", "three edits")).get(ConfigKeys.CLUSTER_ID));
    }

    @Test
    void shouldNotTakeOtherSoftwaresNamesForNearMisses() {
        Map<String, String> properties = Map.of("java.version", "17", "java.vm.specification.vendor", "Oracle",
                "user.dir", "/tmp", "raft.peers", "a=b:1", "app.raftwire.serializer", "x", "raftwirex.a", "1",
                "io.netty.leakDetection.level", "paranoid", "file.encoding", "UTF-8");
        assertEquals("kryo", RaftwireConfig.load(ConfigSource.fromMap("map", properties)).get(ConfigKeys.SERIALIZER));
        Map<String, String> environment = Map.of("PATH", "/usr/bin", "HOME", "/root", "JAVA_HOME", "/opt/jdk",
                "MAVEN_OPTS", "-Xmx1g", "RAFTWIREX", "ignored", "RAFT_PEERS", "a=b:1", "LANG", "C.UTF-8");
        assertEquals("kryo", RaftwireConfig.load(ConfigSource.environment(environment)).get(ConfigKeys.SERIALIZER));
    }

    @Test
    void shouldFindNoNearMissAmongThisJvmsSystemPropertiesAndEnvironment() {
        for (ConfigSource source : List.of(ConfigSource.systemProperties(), ConfigSource.environment())) {
            String prefix = source.name().equals("environment") ? "RAFTWIRE_" : "raftwire.";
            for (ConfigViolation v : source.unknownKeys(ConfigKeys.all())) {
                assertTrue(v.key().regionMatches(true, 0, prefix, 0, prefix.length()), v.toString());
            }
        }
    }

    @Test
    void shouldReportAKeyWrittenTwiceInOneFile() throws IOException {
        Path file = write("node.properties", "raftwire.serializer = kryo", "raftwire.serializer = jdk");
        ConfigException e = assertThrows(ConfigException.class,
                () -> RaftwireConfig.load(ConfigSource.fromProperties(file)));
        assertEquals("raftwire.serializer = jdk (expected: one line per key; also set to kryo) [file " + file + "]",
                e.getMessage());
    }

    @Test
    void shouldReportEveryKindOfProblemFromEveryLayerTogether() throws IOException {
        Path file = write("node.properties", "raftwire.transport.io-threads = 0", "raftwire.peer = a=b:1");
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.load(
                ConfigSource.fromProperties(file),
                ConfigSource.fromMap("system properties", Map.of("raftwire.serializer", "Kryo")),
                ConfigSource.environment(Map.of("RAFTWIRE_SERIALIZR", "jdk"))));
        assertEquals(4, e.violations().size(), e.getMessage());
        assertEquals(List.of("raftwire.serializer", "raftwire.transport.io-threads", "raftwire.peer",
                "RAFTWIRE_SERIALIZR"), e.violations().stream().map(ConfigViolation::key).toList());
    }

    @Test
    void shouldReadUtf8AndPropertiesSyntax() throws IOException {
        Path file = write("node.properties",
                "# commentaire: évité",
                "! another comment",
                "raftwire.cluster.id:caf\u00e9-free",
                "raftwire.peers = n2=127.0.0.1:7102,\\",
                "                 n3=127.0.0.1:7103   ");
        ConfigException e = assertThrows(ConfigException.class,
                () -> RaftwireConfig.load(ConfigSource.fromProperties(file)));
        assertEquals("raftwire.cluster.id = caf\u00e9-free (expected: an id matching [a-z0-9][a-z0-9._-]{0,63})"
                + " [file " + file + "]", e.getMessage());
        assertEquals("n2=127.0.0.1:7102,n3=127.0.0.1:7103",
                ConfigSource.fromProperties(file).entries().get("raftwire.peers"));
    }

    @Test
    void shouldFailClearlyWhenTheFileCannotBeRead() throws IOException {
        Path missing = dir.resolve("missing.properties");
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.fromFile(missing));
        assertEquals("cannot read config file " + missing + ": no such file (expected: a readable properties file in"
                + " UTF-8)", e.getMessage());
        assertInstanceOf(NoSuchFileException.class, e.getCause());
        assertEquals(List.of(), e.violations());
        e = assertThrows(ConfigException.class, () -> RaftwireConfig.fromFile(dir));
        assertEquals("cannot read config file " + dir + ": it is a directory (expected: a readable properties file"
                + " in UTF-8)", e.getMessage());
        Path latin1 = dir.resolve("latin1.properties");
        Files.write(latin1, "raftwire.cluster.id = caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        e = assertThrows(ConfigException.class, () -> RaftwireConfig.fromFile(latin1));
        assertEquals("cannot read config file " + latin1 + ": it is not valid UTF-8 (expected: a readable properties"
                + " file in UTF-8)", e.getMessage());
    }

    /** A file saved "with BOM" reads as without; a key outside the prefix in a file is reported, not ignored. */
    @Test
    void shouldSkipAByteOrderMarkAndRefuseKeysOutsideThePrefixInAFile() throws IOException {
        Path bom = dir.resolve("bom.properties");
        Files.writeString(bom, "\uFEFFraftwire.cluster.id = solo\n");
        assertEquals("solo", RaftwireConfig.fromFile(bom).get(ConfigKeys.CLUSTER_ID));
        Path foreign = dir.resolve("foreign.properties");
        Files.writeString(foreign, "tls.enabled = false\nlog.level = debug\nraftwire.cluster.id = solo\n");
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.fromFile(foreign));
        assertEquals(List.of("tls.enabled", "log.level"), e.violations().stream().map(ConfigViolation::key)
                .toList());
        assertTrue(e.getMessage().contains("tls.enabled = false (unknown key; did you mean raftwire.tls.enabled?)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("log.level = debug (unknown key; a config file holds raftwire keys only,"
                + " each beginning raftwire.)"), e.getMessage());
    }

    /** The launcher's RAFTWIRE_JAVA_OPTS is not a key; the codec path is one, from any source. */
    @Test
    void shouldIgnoreTheLauncherVariableAndTakeTheCodecPathAsAKey() {
        RaftwireConfig config = RaftwireConfig.load(ConfigSource.environment(Map.of("RAFTWIRE_JAVA_OPTS", "-Xmx1g",
                "RAFTWIRE_SERIALIZER_CODEC_PATH", "walk")));
        assertEquals("walk", config.get(ConfigKeys.SERIALIZER_CODEC_PATH));
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.load(ConfigSource.fromMap(
                "command line", Map.of("raftwire.serializer.codec-path", "fast"))));
        assertTrue(e.getMessage().startsWith("raftwire.serializer.codec-path = fast (expected: generated or walk"),
                e.getMessage());
    }

    @Test
    void shouldSnapshotSystemPropertiesWhenAsked() {
        String key = "raftwire.transport.flush-consolidation-limit";
        System.setProperty(key, "17");
        ConfigSource snapshot;
        try {
            snapshot = ConfigSource.systemProperties();
        } finally {
            System.clearProperty(key);
        }
        assertEquals(Optional.of("17"), snapshot.get(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION_LIMIT));
        assertEquals(17, RaftwireConfig.load(snapshot).get(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION_LIMIT));
        assertEquals(Optional.empty(),
                ConfigSource.systemProperties().get(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION_LIMIT));
    }

    @Test
    void shouldPickTheClosestCandidateIgnoringCase() {
        List<String> candidates = List.of("raftwire.peers", "raftwire.node.id", "raftwire.node.address");
        assertEquals("raftwire.node.id", ConfigSource.nearest("raftwire.node.di", candidates));
        assertEquals("raftwire.node.address", ConfigSource.nearest("RAFTWIRE.NODE.ADRESS", candidates));
        assertEquals("raftwire.peers", ConfigSource.nearest("raftwire.peer", candidates));
    }

    private Path write(String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), List.of(lines), StandardCharsets.UTF_8);
    }
}
