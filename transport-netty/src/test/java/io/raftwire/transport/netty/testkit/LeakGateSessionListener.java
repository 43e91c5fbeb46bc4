package io.raftwire.transport.netty.testkit;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Installs {@link LeakGate} when the JUnit launcher session opens, before any test class is loaded. Registered through
 * {@code META-INF/services}, so every module with this test-jar on its test class path gets the counting detector.
 */
public final class LeakGateSessionListener implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        LeakGate.install();
    }
}
