package io.raftwire.bench.shards;

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

/** The sharded sitting's tables from the files {@code shard-sitting.sh} writes: ratios, targets, runs, idle table. */
class ShardSittingReportTest {

    @TempDir
    Path dir;

    private void step(int round, String name, String result, String before, String after) throws IOException {
        Path d = Files.createDirectories(dir.resolve("round-" + round));
        Files.writeString(d.resolve(name + ".results"), result, StandardCharsets.UTF_8);
        Files.writeString(d.resolve(name + ".log"), "heavy: load before: " + before + " 0.9 0.8\n| table |\n"
                + "heavy: load after: " + after + " 1.0 0.9\n", StandardCharsets.UTF_8);
    }

    private static String seq(int groups, double perSecond) {
        return "RESULT kind=seq groups=" + groups + " clients=16 durable=true ops_s=" + perSecond + " p50_us=4500"
                + " p99_us=9000 cpu_ms_per_op=1.250 jvm_cores=1.60 other_cores=0.05 msgs_per_op=7.10 cs_per_op=30.00"
                + " fsyncs_per_op=NaN leaders=m-1:6,m-2:5,m-3:5\n";
    }

    private static String pipe(int groups, double perSecond) {
        return "RESULT kind=pipe groups=" + groups + " inflight=64 durable=true ops_s=" + perSecond + " p50_us=3000"
                + " p99_us=8000 cpu_ms_per_op=0.400 jvm_cores=1.90 other_cores=0.10 msgs_per_op=2.50 cs_per_op=5.00"
                + " fsyncs_per_op=0.250 leaders=m-1:3,m-2:3,m-3:2\n";
    }

    /** A round in the script's order: odd rounds 1 group first, even rounds N groups first. */
    private void round(int n, double seq1, double seq16, double pipe1, double pipe8) throws IOException {
        boolean odd = n % 2 == 1;
        step(n, odd ? "1-seq-g1" : "2-seq-g1", seq(1, seq1), "0.50", "2.10");
        step(n, odd ? "2-seq-g16" : "1-seq-g16", seq(16, seq16), "1.20", "2.90");
        step(n, odd ? "3-pipe-g1" : "4-pipe-g1", pipe(1, pipe1), "1.30", "3.00");
        step(n, odd ? "4-pipe-g8" : "3-pipe-g8", pipe(8, pipe8), "1.40", "3.10");
    }

