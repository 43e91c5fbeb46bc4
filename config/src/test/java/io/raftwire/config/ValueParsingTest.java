package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text that does not parse is reported as {@code key = text (expected: ...)} with the reason when there is one. */
class ValueParsingTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "raftwire.transport.io-threads           | four        | expected: an integer, 1..64",
        "raftwire.transport.io-threads           | 2.0         | expected: an integer, 1..64",
        "raftwire.transport.io-threads           | 0x10        | expected: an integer, 1..64",
        "raftwire.serializer.max-elements | 99999999999 | expected: an integer, >= 1; outside -2147483648..2147483647",
        "raftwire.transport.reconnect-jitter     | 0.2d        | expected: a decimal number, 0.0..1.0",
        "raftwire.transport.reconnect-jitter     | NaN         | expected: a decimal number, 0.0..1.0",
        "raftwire.transport.flush-consolidation  | yes         | expected: true or false",
        "raftwire.transport.native               | kqueue      | expected: one of nio, epoll, auto",
    })
    void shouldExplainScalarParseErrors(String key, String text, String problem) {
        assertEquals(key + " = " + text + " (" + problem + ") [map]", singleViolation(key, text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "localhost        | expected: host:port; no port",
        "localhost:       | expected: host:port; port is empty",
        "localhost:70000  | expected: host:port; port 70000 is not 0..65535",
        "localhost:-1     | expected: host:port; port -1 is not 0..65535",
        ":7101            | expected: host:port; host is empty",
        "bad_host:7101    | expected: host:port; host bad_host is not a host name, an IPv4 address or an IPv6 address",
        "256.0.0.1:7101   | expected: host:port; host 256.0.0.1 is not a host name, an IPv4 address or an IPv6 address",
        "-host:7101       | expected: host:port; host -host is not a host name, an IPv4 address or an IPv6 address",
        "::1:7101         | expected: host:port; IPv6 addresses go in brackets, as [::1]:7101",
        "[zz::1]:7101     | expected: host:port; [zz::1] is not an IPv6 address",
    })
    void shouldExplainBadHostPort(String text, String problem) {
        assertEquals("raftwire.node.address = " + text + " (" + problem + ") [map]",
                singleViolation("raftwire.node.address", text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "n2=127.0.0.1:7102,n3                 | entry n3: no '=' between id and host:port",
        "n2=127.0.0.1:7102,,n3=127.0.0.1:7103 | entry 2 is empty",
        "n2=127.0.0.1:7102,                   | entry 2 is empty",
        "N2=127.0.0.1:7102 | entry N2=127.0.0.1:7102: id N2 does not match [a-z0-9][a-z0-9._-]{0,63}",
        "=127.0.0.1:7102                      | entry =127.0.0.1:7102: id is empty",
        "n2=127.0.0.1:0                       | entry n2=127.0.0.1:0: port is 0 (a peer needs 1..65535)",
        "n2=127.0.0.1                         | entry n2=127.0.0.1: no port",
    })
    void shouldExplainBadPeerLists(String text, String reason) {
        assertEquals("raftwire.peers = " + text + " (expected: comma-separated id=host:port; " + reason + ") [map]",
                singleViolation("raftwire.peers", text));
    }

    @Test
    void shouldRejectRepeatedPeerIdsAndAddresses() {
        assertEquals("raftwire.peers = n2=10.0.0.2:7102,n2=10.0.0.3:7103 (expected: unique peer ids (n2 appears twice))"
                + " [map]", singleViolation("raftwire.peers", "n2=10.0.0.2:7102,n2=10.0.0.3:7103"));
        assertEquals("raftwire.peers = n2=10.0.0.2:7102,n3=10.0.0.2:7102 (expected: unique peer addresses"
                + " (10.0.0.2:7102 appears twice)) [map]",
                singleViolation("raftwire.peers", "n2=10.0.0.2:7102,n3=10.0.0.2:7102"));
    }

    @Test
    void shouldRejectBadAcceptedSerializerNames() {
        assertEquals("raftwire.serializer.accept = kryo,Jdk (expected: each a name matching [a-z][a-z0-9-]* (bad: Jdk))"
                + " [map]", singleViolation("raftwire.serializer.accept", "kryo,Jdk"));
        assertEquals("raftwire.serializer.accept = kryo, kryo (expected: unique names (kryo appears twice)) [map]",
                singleViolation("raftwire.serializer.accept", "kryo, kryo"));
    }

    @Test
    void shouldShowAnEmptyValueAsQuotes() {
        assertEquals("raftwire.serializer = \"\" (expected: a name matching [a-z][a-z0-9-]*) [map]",
                singleViolation("raftwire.serializer", ""));
        assertEquals("raftwire.transport.io-threads = \"\" (expected: an integer, 1..64) [map]",
                singleViolation("raftwire.transport.io-threads", "  "));
    }

    @Test
    void shouldParseValidTextOfEveryType() {
        RaftwireConfig config = RaftwireConfig.of(Map.of(
                "raftwire.transport.io-threads", " +4 ",
                "raftwire.transport.reconnect-jitter", ".5",
                "raftwire.transport.reconnect-backoff-multiplier", "2e0",
                "raftwire.transport.flush-consolidation", "FALSE",
                "raftwire.transport.native", "EPoll",
                "raftwire.node.address", "[::1]:7101",
                "raftwire.peers", " n2 = node-2.example.com:7102 , n3=10.0.0.3:7103",
                "raftwire.serializer.accept", "jdk,protostuff"));
        assertEquals(4, config.get(ConfigKeys.TRANSPORT_IO_THREADS));
        assertEquals(0.5, config.get(ConfigKeys.TRANSPORT_RECONNECT_JITTER));
        assertEquals(2.0, config.get(ConfigKeys.TRANSPORT_RECONNECT_BACKOFF_MULTIPLIER));
        assertEquals(false, config.get(ConfigKeys.TRANSPORT_FLUSH_CONSOLIDATION));
        assertEquals(SocketImplementation.EPOLL, config.get(ConfigKeys.TRANSPORT_NATIVE));
        assertEquals(new HostPort("::1", 7101), config.get(ConfigKeys.NODE_ADDRESS));
        assertEquals(List.of(new PeerAddress("n2", new HostPort("node-2.example.com", 7102)),
                new PeerAddress("n3", new HostPort("10.0.0.3", 7103))), config.get(ConfigKeys.PEERS));
        assertEquals(List.of("jdk", "protostuff"), config.get(ConfigKeys.SERIALIZER_ACCEPT));
        assertEquals("n2=node-2.example.com:7102,n3=10.0.0.3:7103", config.nonDefaults().get("raftwire.peers"));
        assertEquals("[::1]:7101", config.nonDefaults().get("raftwire.node.address"));
        assertEquals("epoll", config.nonDefaults().get("raftwire.transport.native"));
    }

    private static String singleViolation(String key, String text) {
        ConfigException e = assertThrows(ConfigException.class, () -> RaftwireConfig.of(Map.of(key, text)));
        assertEquals(1, e.violations().size(), e.getMessage());
        assertEquals(e.getMessage(), e.violations().get(0).toString());
        return e.getMessage();
    }
}
