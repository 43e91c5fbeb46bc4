package io.raftwire.transport.netty.testkit;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.List;

/**
 * Fails a test when Netty reports a leaked buffer during it. Use with {@code @ExtendWith(LeakDetectionExtension.class)}
 * on every test class that touches buffers; the JVM must run with {@code -Dio.netty.leakDetection.level=paranoid}
 * (the parent POM sets it) so every buffer is tracked.
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
        LeakGate.install();
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
