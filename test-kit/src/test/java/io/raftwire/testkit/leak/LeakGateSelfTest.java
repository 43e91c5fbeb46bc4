package io.raftwire.testkit.leak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.util.ResourceLeakDetector;

import org.junit.jupiter.api.Test;

/**
 * Proves the leak gate is armed in a JVM that has test-kit on its class path: a buffer dropped without release is
 * counted, and the record names the method that leaked it. Without this, "0 leaks" in the other tests could mean
 * "detector not installed".
 */
class LeakGateSelfTest {

    @Test
    void countsADeliberateLeak() {
        assertTrue(LeakGate.installed(), "LeakGateSessionListener did not run");
        assertEquals(ResourceLeakDetector.Level.PARANOID, ResourceLeakDetector.getLevel(),
                "run with -Dio.netty.leakDetection.level=paranoid");
        int before = LeakGate.collect(1);
        leakOne();
        int after = LeakGate.collectUntil(before + 1, 50);
        assertTrue(after >= before + 1, "a leaked buffer was not reported after 50 GCs (leaks: " + after + ")");
        assertTrue(LeakGate.records().get(LeakGate.records().size() - 1).contains("leakOne"),
                "the report names the leaking method");
    }

    private static void leakOne() {
        ByteBuf leaked = PooledByteBufAllocator.DEFAULT.directBuffer(64);
        leaked.writeLong(42);
    }
}
