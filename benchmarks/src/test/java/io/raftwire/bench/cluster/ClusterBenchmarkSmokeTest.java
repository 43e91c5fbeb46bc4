package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.testkit.leak.LeakDetectionExtension;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every mode of the cluster benchmark for a moment, in this JVM (the multi-process KV runs with three member JVMs
 * besides): the report has its tables and a row per run, every run committed, the KV node read back the value it
 * wrote, and no member process is left afterwards. No figure is asserted.
 */
@ExtendWith(LeakDetectionExtension.class)
@Tag("long") // a tool outside the library, and a cluster per mode: the long profile runs it (mvn -B -ntp verify -Plong)
class ClusterBenchmarkSmokeTest {

    private static String row(String text, String start) {
        return text.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(
                "no row starting with " + start + " in:\n" + text));
    }

    @Test
    @Timeout(240)
    void everyModeRunsBrieflyAndTheReportHasItsTables() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ClusterBenchmark.run(List.of("rounds=1", "warmup=0.1", "measure=0.3", "fork=false",
                "serializers=kryo", "kv-serializers=kryo", "layout=inproc,multiproc"), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String report = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, "exit code; progress:\n" + err.toString(StandardCharsets.UTF_8) + "\nreport:\n" + report);

        assertTrue(report.contains("### Throughput and latency (median [min..max] over rounds; latencies in µs)"));
        assertTrue(report.contains("| run | rounds | (a) seq commits/s | (a) p50 |"), report);
        assertTrue(row(report, "| ideal | 1 |").endsWith("| 0/0/- | - |"), "the ideal has no read workload");
        assertTrue(row(report, "| direct/kryo | 1 |").endsWith("| 0/0/- | - |"));
        assertTrue(row(report, "| kv/kryo/memory | 1 |").endsWith("| 0/0/0 | 0 |"),
                "the KV node answers every put and read, and each read sees the value written before");
        assertTrue(row(report, "| raw-echo/kryo | 1 |").matches("\\| raw-echo/kryo \\| 1 \\| [0-9.]+ \\|.*"));
        String verdict = row(report.substring(report.indexOf("### Targets, durability off")),
                "| direct/kryo |");
        assertTrue(verdict.matches(".*pipelined \\*\\*(met|missed)\\*\\*, sequential \\*\\*(met|missed)\\*\\* \\|"),
                verdict);
        assertTrue(report.contains("### Cost per operation"));
        assertTrue(report.contains("### Against the ideal (ratios of medians)"));
        assertTrue(row(report, "| kv/kryo/memory/multiproc | 1 |").endsWith("| 0/0/0 | 0 |"),
                "three member JVMs answer every put and read like the members in one JVM");
        assertEquals(0, ProcessHandle.current().descendants().count(), "no member process outlives its run");
        if (KvEndToEnd.durableAvailable()) {
            assertTrue(row(report, "| kv/kryo/durable | 1 |").endsWith("| 0/0/0 | 0 |"));
            assertTrue(row(report, "| kv/kryo/durable/multiproc | 1 |").endsWith("| 0/0/0 | 0 |"));
        } else {
            assertTrue(report.contains("- kv/kryo/durable: not run"), report);
        }
    }
}
