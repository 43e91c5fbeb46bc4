package io.raftwire.serializer.testkit;

import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Installs {@link LeakGate} when the JUnit launcher session opens, before any test class is loaded. Each serializer
 * module registers it in its own {@code src/test/resources/META-INF/services}.
 */
public final class LeakGateSessionListener implements LauncherSessionListener {

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        LeakGate.install();
    }
}
