package io.raftwire.transport.netty.testkit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LogCaptureTest {

    private static final String LOGGER = "io.raftwire.test.Provoked";

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", LOGGER);

    @Test
    void shouldCaptureAMatchingEventWithItsStackTrace() {
        LoggerFactory.getLogger(LOGGER).warn("refused {} (expected: {})", "x", "y", new IllegalStateException("boom"));
        String line = logs.await("refused x (expected: y)");
        assertTrue(line.contains("] WARN " + LOGGER + " - refused x (expected: y)"), line);
        assertTrue(line.contains("java.lang.IllegalStateException: boom"), line);
        assertTrue(line.contains("shouldCaptureAMatchingEventWithItsStackTrace"), line);
        assertEquals(1, logs.lines().size(), logs.lines().toString());
    }

    @Test
    void shouldMatchTheLevelAndLoggerOfTheFirstLineOnly() {
        assertTrue(logs.accepts("[main] WARN " + LOGGER + " - anything"));
        assertFalse(logs.accepts("[main] ERROR " + LOGGER + " - anything"));
        assertFalse(logs.accepts("[main] WARN " + LOGGER + "Sub - anything"));
        assertFalse(logs.accepts("[main] WARN other.Logger - failed\n  caused by: WARN " + LOGGER + " - x"));
    }

    @Test
    void shouldNameWhatWasCapturedWhenTheExpectedLineNeverComes() {
        LoggerFactory.getLogger(LOGGER).warn("something else");
        AssertionError e = assertThrows(AssertionError.class, () -> logs.await("never logged", Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("never logged") && e.getMessage().contains("something else"),
                e.getMessage());
        assertEquals(List.of(), LogCapture.of("WARN", LOGGER).lines(), "an unregistered capture records nothing");
    }
}
