package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shipped examples under {@code examples/config} (beside this module) are valid, commented, differ only where
 * they say they do, and the cluster files describe one consistent cluster. Surefire runs tests in the module
 * directory, so the examples are at {@code ../examples/config}.
 */
class ExampleFilesTest {

    private static final Path EXAMPLES = Paths.get("").toAbsolutePath().resolveSibling("examples").resolve("config");
    private static final List<String> SERIALIZERS = List.of("kryo", "protostuff", "jdk", "fory");

    @Test
    void shouldLoadEveryExampleFileWithoutViolations() throws IOException {
        List<Path> files = exampleFiles();
        assertEquals(11, files.size(), files.toString()); // 4 single-node, 3 cluster, 3 mTLS members, 1 mTLS client
        for (Path file : files) {
            RaftwireConfig.load(ConfigSource.fromProperties(file));
        }
    }

    @Test
    void shouldCommentEveryLineThatSetsAKey() throws IOException {
        for (Path file : exampleFiles()) {
            String previous = "";
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith("raftwire.")) {
                    assertTrue(previous.startsWith("#"), file.getFileName() + ": no comment above " + line);
                }
                if (!line.isBlank()) {
                    previous = line;
                }
            }
        }
    }

    @Test
    void shouldDifferOnlyInTheSerializerLineBetweenSingleNodeFiles() throws IOException {
        for (String serializer : SERIALIZERS) {
            Path file = EXAMPLES.resolve(serializer + ".properties");
            for (String other : SERIALIZERS) {
                if (!other.equals(serializer)) {
                    assertEquals(Set.of("raftwire.serializer"), differingKeys(Files.readAllLines(file),
                            Files.readAllLines(EXAMPLES.resolve(other + ".properties"))), serializer + " vs " + other);
                }
            }
            RaftwireConfig config = RaftwireConfig.load(ConfigSource.fromProperties(file));
            assertEquals(serializer, config.get(ConfigKeys.SERIALIZER));
            assertEquals(List.of(), config.get(ConfigKeys.PEERS));
        }
    }

    @Test
    void shouldDescribeOneConsistentLoopbackClusterInTheClusterFiles() throws IOException {
        Map<String, RaftwireConfig> nodes = new TreeMap<>();
        for (int n = 1; n <= 3; n++) {
            nodes.put("node-" + n, RaftwireConfig.load(ConfigSource.fromProperties(cluster(n))));
        }
        Set<HostPort> addresses = new HashSet<>();
        for (Map.Entry<String, RaftwireConfig> node : nodes.entrySet()) {
            RaftwireConfig config = node.getValue();
            int n = Integer.parseInt(node.getKey().substring("node-".length()));
            assertEquals(node.getKey(), config.get(ConfigKeys.NODE_ID));
            assertEquals(new HostPort("127.0.0.1", 7100 + n), config.get(ConfigKeys.NODE_ADDRESS));
            assertTrue(addresses.add(config.get(ConfigKeys.NODE_ADDRESS)));
            assertEquals(nodes.get("node-1").get(ConfigKeys.CLUSTER_ID), config.get(ConfigKeys.CLUSTER_ID));
            assertEquals(nodes.get("node-1").get(ConfigKeys.SERIALIZER), config.get(ConfigKeys.SERIALIZER));
            Set<PeerAddress> expectedPeers = nodes.entrySet().stream()
                    .filter(other -> !other.getKey().equals(node.getKey()))
                    .map(other -> new PeerAddress(other.getKey(), other.getValue().get(ConfigKeys.NODE_ADDRESS)))
                    .collect(Collectors.toSet());
            assertEquals(expectedPeers, Set.copyOf(config.get(ConfigKeys.PEERS)), node.getKey());
            assertEquals(2, config.get(ConfigKeys.PEERS).size());
        }
    }

    @Test
    void shouldDifferOnlyInIdentityLinesBetweenClusterFiles() throws IOException {
        List<String> first = Files.readAllLines(cluster(1));
        for (int n = 2; n <= 3; n++) {
            assertEquals(Set.of("raftwire.node.id", "raftwire.node.address", "raftwire.node.client-address",
                    "raftwire.node.data-dir", "raftwire.peers"),
                    differingKeys(first, Files.readAllLines(cluster(n))), "node-" + n);
        }
    }

    /** Keys of the lines that differ; fails if a differing line is not a key line or the line counts differ. */
    private static Set<String> differingKeys(List<String> a, List<String> b) {
        assertEquals(a.size(), b.size(), "line count");
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).equals(b.get(i))) {
                String key = keyOf(a.get(i));
                assertFalse(key.isEmpty(), "line " + (i + 1) + " differs but sets no key: " + a.get(i));
                assertEquals(key, keyOf(b.get(i)), "line " + (i + 1));
                keys.add(key);
            }
        }
        return keys;
    }

    private static String keyOf(String line) {
        int equals = line.indexOf('=');
        return line.startsWith("raftwire.") && equals > 0 ? line.substring(0, equals).trim() : "";
    }

    private static Path cluster(int n) {
        return EXAMPLES.resolve("cluster").resolve("node-" + n + ".properties");
    }

    private static List<Path> exampleFiles() throws IOException {
        assertTrue(Files.isDirectory(EXAMPLES), "no example directory " + EXAMPLES);
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(EXAMPLES)) {
            walk.filter(path -> path.toString().endsWith(".properties")).sorted().forEach(files::add);
        }
        return files;
    }
}
