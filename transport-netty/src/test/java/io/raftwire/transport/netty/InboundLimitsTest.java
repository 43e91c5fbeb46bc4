package io.raftwire.transport.netty;

import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class InboundLimitsTest {

    private final InboundLimits limits = new InboundLimits(1024, 4, 2, 1, 1 << 20);
    private final List<EmbeddedChannel> channels = new ArrayList<>();

    @AfterEach
    void closeAll() {
        channels.forEach(EmbeddedChannel::finishAndReleaseAll);
    }

    @Test
    void shouldCapTheSlotsOfOneAddressAndFreeThemOnClose() {
        InetAddress attacker = address("192.0.2.7");
        EmbeddedChannel first = channel();
        assertNull(limits.admit(first, attacker, false));
        assertNull(limits.admit(channel(), attacker, false));
        assertEquals("2 accepted connections from this address have not completed the handshake (expected: <"
                + " max-unauthenticated-per-address 2)", limits.admit(channel(), attacker, false));
        assertEquals(2, limits.unauthenticated());
        assertNull(limits.admit(channel(), address("192.0.2.8"), false), "another address still gets a slot");
        first.close();
        assertNull(limits.admit(channel(), attacker, false), "a closed connection gives its slot back");
    }

    @Test
    void shouldKeepReservedSlotsForConfiguredPeers() {
        for (int i = 0; i < 4; i++) {
            assertNull(limits.admit(channel(), address("192.0.2." + (10 + i)), false));
        }
        assertEquals("4 accepted connections have not completed the handshake (expected: <"
                + " max-unauthenticated-connections 4)", limits.admit(channel(), address("192.0.2.20"), false));
        EmbeddedChannel member = channel();
        InetAddress memberAddress = address("10.0.0.1");
        assertNull(limits.admit(member, memberAddress, true), "a configured peer takes a reserved slot");
        assertEquals(5, limits.unauthenticated());
        assertEquals("4 accepted connections have not completed the handshake (expected: <"
                + " max-unauthenticated-connections 4, and < reserved-member-slots 1 more for configured peers)",
                limits.admit(channel(), memberAddress, true));
        limits.authenticated(member);
        assertEquals(4, limits.unauthenticated(), "the handshake frees the reserved slot");
        assertNull(limits.admit(channel(), memberAddress, true));
    }

    private EmbeddedChannel channel() {
        EmbeddedChannel ch = new EmbeddedChannel();
        channels.add(ch);
        return ch;
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
