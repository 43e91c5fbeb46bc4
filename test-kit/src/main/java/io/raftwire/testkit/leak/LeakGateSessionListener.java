package io.raftwire.testkit.leak;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Installs {@link LeakGate} when the JUnit launcher session opens, before any test class is loaded. Registered in
 * test-kit's {@code META-INF/services/org.junit.platform.launcher.LauncherSessionListener}, so a module gets it by
 * depending on test-kit in test scope; a module must not register it again.
 */
public final class LeakGateSessionListener implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        LeakGate.install();
    }
}
