package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RaftwireConfigTest {

    private static final Set<String> INSTALLED = Set.of("protostuff", "kryo", "jdk");

    /** The key table shared with transport-netty (name | default text), copied from the contract, in its order. */
    private static final String CONTRACT = String.join("\n",
            "raftwire.cluster.id | raftwire",
            "raftwire.node.id | node-1",
            "raftwire.node.address | 127.0.0.1:0",
            "raftwire.peers | ",
            "raftwire.serializer | kryo",
            "raftwire.serializer.accept | ",
            "raftwire.serializer.codec-path | generated",
            "raftwire.transport.max-connections | 1024",
            "raftwire.serializer.max-depth | 64",
            "raftwire.serializer.max-elements | 16777216",
            "raftwire.serializer.buffer-bytes | 4096",
            "raftwire.serializer.max-pooled-buffer-bytes | 1048576",
            "raftwire.serializer.max-payload-bytes | 16776192",
            "raftwire.transport.max-frame-bytes | 16777216",
            "raftwire.transport.connect-timeout-ms | 1000",
            "raftwire.transport.handshake-timeout-ms | 2000",
            "raftwire.transport.request-timeout-ms | 5000",
            "raftwire.transport.reconnect-initial-backoff-ms | 50",
            "raftwire.transport.reconnect-max-backoff-ms | 2000",
            "raftwire.transport.reconnect-backoff-multiplier | 1.6",
            "raftwire.transport.reconnect-jitter | 0.2",
            "raftwire.transport.idle-timeout-ms | 3000",
            "raftwire.transport.write-buffer-low-bytes | 32768",
            "raftwire.transport.write-buffer-high-bytes | 131072",
            "raftwire.transport.max-pending-requests | 4096",
            "raftwire.transport.flush-consolidation | true",
            "raftwire.transport.flush-consolidation-limit | 256",
            "raftwire.transport.bulk-threshold-bytes | 65536",
            "raftwire.transport.io-threads | 1",
            "raftwire.transport.native | auto",
            "raftwire.transport.max-unauthenticated-connections | 64",
            "raftwire.transport.max-unauthenticated-per-address | 8",
            "raftwire.transport.reserved-member-slots | 16",
            "raftwire.transport.handshake-rate | 50",
            "raftwire.transport.handshake-rate-per-address | 10",
            "raftwire.transport.max-requests-in-flight | 256",
            "raftwire.transport.max-inbound-buffer-bytes | 67108864",
            "raftwire.transport.accept-any-member | false",
            "raftwire.transport.capture-file | ",
            "raftwire.tls.enabled | true",
            "raftwire.security.plaintext-admin | false",
            "raftwire.tls.certificate-file | ",
            "raftwire.tls.private-key-file | ",
            "raftwire.tls.trust-file | ",
            "raftwire.tls.provider | jdk",
            "raftwire.node.data-dir | ",
            "raftwire.node.client-address | 127.0.0.1:0",
            "raftwire.groups | 1",
            "raftwire.node.raft-threads | 0",
            "raftwire.node.sync-threads | 1",
            "raftwire.raft.initial-members | ",
            "raftwire.raft.election-timeout-ms | 1000",
            "raftwire.raft.heartbeat-period-secs | 1",
            "raftwire.raft.heartbeat-timeout-secs | 5",
            "raftwire.raft.heartbeat-interval-ms | 100",
            "raftwire.raft.leader-timeout-ms | 1000",
            "raftwire.raft.append-batch-size | 50",
            "raftwire.raft.snapshot-interval | 50000",
            "raftwire.raft.max-pending-entries | 5000",
            "raftwire.upgrade.auto-raise | true",
            "raftwire.upgrade.check-interval-ms | 1000",
            "raftwire.metrics.port | -1",
            "raftwire.metrics.bind | 127.0.0.1");

    @Test
    void shouldDeclareExactlyTheContractKeysWithTheirDefaults() {
        Map<String, String> expected = new LinkedHashMap<>();
        for (String line : CONTRACT.split("\n")) {
            String[] parts = line.split("\\|", -1);
            expected.put(parts[0].trim(), parts[1].trim());
        }
        Map<String, String> actual = new LinkedHashMap<>();
        for (ConfigKey<?> key : ConfigKeys.all()) {
            actual.put(key.name(), defaultText(key));
        }
        assertEquals(Map.copyOf(expected), Map.copyOf(actual));
    }

    @Test
    void shouldEnforceTheContractBoundariesOfEachNumericKey() {
        assertBoundaries("raftwire.serializer.max-depth", "2", "256", "1", "257");
        assertBoundaries("raftwire.metrics.port", "-1", "65535", "-2", "65536");
        assertBoundaries(Map.of("raftwire.transport.max-inbound-buffer-bytes", "1073741824"),
                "raftwire.transport.max-frame-bytes", "1024", "1073741824", "1023", "1073741825");
        assertBoundaries("raftwire.transport.max-unauthenticated-connections", "1", "65536", "0", "65537");
        assertBoundaries(Map.of("raftwire.transport.max-frame-bytes", "1024"),
                "raftwire.transport.max-inbound-buffer-bytes", "1024", "1073741824", "1023", "1073741825");
        assertBoundaries("raftwire.transport.connect-timeout-ms", "1", "60000", "0", "60001");
        assertBoundaries("raftwire.transport.request-timeout-ms", "1", "3600000", "0", "3600001");
        assertBoundaries("raftwire.transport.reconnect-backoff-multiplier", "1.0", "10.0", "0.999", "10.001");
        assertBoundaries("raftwire.transport.reconnect-jitter", "0.0", "1.0", "-0.1", "1.1");
        assertBoundaries("raftwire.transport.idle-timeout-ms", "0", "3600000", "-1", "3600001");
        assertBoundaries("raftwire.transport.idle-timeout-ms", "100", "100", "99", "1");
        assertBoundaries("raftwire.transport.max-pending-requests", "1", "1048576", "0", "1048577");
        assertBoundaries("raftwire.transport.flush-consolidation-limit", "1", "65536", "0", "65537");
        assertBoundaries("raftwire.transport.bulk-threshold-bytes", "256", "1073741824", "255", "1073741825");
        assertBoundaries("raftwire.transport.io-threads", "1", "64", "0", "65");
        assertBoundaries("raftwire.serializer.buffer-bytes", "256", "256", "255", "-1");
        assertBoundaries("raftwire.serializer.max-elements", "1", "2147483647", "0", "-5");
        assertBoundaries("raftwire.upgrade.check-interval-ms", "10", "3600000", "9", "3600001");
    }

    @Test
    void shouldReportEveryViolationAtOnceOnePerLine() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("raftwire.transport.max-frame-bytes", "12");
        values.put("raftwire.transport.io-threads", "many");
        values.put("raftwire.node.id", "Node 1");
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(values));
        assertEquals(List.of(
                "raftwire.node.id = Node 1 (expected: an id matching [a-z0-9][a-z0-9._-]{0,63}) [map]",
                "raftwire.transport.max-frame-bytes = 12 (expected: 1024..1073741824) [map]",
                "raftwire.transport.io-threads = many (expected: an integer, 1..64) [map]"),
                List.of(e.getMessage().split("\n")));
        assertEquals(3, e.violations().size());
        assertEquals(new ConfigViolation("raftwire.transport.max-frame-bytes", "12", "expected: 1024..1073741824",
                "map"), e.violations().get(1));
    }

    @Test
    void shouldReportRulesRelatingKeysTogetherWithPerKeyViolations() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("raftwire.transport.io-threads", "0");
        values.put("raftwire.transport.reconnect-initial-backoff-ms", "500");
        values.put("raftwire.transport.reconnect-max-backoff-ms", "100");
        values.put("raftwire.transport.write-buffer-low-bytes", "65536");
        values.put("raftwire.transport.write-buffer-high-bytes", "65536");
        values.put("raftwire.serializer.max-pooled-buffer-bytes", "1024");
        values.put("raftwire.serializer.buffer-bytes", "2048");
        values.put("raftwire.node.id", "n1");
        values.put("raftwire.node.address", "127.0.0.1:7101");
        values.put("raftwire.peers", "n1=127.0.0.1:7102,n3=127.0.0.1:7101");
        values.put("raftwire.transport.max-inbound-buffer-bytes", "4096");
        values.put("raftwire.transport.max-frame-bytes", "8192");
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(values));
        assertEquals(List.of(
                "raftwire.transport.io-threads = 0 (expected: 1..64) [map]",
                "raftwire.serializer.max-pooled-buffer-bytes = 1024 (expected: >= 2048"
                        + " (raftwire.serializer.buffer-bytes)) [map]",
                "raftwire.transport.reconnect-max-backoff-ms = 100 (expected: >= 500"
                        + " (raftwire.transport.reconnect-initial-backoff-ms)) [map]",
                "raftwire.transport.write-buffer-high-bytes = 65536 (expected: > 65536"
                        + " (raftwire.transport.write-buffer-low-bytes)) [map]",
                "raftwire.peers = n1=127.0.0.1:7102,n3=127.0.0.1:7101 (expected: no peer with this node's id n1"
                        + " (raftwire.node.id)) [map]",
                "raftwire.peers = n1=127.0.0.1:7102,n3=127.0.0.1:7101 (expected: no peer at this node's address"
                        + " 127.0.0.1:7101 (raftwire.node.address), under any name of the same socket (localhost,"
                        + " 127.0.0.1 and ::1 are one interface)) [map]",
                "raftwire.transport.max-inbound-buffer-bytes = 4096 (expected: >= 8192"
                        + " (raftwire.transport.max-frame-bytes)) [map]"),
                List.of(e.getMessage().split("\n")));
    }

    /** This node's own sockets under another name (localhost for 127.0.0.1) are caught: it would connect to itself. */
    @Test
    void shouldRefuseAPeerOrClientAddressThatIsThisNodesOwnSocketUnderAnotherName() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(Map.of(
                "raftwire.node.address", "127.0.0.1:7720", "raftwire.node.client-address", "localhost:7720",
                "raftwire.peers", "n2=localhost:7720,n3=[::1]:7731")));
        assertEquals(List.of(
                "raftwire.peers = n2=localhost:7720,n3=[::1]:7731 (expected: no peer at this node's address"
                        + " 127.0.0.1:7720 (raftwire.node.address), under any name of the same socket (localhost,"
                        + " 127.0.0.1 and ::1 are one interface)) [map]",
                "raftwire.peers = n2=localhost:7720,n3=[::1]:7731 (expected: no peer at this node's client address"
                        + " localhost:7720 (raftwire.node.client-address), under any name of the same socket"
                        + " (localhost, 127.0.0.1 and ::1 are one interface)) [map]",
                "raftwire.node.client-address = localhost:7720 (expected: another port than 127.0.0.1:7720"
                        + " (raftwire.node.address), under any name of the same socket (localhost, 127.0.0.1 and ::1"
                        + " are one interface)) [map]"),
                List.of(e.getMessage().split("\n")));
        e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(Map.of(
                "raftwire.node.address", "0.0.0.0:7720", "raftwire.node.client-address", "127.0.0.1:7731",
                "raftwire.peers", "n2=127.0.0.1:7731")));
        assertTrue(e.getMessage().startsWith("raftwire.peers = n2=127.0.0.1:7731 (expected: no peer at this node's"
                + " client address 127.0.0.1:7731 (raftwire.node.client-address)"), e.getMessage());
        RaftwireConfig.of(Map.of("raftwire.node.address", "127.0.0.1:7720", "raftwire.peers",
                "n2=127.0.0.2:7720,n3=10.0.0.3:7720")); // other hosts on the same port are other sockets
    }

    @Test
    void shouldRelateRaftTimingAndInitialMembersToTheirInputs() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(Map.of(
                "raftwire.node.id", "n1",
                "raftwire.peers", "n2=127.0.0.1:7102",
                "raftwire.raft.initial-members", "n1,n2,n9",
                "raftwire.raft.heartbeat-period-secs", "5",
                "raftwire.raft.heartbeat-timeout-secs", "2",
                "raftwire.raft.heartbeat-interval-ms", "200",
                "raftwire.raft.leader-timeout-ms", "500")));
        assertEquals(List.of(
                "raftwire.raft.heartbeat-timeout-secs = 2 (expected: >= 5 (raftwire.raft.heartbeat-period-secs)) [map]",
                "raftwire.raft.leader-timeout-ms = 500 (expected: 0 or >= 3 x 200 (raftwire.raft.heartbeat-interval-ms),"
                        + " so that a lost heartbeat or two is not a leader's death) [map]",
                "raftwire.raft.initial-members = n1,n2,n9 (expected: only this node's id and peer ids) [map]"),
                List.of(e.getMessage().split("\n")));
    }

    @Test
    void shouldReportARuleBrokenByADefaultWithoutAnOrigin() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> RaftwireConfig.of(Map.of("raftwire.transport.reconnect-initial-backoff-ms", "5000")));
        assertEquals("raftwire.transport.reconnect-max-backoff-ms = 2000 (expected: >= 5000"
                + " (raftwire.transport.reconnect-initial-backoff-ms))", e.getMessage());
    }

    @Test
    void shouldSkipARuleWhoseInputIsAlreadyInvalid() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(Map.of(
                "raftwire.transport.reconnect-initial-backoff-ms", "soon",
                "raftwire.transport.reconnect-max-backoff-ms", "10")));
        assertEquals(1, e.violations().size(), e.getMessage());
        assertEquals("raftwire.transport.reconnect-initial-backoff-ms", e.violations().get(0).key());
    }

    @Test
    void shouldReportSerializersThatAreNotInstalledWithTheOtherViolations() {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("raftwire.serializer", "fory");
        values.put("raftwire.serializer.accept", "kryo,gson,avro");
        values.put("raftwire.transport.io-threads", "0");
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.load(INSTALLED,
                List.of(ConfigSource.fromMap("map", values))));
        assertEquals(List.of(
                "raftwire.transport.io-threads = 0 (expected: 1..64) [map]",
                "raftwire.serializer = fory (expected: one of the installed serializers jdk, kryo, protostuff) [map]",
                "raftwire.serializer.accept = kryo,gson,avro (expected: names of installed serializers jdk, kryo,"
                        + " protostuff; not installed: gson, avro) [map]"),
                List.of(e.getMessage().split("\n")));
    }

    @Test
    void shouldAcceptInstalledSerializersAndLeaveNamesUncheckedWithoutAList() {
        Map<String, String> values = Map.of("raftwire.serializer", "jdk", "raftwire.serializer.accept", "protostuff");
        assertEquals("jdk", RaftwireConfig.load(INSTALLED, List.of(ConfigSource.fromMap("map", values)))
                .get(ConfigKeys.SERIALIZER));
        assertEquals("fory", RaftwireConfig.of(Map.of("raftwire.serializer", "fory")).get(ConfigKeys.SERIALIZER));
    }

    @Test
    void shouldSayWhenNoSerializerIsInstalled() {
        ConfigException e = assertThrows(ConfigException.class,
                () -> RaftwireConfig.load(Set.of(), List.of()));
        assertEquals("raftwire.serializer = kryo (expected: an installed serializer, but none is installed)",
                e.getMessage());
    }

    @Test
    void shouldNotCheckTheInstallationOfANameThatIsAlreadyInvalid() {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.load(INSTALLED,
                List.of(ConfigSource.fromMap("map", Map.of("raftwire.serializer", "Kryo")))));
        assertEquals("raftwire.serializer = Kryo (expected: a name matching [a-z][a-z0-9-]*) [map]", e.getMessage());
    }

    @Test
    void shouldListOnlyNonDefaultValuesAndWhereTheyCameFrom() {
        RaftwireConfig config = RaftwireConfig.load(
                ConfigSource.fromMap("file a.properties", Map.of("raftwire.serializer", "protostuff",
                        "raftwire.transport.io-threads", "1")),
                ConfigSource.environment(Map.of("RAFTWIRE_TRANSPORT_MAX_FRAME_BYTES", "2048")));
        assertEquals(Map.of("raftwire.serializer", "protostuff", "raftwire.transport.max-frame-bytes", "2048"),
                config.nonDefaults());
        assertEquals(List.of("raftwire.serializer = protostuff (custom) [file a.properties]",
                "raftwire.transport.max-frame-bytes = 2048 (custom)"
                        + " [environment variable RAFTWIRE_TRANSPORT_MAX_FRAME_BYTES]"),
                config.report());
        assertEquals(Optional.of("file a.properties"), config.origin(ConfigKeys.TRANSPORT_IO_THREADS));
        assertEquals(Optional.empty(), config.origin(ConfigKeys.NODE_ID));
        assertEquals("RaftwireConfig[raftwire.serializer=protostuff, raftwire.transport.max-frame-bytes=2048]",
                config.toString());
    }

    @Test
    void shouldAlwaysAcceptTheSendingSerializerFirst() {
        assertEquals(List.of("kryo"), List.copyOf(RaftwireConfig.defaults().acceptedSerializers()));
        RaftwireConfig migrating = RaftwireConfig.of(Map.of("raftwire.serializer", "protostuff",
                "raftwire.serializer.accept", "kryo,protostuff"));
        assertEquals(List.of("protostuff", "kryo"), List.copyOf(migrating.acceptedSerializers()));
        Set<String> accepted = migrating.acceptedSerializers();
        assertThrows(UnsupportedOperationException.class, () -> accepted.add("jdk"));
    }

    @Test
    void shouldRefuseAKeyThatIsNotDeclaredInConfigKeys() {
        ConfigKey<Integer> foreign = ConfigKey.ofInt("raftwire.test.foreign", 1, Constraint.any(), "not declared");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RaftwireConfig.defaults().get(foreign));
        assertEquals("key = raftwire.test.foreign (expected: one of ConfigKeys.all())", e.getMessage());
    }

    @Test
    void shouldReturnImmutableLists() {
        RaftwireConfig config = RaftwireConfig.of(Map.of("raftwire.peers", "n2=127.0.0.1:7102"));
        List<PeerAddress> peers = config.get(ConfigKeys.PEERS);
        assertThrows(UnsupportedOperationException.class, peers::clear);
        assertThrows(UnsupportedOperationException.class, () -> config.nonDefaults().clear());
    }

    @Test
    void shouldRefuseAnExceptionWithoutViolations() {
        assertThrows(IllegalArgumentException.class, () -> new ConfigException(List.of()));
    }

    private static void assertBoundaries(String key, String lowest, String highest, String below, String above) {
        assertBoundaries(Map.of(), key, lowest, highest, below, above);
    }

    /** Like {@link #assertBoundaries(String, String, String, String, String)} with {@code base} set as well. */
    private static void assertBoundaries(Map<String, String> base, String key, String lowest, String highest,
            String below, String above) {
        RaftwireConfig.of(with(base, key, lowest));
        RaftwireConfig.of(with(base, key, highest));
        List<String> rejected = new ArrayList<>();
        for (String text : List.of(below, above)) {
            ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(with(base, key, text)),
                    key + " = " + text);
            rejected.add(e.violations().get(0).key());
        }
        assertEquals(List.of(key, key), rejected);
        assertTrue(ConfigKeys.all().stream().anyMatch(k -> k.name().equals(key)), key);
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> values = new LinkedHashMap<>(base);
        values.put(key, value);
        return values;
    }

    private static <T> String defaultText(ConfigKey<T> key) {
        return key.format(key.defaultValue());
    }
}
