package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sitting's tables from the files {@code sitting.sh} writes: ratios per round and layout, and every run. */
class SittingReportTest {

    @TempDir
    Path dir;

    private void write(int round, String step, String results, String log) throws IOException {
        Path d = Files.createDirectories(dir.resolve("round-" + round));
        Files.writeString(d.resolve(step + ".results"), results, StandardCharsets.UTF_8);
        Files.writeString(d.resolve(step + ".log"), log, StandardCharsets.UTF_8);
    }

    private static String heavy(String before, String after) {
        return "heavy: load before: " + before + " 0.9 0.8\nreport...\nheavy: load after: " + after + " 1.0 0.9\n";
    }

    private void round(int n, double kvSeq, double jraftSeq, double jraftMultiSeq) throws IOException {
        write(n, "raftwire-inproc", "RESULT label=ideal round=1 seq_ops_s=10000 pipe_ops_s=200000\n"
                + "RESULT label=direct/kryo round=1 seq_ops_s=5000 pipe_ops_s=100000\n"
                + "RESULT label=kv/kryo/durable round=1 seq_ops_s=" + kvSeq + " seq_p50_us=700 seq_p99_us=2000"
                + " pipe_ops_s=20000 read_ops_s=3000 seq_cpu_ms_per_op=0.862 seq_err=0 pipe_err=0 read_err=0\n",
                heavy("0.50", "1.70"));
        write(n, "jraft-inproc", "RESULT lib=jraft mode=inproc config=default round=1 seq_ops_s=" + jraftSeq
                + " seq_p50_us=900 pipe_ops_s=10000 read_ops_s=2500 seq_cpu_ours=1.50\n", heavy("0.60", "1.60"));
        write(n, "raftwire-multiproc", "RESULT label=kv/kryo/durable/multiproc round=1 seq_ops_s=900"
                + " pipe_ops_s=15000 read_ops_s=2000\n", heavy("0.70", "1.50"));
        write(n, "jraft-multiproc", "RESULT lib=jraft mode=multiproc config=default round=1 seq_ops_s="
                + jraftMultiSeq + " pipe_ops_s=15000 read_ops_s=4000\n", heavy("0.40", "1.40"));
    }

    private String report() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, SittingReport.print(dir, new PrintStream(out, true, StandardCharsets.UTF_8)));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void eachRoundHasItsRatiosPerLayoutAndTheSummaryIsTheirMedianAndRange() throws IOException {
        round(1, 2000, 1000, 600);
        round(2, 1500, 1000, 900);
        round(3, 3000, 1000, 450);
        String report = report();
        assertTrue(report.contains("| 1 | 2.00× | 2.00× | 1.20× | 1.50× | 1.00× | 0.50× | 0.50× |"), report);
        assertTrue(report.contains("| 2 | 1.50× | 2.00× | 1.20× | 1.00× | 1.00× | 0.50× | 0.50× |"), report);
        assertTrue(report.contains("| median [min..max] | 2.00 [1.50..3.00] | 2.00 [2.00..2.00] | 1.20 [1.20..1.20]"
                + " | 1.50 [1.00..2.00] |"), report);
    }

    @Test
    void everyRunShowsItsFiguresTheLoadAroundItsStepAndItsCpuPerCommit() throws IOException {
        round(1, 2000, 1000, 600);
        String report = report();
        assertTrue(report.contains("| 1 | raftwire-inproc | kv/kryo/durable | 0.50→1.70 | 2000 | 700 | 2000 | 20000 |"
                + " - | - | 3000 | - | - | 0.862 | 0/0/0 |"), report);
        // the peers' CPU: their cores during (a) × 1000 ÷ their commits/s
        assertTrue(report.contains("| 1 | jraft-inproc | jraft/inproc | 0.60→1.60 | 1000 | 900 | - | 10000 |"), report);
        assertTrue(report.contains("| 1.500 |"), report);
    }

    @Test
    void aMissingStepIsNamedAndFailsTheReport() throws IOException {
        round(1, 2000, 1000, 600);
        Files.delete(dir.resolve("round-1").resolve("jraft-multiproc.results"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(1, SittingReport.print(dir, new PrintStream(out, true, StandardCharsets.UTF_8)));
        String report = out.toString(StandardCharsets.UTF_8);
        assertTrue(report.contains("- round 1: jraft-multiproc has no RESULT line (see its log)"), report);
        assertTrue(report.contains("| 1 | 2.00× | 2.00× | 1.20× | - | - | - | 0.50× |"), report);
    }

    @Test
    void aDirectoryWithoutRoundsIsRefusedSayingWhatWasExpected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SittingReport.print(dir, new PrintStream(new ByteArrayOutputStream(), true,
                        StandardCharsets.UTF_8)));
        assertEquals("no round-<n> directory in " + dir + " (expected: the results directory of"
                + " benchmarks/sitting.sh)", e.getMessage());
    }
}
