package io.raftwire.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.it.ItProviders;
import io.raftwire.cli.RaftwireCommand;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.raftwire.transport.netty.testkit.LogCapture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code raftwire demo} in-process, through picocli, with a small workload. */
class DemoIT {

    /** The demo stops a member on purpose: its peers report it unreachable. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane");

    record Run(int status, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Run(status, out.toString(), err.toString());
    }

    @ParameterizedTest
    @MethodSource("demoProviders")
    @Timeout(120)
    void aSmallDemoEndsWithEqualStateMachinesAndReportsLeadersAndLatency(String serializer) {
        Run r = run("demo", "--serializer", serializer, "--ops", "1500", "--clients", "2", "--in-flight", "4",
                "--progress", "line");
        assertEquals(0, r.status(), r.out() + r.err());
        assertTrue(r.out().contains("serializer      " + serializer), r.out());
        Matcher leaders = Pattern.compile("leaders +(node-\\d) \\(elected at start\\) -> (node-\\d) \\(after (node-\\d)"
                + " was killed, \\d+ ms\\)").matcher(r.out());
        assertTrue(leaders.find(), "the report names the first leader and the one after the kill:\n" + r.out());
        assertEquals(leaders.group(1), leaders.group(3), "the killed member is the first leader");
        assertTrue(!leaders.group(1).equals(leaders.group(2)), "a new leader took over");
        assertTrue(r.out().contains("operations      1,500 done, 0 failed"), r.out());
        assertTrue(Pattern.compile("latency \\(us\\) +p50 [\\d,]+  p99 [\\d,]+  p99\\.9 [\\d,]+").matcher(r.out()).find(),
                r.out());
        assertTrue(r.out().contains("AppendEntriesRequestModel (110)"), "bytes on the wire per message type");
        assertTrue(Pattern.compile("state machines  EQUAL on all 3 members at log index \\d+").matcher(r.out()).find(),
                r.out());
        assertTrue(r.out().contains("restarted from its data directory"), r.out());
    }

    @Test
    @Timeout(30)
    void badArgumentsGiveOneLineNamingWhatWasExpected() {
        for (List<String> args : List.of(
                List.of("demo", "--nodes", "2"),
                List.of("demo", "--serializer", "kyro"),
                List.of("demo", "--ops", "5", "--duration", "3"))) {
            Run r = run(args.toArray(String[]::new));
            assertEquals(2, r.status(), args + ": " + r.err());
            String first = r.err().lines().findFirst().orElse("");
            assertTrue(first.contains("expected"), args + " gave: " + r.err());
        }
        Run r = run("demo", "--serializer", "kyro");
        assertTrue(r.err().contains("--serializer = kyro (expected: one of the installed serializers fory, jdk,"
                + " kryo, protostuff)"), r.err());
    }

    /** kryo, the demo's default, in the default test command; every provider in the long profile. */
    static List<String> demoProviders() {
        return ItProviders.of("kryo", "kryo", "protostuff", "jdk");
    }
}
