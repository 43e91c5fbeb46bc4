package io.raftwire.it;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.raftwire.transport.netty.testkit.LeakGate;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the leak gate is armed in the integration-test JVM (installed by the transport test-jar's launcher session
 * listener): a buffer dropped without release is reported and counted, so "0 leaks" in the other ITs means something.
 * Netty's LEAK report of the deliberate leak is captured and asserted, not printed.
 */
class LeakGateSelfIT {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("ERROR", "io.netty.util.ResourceLeakDetector");

    @Test
    void shouldCountADeliberateLeak() {
        assertTrue(LeakGate.installed(), "the transport test-jar's LeakGateSessionListener did not run");
        assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel());
        int before = LeakGate.collect(1);
        leakOneOnPurpose();
        assertTrue(LeakGate.collectUntil(before + 1, 50) >= before + 1, "a leaked buffer was not reported");
        String report = logs.await("LEAK: ByteBuf.release() was not called before it's garbage-collected");
        assertTrue(report.contains("leakOneOnPurpose"), report);
    }

    private static void leakOneOnPurpose() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(7);
    }
}
