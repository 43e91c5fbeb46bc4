package io.raftwire.transport.netty.testkit;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the leak gate is armed in this JVM: a buffer dropped without release is reported and counted. Without this,
 * "0 leaks" in the other tests could mean "detector not installed". Netty's LEAK report of the deliberate leak is
 * captured and asserted, not printed.
 */
class LeakGateSelfTest {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("ERROR", "io.netty.util.ResourceLeakDetector");

    @Test
    void shouldCountADeliberateLeak() {
        assertTrue(LeakGate.installed(), "LeakGateSessionListener did not run");
        assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel(),
                "run with -Dio.netty.leakDetection.level=paranoid");
        int before = LeakGate.collect(1);
        leakOne();
        int after = LeakGate.collectUntil(before + 1, 50);
        assertTrue(after >= before + 1, "a leaked buffer was not reported after 50 GCs (leaks: " + after + ")");
        assertTrue(LeakGate.records().get(LeakGate.records().size() - 1).contains("leakOne"),
                "the report names the leaking method");
        String report = logs.await("LEAK: ByteBuf.release() was not called before it's garbage-collected");
        assertTrue(report.contains("leakOne"), report);
    }

    private static void leakOne() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(42);
    }
}
