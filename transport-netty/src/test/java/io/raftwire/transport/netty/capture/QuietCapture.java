package io.raftwire.transport.netty.capture;

/**
 * Keeps the suite's output quiet: the capture tests provoke the writer's "file limit reached" warning on purpose and
 * assert it through the counters, so that logger is raised to ERROR before its class creates it.
 */
final class QuietCapture {

    private QuietCapture() {
    }

    static void hideExpectedWarnings() {
        System.setProperty("org.slf4j.simpleLogger.log." + CaptureWriter.class.getName(), "error");
    }
}
