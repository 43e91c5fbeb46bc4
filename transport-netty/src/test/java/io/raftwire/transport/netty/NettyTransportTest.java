package io.raftwire.transport.netty;

import io.netty.util.HashedWheelTimer;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.raftwire.config.HostPort;
import io.raftwire.config.PeerAddress;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.testkit.leak.LeakGate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The transport's lifecycle without sockets (socket tests are the ITs). */
@ExtendWith(LeakDetectionExtension.class)
class NettyTransportTest {

    /**
     * A transport whose constructor fails after creating its request-deadline timer (here: the TLS certificate file
     * does not exist) must not leave the timer behind: Netty reports a timer collected without {@code stop()} as a
     * leak, and counts it against its 64-instance limit.
     */
    @Test
    void shouldStopItsTimerWhenTheConstructorFails(@TempDir Path dir) {
        int before = LeakGate.leaks();
        Path missing = dir.resolve("missing.pem");
        TransportSettings unusableTls = EmbeddedHarness.quietSettings().nodeId("a")
                .tls(TlsSettings.of(missing, missing, missing)).build();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new NettyTransport(unusableTls, SerializerSet.of(FakeSerializer.standard())));
        assertTrue(e.getMessage().startsWith("raftwire.tls.certificate-file = " + missing
                + " (expected: a readable PEM certificate chain): java.nio.file.NoSuchFileException"), e.getMessage());
        // Netty's timer leak detector reports a collected, unstopped timer when the next timer is created.
        for (int round = 0; round < 10 && LeakGate.leaks() == before; round++) {
            System.gc();
            new HashedWheelTimer(new DefaultThreadFactory("leak-probe", true)).stop();
        }
        assertEquals(before, LeakGate.leaks(), () -> String.join("\n", LeakGate.records()));
    }

    /** The schema gate is set before start only; no digest is known of a peer without a connection. */
    @Test
    void shouldTakeASchemaGateOnlyBeforeItStarts() {
        NettyTransport t = new NettyTransport(EmbeddedHarness.quietSettings().nodeId("a")
                .peers(List.of(new PeerAddress("b", new HostPort("127.0.0.1", 9)))).build(),
                SerializerSet.of(FakeSerializer.standard()));
        try {
            t.schemaGate((own, peer) -> null);
            NullPointerException none = assertThrows(NullPointerException.class, () -> t.schemaGate(null));
            assertEquals("gate", none.getMessage());
            assertEquals(OptionalLong.empty(), t.peerSchemaDigest("b"), "no connection to b");
            assertEquals(OptionalLong.empty(), t.peerSchemaDigest("nobody"), "not a peer");
        } finally {
            t.close();
        }
        IllegalStateException closed = assertThrows(IllegalStateException.class,
                () -> t.schemaGate((own, peer) -> null));
        assertEquals("transport a is closed (expected: the schema gate is set before start())", closed.getMessage());
    }
}
