package io.raftwire.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class HostPortTest {

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1:7101", "localhost:0", "node-2.example.com:65535", "[::1]:7101",
        "[fe80::1:2:3]:1", "0.0.0.0:80", "a:1"})
    void shouldParseAndWriteBackTheSameText(String text) {
        HostPort address = HostPort.parse(text);
        assertEquals(text, address.toString());
        assertEquals(address, HostPort.parse(address.toString()));
    }

    @Test
    void shouldKeepIpv6HostsWithoutBrackets() {
        assertEquals(new HostPort("::1", 7101), HostPort.parse("[::1]:7101"));
    }

    @Test
    void shouldValidateInTheConstructor() {
        assertEquals("port = 65536 (expected: 0..65535)",
                assertThrows(IllegalArgumentException.class, () -> new HostPort("localhost", 65536)).getMessage());
        assertEquals("host = a b (expected: a host name, an IPv4 address or an IPv6 address)",
                assertThrows(IllegalArgumentException.class, () -> new HostPort("a b", 1)).getMessage());
        assertThrows(NullPointerException.class, () -> new HostPort(null, 1));
    }

    /** IPv6 text is checked group by group: the character pattern alone took {@code [:::::]:7841}. */
    @Test
    void shouldCheckIpv6AddressesGroupByGroup() {
        for (String ok : new String[] {"::", "::1", "fe80::1:2:3", "1:2:3:4:5:6:7:8", "::ffff:10.0.0.1", "1::",
            "2001:DB8::8:800:200C:417A"}) {
            assertEquals(ok, new HostPort(ok, 1).host(), ok);
        }
        for (String bad : new String[] {":::::", "1::2::3", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8:9", "12345::1",
            "::1.2.3", "::ffff:10.0.0.256", ":1::2", "1:2:3:4:5:6:7::8:9"}) {
            assertThrows(IllegalArgumentException.class, () -> new HostPort(bad, 1), bad);
        }
        assertEquals("[:::::] is not an IPv6 address", assertThrows(IllegalArgumentException.class,
                () -> HostPort.parse("[:::::]:7841")).getMessage());
    }

    @Test
    void shouldRejectOverlongHostNames() {
        String label = "a".repeat(63);
        String host = String.join(".", label, label, label, label.substring(0, 61));
        assertEquals(253, host.length());
        assertEquals(host, new HostPort(host, 1).host());
        assertThrows(IllegalArgumentException.class, () -> new HostPort(host + "a", 1));
        assertThrows(IllegalArgumentException.class, () -> new HostPort("a".repeat(64), 1));
    }

    @Test
    void shouldTellWhetherThePortIsAny() {
        assertTrue(new HostPort("127.0.0.1", 0).isAnyPort());
        assertFalse(new HostPort("127.0.0.1", 1).isAnyPort());
    }

    @Test
    void shouldValidatePeersInTheConstructorAndWriteThemBack() {
        PeerAddress peer = PeerAddress.parse("node-2=127.0.0.1:7102");
        assertEquals(new PeerAddress("node-2", new HostPort("127.0.0.1", 7102)), peer);
        assertEquals("node-2=127.0.0.1:7102", peer.toString());
        assertEquals("id = Node-2 (expected: an id matching [a-z0-9][a-z0-9._-]{0,63})",
                assertThrows(IllegalArgumentException.class,
                        () -> new PeerAddress("Node-2", new HostPort("127.0.0.1", 1))).getMessage());
        assertEquals("port = 0 (expected: 1..65535 for a peer)",
                assertThrows(IllegalArgumentException.class,
                        () -> new PeerAddress("n2", new HostPort("127.0.0.1", 0))).getMessage());
    }
}
