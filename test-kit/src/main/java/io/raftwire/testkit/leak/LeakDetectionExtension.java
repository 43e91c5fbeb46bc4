package io.raftwire.testkit.leak;

import io.netty.util.ResourceLeakDetector;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Fails a test class when Netty reports a leaked buffer during it. Use with
 * {@code @ExtendWith(LeakDetectionExtension.class)} on every test class that touches buffers; the JVM must run with
 * {@code -Dio.netty.leakDetection.level=paranoid} (the parent POM sets it) so every buffer is tracked, and
 * {@link LeakGateSessionListener} must have run (test-kit on the test class path), which {@link #beforeAll} checks.
 *
 * <p>Two checks, so that the gate costs milliseconds per class instead of two forced collections per test (which
 * took most of the provider contracts' time):
 * <ul>
 *   <li>after each test, without forcing a collection, the detectors report what the JVM's own collections found
 *       ({@link LeakGate#poll()}); a leak found there fails that test;</li>
 *   <li>after the class, two forced collections ({@link LeakGate#collect(int)}) find every buffer the class's tests
 *       dropped unreleased; a leak found there fails the class, with the access records that name the code.</li>
 * </ul>
 * A leak the collector finds only later fails a later test or class: the suite still fails.
 */
public final class LeakDetectionExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
        AfterEachCallback {

    private static final ExtensionContext.Namespace NS =
            ExtensionContext.Namespace.create(LeakDetectionExtension.class);
    private static final String CLASS_BEFORE = "classBefore";
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
        context.getStore(NS).put(CLASS_BEFORE, new AtomicInteger(LeakGate.leaks()));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NS).put("before", LeakGate.leaks());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        int after = LeakGate.poll();
        // what this poll found is this test's failure, not the class's too: the class checks what is found after it
        context.getStore(NS).get(CLASS_BEFORE, AtomicInteger.class).set(after);
        check(context.getStore(NS).get("before", Integer.class), after, "during " + context.getDisplayName());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        check(context.getStore(NS).get(CLASS_BEFORE, AtomicInteger.class).get(), LeakGate.collect(ROUNDS),
                "by the tests of " + context.getDisplayName() + " (found by the collection after the class)");
    }

    private static void check(int before, int after, String where) {
        if (after > before) {
            List<String> records = LeakGate.records();
            throw new AssertionError((after - before) + " buffer leak(s) reported " + where + " (expected: 0):\n"
                    + String.join("\n", records.subList(Math.max(0, records.size() - (after - before)),
                            records.size())));
        }
    }
}
