package io.raftwire.testkit.leak;

import io.netty.util.ResourceLeakDetector;

import java.util.List;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test when Netty reports a leaked buffer during it. Use with {@code @ExtendWith(LeakDetectionExtension.class)}
 * on every test class that touches buffers; the JVM must run with {@code -Dio.netty.leakDetection.level=paranoid} (the
 * parent POM sets it) so every buffer is tracked, and {@link LeakGateSessionListener} must have run (test-kit on the
 * test class path), which {@link #beforeAll} checks.
 *
 * <p>After each test it forces a few garbage collections and compares the {@link LeakGate} count with the count
 * before the test. A leak that the collector only finds later fails a later test: the suite still fails.
 */
public final class LeakDetectionExtension implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback {

    private static final ExtensionContext.Namespace NS =
            ExtensionContext.Namespace.create(LeakDetectionExtension.class);
    private static final int ROUNDS = 2;

    @Override
    public void beforeAll(ExtensionContext context) {
        if (!LeakGate.installed()) {
            throw new IllegalStateException("LeakGate is not installed (expected: " + LeakGateSessionListener.class
                    .getName() + " from test-kit's META-INF/services/org.junit.platform.launcher"
                    + ".LauncherSessionListener: add test-kit to this module's test dependencies)");
        }
        if (ResourceLeakDetector.getLevel() != ResourceLeakDetector.Level.PARANOID) {
            throw new IllegalStateException("leak detection level " + ResourceLeakDetector.getLevel()
                    + " (expected: -Dio.netty.leakDetection.level=paranoid, as the parent POM sets)");
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        // no collection here: the previous test's afterEach has just collected, so the count is current (a leak found
        // only by a later collection fails a later test, as the class comment says); one collection less per test
        context.getStore(NS).put("before", LeakGate.leaks());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        int before = context.getStore(NS).get("before", Integer.class);
        int after = LeakGate.collect(ROUNDS);
        if (after > before) {
            List<String> records = LeakGate.records();
            throw new AssertionError((after - before) + " buffer leak(s) reported during "
                    + context.getDisplayName() + " (expected: 0):\n"
                    + String.join("\n", records.subList(Math.max(0, records.size() - (after - before)),
                            records.size())));
        }
    }
}
