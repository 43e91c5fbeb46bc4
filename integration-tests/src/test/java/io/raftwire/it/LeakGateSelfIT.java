package io.raftwire.it;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;
import io.raftwire.testkit.leak.LeakGate;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Proves the leak gate is armed in the integration-test (failsafe) JVM, installed by test-kit's launcher session
 * listener: a buffer dropped without release is counted and its record names the leaking method, so "0 leaks" in the
 * other ITs means something. The gate keeps the report instead of logging it, so nothing is printed.
 */
class LeakGateSelfIT {

    @Test
    void shouldCountADeliberateLeak() {
        assertTrue(LeakGate.installed(), "test-kit's LeakGateSessionListener did not run");
        assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel());
        int before = LeakGate.collect(1);
        leakOneOnPurpose();
        assertTrue(LeakGate.collectUntil(before + 1, 50) >= before + 1, "a leaked buffer was not reported");
        String report = LeakGate.records().get(LeakGate.records().size() - 1);
        assertTrue(report.contains("leakOneOnPurpose"), "the report names the leaking method: " + report);
    }

    private static void leakOneOnPurpose() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(7);
    }
}
