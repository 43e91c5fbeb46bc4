package io.raftwire.testkit.leak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * The extension as a test class meets it: a class whose test drops a buffer unreleased fails (the test itself, or the
 * class after its collection), with the access record naming the method; a class that releases everything passes.
 * The two classes below run through the JUnit engine from here (surefire does not pick up nested classes).
 */
class LeakDetectionExtensionTest {

    @Test
    void aClassWhoseTestLeaksABufferFailsNamingTheLeak() {
        Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(LeakingTests.class)).execute()
                .allEvents();
        List<Throwable> failures = events.failed().stream()
                .map(e -> e.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow()
                        .getThrowable().orElseThrow())
                .toList();
        assertEquals(1, failures.size(), () -> "expected the leak to fail exactly one test or the class: " + failures);
        String message = failures.get(0).getMessage();
        assertTrue(message.startsWith("1 buffer leak(s) reported "), message);
        assertTrue(message.contains("(expected: 0)"), message);
        assertTrue(message.contains("dropsABuffer"), "the access record names the leaking method: " + message);
    }

    @Test
    void aClassThatReleasesEveryBufferPasses() {
        Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(CleanTests.class)).execute()
                .allEvents();
        assertEquals(List.of(), events.failed().stream().map(Event::toString).toList());
        assertEquals(1, events.succeeded().filter(e -> e.getTestDescriptor().isTest()).count());
    }

    @ExtendWith(LeakDetectionExtension.class)
    static class LeakingTests {
        @Test
        void leaks() {
            dropsABuffer();
        }

        private static void dropsABuffer() {
            ByteBuf dropped = PooledByteBufAllocator.DEFAULT.directBuffer(64);
            dropped.writeLong(7);
        }
    }

    @ExtendWith(LeakDetectionExtension.class)
    static class CleanTests {
        @Test
        void releases() {
            ByteBuf b = PooledByteBufAllocator.DEFAULT.directBuffer(64);
            b.writeLong(7);
            b.release();
        }
    }
}
