package io.raftwire.transport.netty;

import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.transport.netty.testkit.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LeakGate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The transport's lifecycle without sockets (socket tests are the ITs). */
@ExtendWith(LeakDetectionExtension.class)
class NettyTransportTest {

    /**
     * A peer list the constructor refuses (here: this node's own id) must not leave the request-deadline timer behind:
     * Netty reports a timer collected without {@code stop()} as a leak, and counts it against its 64-instance limit.
     */
    @Test
    void shouldStopItsTimerWhenThePeersAreRefused() {
        int before = LeakGate.leaks();
        TransportSettings selfAsPeer = EmbeddedHarness.quietSettings().nodeId("a")
                .peers(List.of(new PeerAddress("a", new HostPort("127.0.0.1", 9)))).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new NettyTransport(selfAsPeer, SerializerSet.of(FakeSerializer.standard())));
        assertEquals("peer id = a (expected: not this node's own id)", e.getMessage());
        // Netty's timer leak detector reports a collected, unstopped timer when the next timer is created.
        for (int round = 0; round < 10 && LeakGate.leaks() == before; round++) {
            System.gc();
            new HashedWheelTimer(new DefaultThreadFactory("leak-probe", true)).stop();
        }
        assertEquals(before, LeakGate.leaks(), () -> String.join("\n", LeakGate.records()));
    }
}