    private String report(int expectedExit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(expectedExit, ShardSittingReport.print(dir, new PrintStream(out, true, StandardCharsets.UTF_8)));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void eachRoundHasBothRatiosAndTheTargetsAreJudgedOnTheirMedian() throws IOException {
        round(1, 3000, 6000, 16000, 8000);
        round(2, 2000, 9000, 16000, 16000);
        round(3, 1000, 5000, 10000, 20000);

        String report = report(0);

        assertTrue(report.contains("| round | sequential: 16 groups ÷ 1 group | pipelined: 8 groups ÷ 1 group |"),
                report);
        assertTrue(report.contains("| 1 | 6,000 ÷ 3,000 = 2.00× | 8,000 ÷ 16,000 = 0.50× |"), report);
        assertTrue(report.contains("| 2 | 9,000 ÷ 2,000 = 4.50× | 16,000 ÷ 16,000 = 1.00× |"), report);
        assertTrue(report.contains("| 3 | 5,000 ÷ 1,000 = 5.00× | 20,000 ÷ 10,000 = 2.00× |"), report);
        assertTrue(report.contains("| median [min..max] | **4.50 [2.00..5.00]** | **1.00 [0.50..2.00]** |"), report);
        assertTrue(report.contains("| sequential clients on 16 groups ≥ 4.00× on 1 group | 4.50 [2.00..5.00] |"
                + " met (median; 2 of 3 rounds reached it) |"), report);
        assertTrue(report.contains("| pipelined on 8 groups ≥ 1.00× on 1 group | 1.00 [0.50..2.00] |"
                + " met (median; 2 of 3 rounds reached it) |"), report);
    }

    @Test
    void everyRunIsListedInTheOrderItRanWithItsLoadAndCosts() throws IOException {
        round(1, 3000, 6000, 16000, 8000);
        round(2, 2000, 1500, 16000, 8000);

        String report = report(0);

        assertTrue(report.contains("| 1 | 16 sequential | 1 | 0.50→2.10 | 3,000 | 4,500 | 9,000 | 1.250 | 1.60 |"
                + " 0.05 | 7.1 | 30.0 | - | m-1:6 m-2:5 m-3:5 |"), report);
        assertTrue(report.contains("| 2 | pipelined, 64 in flight | 8 | 1.40→3.10 | 8,000 | 3,000 | 8,000 | 0.400 |"
                + " 1.90 | 0.10 | 2.5 | 5.0 | 0.25 | m-1:3 m-2:3 m-3:2 |"), report);
        int sixteenFirst = report.indexOf("| 2 | 16 sequential | 16 |");
        int oneAfter = report.indexOf("| 2 | 16 sequential | 1 |");
        assertTrue(sixteenFirst > 0 && oneAfter > sixteenFirst, "round 2 ran 16 groups first: " + report);
        assertTrue(report.contains("| sequential clients on 16 groups ≥ 4.00× on 1 group | 1.38 [0.75..2.00] |"
                + " missed (median; 0 of 2 rounds reached it) |"), report);
    }

    @Test
    void theIdleTableGivesTheCostOfEachGroupBeyondTheFirst() throws IOException {
        round(1, 3000, 6000, 16000, 8000);
        Files.writeString(dir.resolve("idle.results"), """
                RESULT kind=idle groups=1 threads_per_member=4 heap_kib_per_member=2048 heap_kib_per_group=2048.0
                RESULT kind=idle groups=16 threads_per_member=4 heap_kib_per_member=11264 heap_kib_per_group=704.0
                """, StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("idle.log"), "heavy: load before: 0.70 1 1\nheavy: load after: 1.10 1 1\n",
                StandardCharsets.UTF_8);

        String report = report(0);

        assertTrue(report.contains("load 0.70→1.10)"), report);
        assertTrue(report.contains("| 1 | 4 | 2.0 | 2,048 | - |"), report);
        assertTrue(report.contains("| 16 | 4 | 11.0 | 704 | 614 |"), "(11264 − 2048) ÷ 15 = 614 KiB: " + report);
    }

    @Test
    void theLoadsTheScriptPrintsInsideOneLockPerRoundAreReadLikeHeavys() throws IOException {
        round(1, 3000, 6000, 16000, 8000);
        Files.writeString(dir.resolve("round-1").resolve("2-seq-g16.log"), "sitting: load before: 3.90 2.0 1.0\n"
                + "| table |\nsitting: load after: 4.20 2.1 1.0\n", StandardCharsets.UTF_8);

        String report = report(0);

        assertTrue(report.contains("| 1 | 16 sequential | 16 | 3.90→4.20 | 6,000 |"), report);
    }

    @Test
    void aStepWithoutAResultLineIsNamedAndFailsTheReport() throws IOException {
        round(1, 3000, 6000, 16000, 8000);
        step(1, "4-pipe-g8", "", "1.40", "3.10");

        String report = report(1);

        assertTrue(report.contains("| 1 | pipe-g8 | - | 1.40→3.10 | no result |"), report);
        assertTrue(report.contains("- round 1: pipe-g8 has no RESULT line (see its log)"), report);
        assertTrue(report.contains("| 1 | 6,000 ÷ 3,000 = 2.00× | - |"), report);
        assertTrue(report.contains("(no idle.results: the idle footprint was not measured)"), report);
    }

    @Test
    void aDirectoryWithoutRoundsIsRefusedNamingWhatWasExpected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ShardSittingReport.print(dir, new PrintStream(new ByteArrayOutputStream(), true,
                        StandardCharsets.UTF_8)));
        assertEquals("no round-<n> directory in " + dir + " (expected: the results directory of"
                + " benchmarks/shard-sitting.sh)", e.getMessage());
    }
}
