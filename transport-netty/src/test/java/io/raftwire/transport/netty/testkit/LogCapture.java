package io.raftwire.transport.netty.testkit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Keeps the log lines a test provokes on purpose (refusals, deliberate leaks) out of the build output and lets the
 * test assert them, so that a warning nobody expected still stands out. Register it on an instance field:
 *
 * <pre>{@code
 * @RegisterExtension
 * final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane");
 * ...
 * logs.await("refused the connection (handshake refused): cluster id = blue (expected: green)");
 * }</pre>
 *
 * <p>How: the tests log through slf4j-simple, which writes each event to the <em>current</em> {@link System#err} as
 * one {@code println} of {@code [thread] LEVEL logger - message}, then any stack trace, then a {@code flush}, all
 * under one lock. While a test runs, a line whose level and logger match a registered capture is recorded here
 * (with its stack trace) instead of printed; everything else goes to the original stream unchanged. A line logged
 * after the test ended (a late event on another thread) is printed as usual.
 *
 * <p>Registered on a {@code static} field instead, it captures from before the class's {@code @BeforeAll} to after its
 * {@code @AfterAll}: for a line that a cluster shared by the class's tests may log between two tests (a periodic
 * summary, for example).
 *
 * <p>Thread-safe; one instance per test instance, or per class when static.
 */
public final class LogCapture implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    /** How long {@link #await(String)} waits for an asynchronous log line. */
    public static final Duration WAIT = Duration.ofSeconds(10);

    private final List<String> headers;
    private final List<String> lines = new CopyOnWriteArrayList<>();

    private LogCapture(List<String> headers) {
        this.headers = List.copyOf(headers);
    }

    /**
     * Captures the events of {@code level} ({@code WARN}, {@code ERROR}) from each of {@code loggers} (logger names,
     * normally class names).
     */
    public static LogCapture of(String level, String... loggers) {
        List<String> headers = new ArrayList<>();
        for (String logger : loggers) {
            headers.add(" " + level + " " + logger + " - ");
        }
        return new LogCapture(headers);
    }

    /** Every line captured so far, as slf4j-simple formats it, with any stack trace after a line break. */
    public List<String> lines() {
        return List.copyOf(lines);
    }

    /**
     * Waits until a captured line contains {@code fragment} and returns it.
     *
     * @throws AssertionError listing the lines captured if none contains it within {@link #WAIT}
     */
    public String await(String fragment) {
        return await(fragment, WAIT);
    }

    String await(String fragment, Duration timeout) {
        Await.until(timeout, () -> find(fragment) != null,
                () -> "a log line containing \"" + fragment + "\" (captured: " + lines + ")");
        return find(fragment);
    }

    private String find(String fragment) {
        for (String line : lines) {
            if (line.contains(fragment)) {
                return line;
            }
        }
        return null;
    }

    boolean accepts(String line) {
        int end = line.indexOf('\n') < 0 ? line.length() : line.indexOf('\n');
        String first = line.substring(0, end);
        for (String header : headers) {
            if (first.contains(header)) {
                return true;
            }
        }
        return false;
    }

    void add(String line) {
        lines.add(line);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        Router.install().captures.add(this);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        Router.install().captures.remove(this);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        Router.install().captures.add(this);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Router.install().captures.remove(this);
    }

    /**
     * The {@link System#err} installed once per JVM: routes each matching slf4j-simple event to its capture, passes
     * everything else through.
     */
    static final class Router extends PrintStream {

        private static Router installed;

        final List<LogCapture> captures = new CopyOnWriteArrayList<>();
        private final ThreadLocal<Pending> pending = new ThreadLocal<>();

        private Router(PrintStream original) {
            super(original, true, StandardCharsets.UTF_8);
        }

        static synchronized Router install() {
            if (installed == null || System.err != installed) {
                installed = new Router(System.err);
                System.setErr(installed);
            }
            return installed;
        }

        @Override
        public void println(String line) {
            LogCapture target = line == null ? null : target(line);
            if (target == null) {
                super.println(line);
            } else {
                pending.set(new Pending(target, line));
            }
        }

        @Override
        public void write(int b) {
            Pending p = pending.get();
            if (p == null) {
                super.write(b);
            } else {
                p.trace.write(b);
            }
        }

        @Override
        public void write(byte[] buf, int off, int len) {
            Pending p = pending.get();
            if (p == null) {
                super.write(buf, off, len);
            } else {
                p.trace.write(buf, off, len);
            }
        }

        /** slf4j-simple flushes once per event: the captured event is complete. */
        @Override
        public void flush() {
            Pending p = pending.get();
            if (p == null) {
                super.flush();
            } else {
                pending.remove();
                String trace = p.trace.toString(StandardCharsets.UTF_8);
                p.target.add(trace.isEmpty() ? p.line : p.line + System.lineSeparator() + trace);
            }
        }

        private LogCapture target(String line) {
            for (LogCapture capture : captures) {
                if (capture.accepts(line)) {
                    return capture;
                }
            }
            return null;
        }
    }

    private static final class Pending {
        final LogCapture target;
        final String line;
        final ByteArrayOutputStream trace = new ByteArrayOutputStream();

        Pending(LogCapture target, String line) {
            this.target = target;
            this.line = line;
        }
    }
}
