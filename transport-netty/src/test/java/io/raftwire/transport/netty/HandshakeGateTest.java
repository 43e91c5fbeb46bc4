package io.raftwire.transport.netty;

import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class HandshakeGateTest {

    private final AtomicLong now = new AtomicLong();
    private final InetAddress member = address("10.0.0.1");

    private HandshakeGate gate(int total, int perAddress) {
        return new HandshakeGate(total, perAddress, member::equals, now::get);
    }

    @Test
    void shouldRefuseAnAddressOverItsRateNamingTheKey() {
        HandshakeGate gate = gate(100, 3);
        InetAddress attacker = address("192.0.2.7");
        for (int i = 0; i < 3; i++) {
            assertNull(gate.admit(attacker));
        }
        assertEquals("more than handshake-rate-per-address = 3 connections per second from this address",
                gate.admit(attacker));
        assertNull(gate.admit(address("192.0.2.8")), "another address has its own rate");
        now.addAndGet(TimeUnit.SECONDS.toNanos(1));
        assertNull(gate.admit(attacker), "the rate refills");
    }

    @Test
    void shouldRefuseNonMembersOverTheTotalRateButNotAConfiguredPeer() {
        HandshakeGate gate = gate(4, 2);
        for (int i = 0; i < 4; i++) {
            assertNull(gate.admit(address("192.0.2." + (10 + i))));
        }
        assertEquals("more than handshake-rate connections per second from addresses that are not a configured"
                + " peer's", gate.admit(address("192.0.2.20")));
        assertNull(gate.admit(member), "a configured peer meets only its own rate");
        assertNull(gate.admit(member));
        assertEquals("more than handshake-rate-per-address = 2 connections per second from this address",
                gate.admit(member));
    }

    @Test
    void shouldBoundTheAddressesItTellsApart() {
        HandshakeGate gate = gate(1_000_000, 1);
        for (int i = 0; i < HandshakeGate.MAX_ADDRESSES + 10; i++) {
            gate.admit(address("10.1." + (i >> 8) + "." + (i & 255)));
        }
        assertEquals(HandshakeGate.MAX_ADDRESSES, gate.addresses());
        now.addAndGet(TimeUnit.SECONDS.toNanos(1));
        assertNull(gate.admit(address("10.9.9.9")));
        assertEquals(1, gate.addresses(), "refilled buckets are dropped to make room");
    }

    private static InetAddress address(String literal) {
        try {
            return InetAddress.getByName(literal);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }
}
