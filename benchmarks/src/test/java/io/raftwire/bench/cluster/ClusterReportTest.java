package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's arithmetic on given figures: medians, per-round target checks, ratios to the ideal and the peers. */
class ClusterReportTest {

    private static Map<String, String> result(String label, int round, String... kv) {
        Map<String, String> r = new LinkedHashMap<>();
        r.put("label", label);
        r.put("round", Integer.toString(round));
        for (int i = 0; i < kv.length; i += 2) {
            r.put(kv[i], kv[i + 1]);
        }
        return r;
    }

    private static String print(ClusterReport report, PeerResults peers, double fsync) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        report.print(new PrintStream(bytes, true, StandardCharsets.UTF_8), peers, "raw-echo/kryo", fsync);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String row(String text, String start) {
        return text.lines().filter(l -> l.startsWith(start)).findFirst().orElseThrow(() -> new AssertionError(
                "no row starting with " + start + " in:\n" + text));
    }

    private static ClusterReport twoRounds() {
        ClusterReport report = new ClusterReport();
        // round 1: bound = 20 + 1.5 * 20 = 50; round 2: bound = 22 + 1.5 * 30 = 67
        report.add(result("ideal", 1, "seq_ops_s", "50000", "seq_p50_us", "20", "pipe_ops_s", "500000"));
        report.add(result("ideal", 2, "seq_ops_s", "40000", "seq_p50_us", "22", "pipe_ops_s", "400000"));
        report.add(result("raw-echo/kryo", 1, "raw_p50_us", "20", "raw_p99_us", "40", "raw_per_s", "40000"));
        report.add(result("raw-echo/kryo", 2, "raw_p50_us", "30", "raw_p99_us", "50", "raw_per_s", "30000"));
        // pipelined 0.60 and 0.30 of the ideal; sequential p50 45 (<= 50) and 70 (> 67)
        report.add(result("direct/kryo", 1, "seq_ops_s", "20000", "seq_p50_us", "45", "pipe_ops_s", "300000",
                "seq_err", "0", "pipe_err", "1"));
        report.add(result("direct/kryo", 2, "seq_ops_s", "10000", "seq_p50_us", "70", "pipe_ops_s", "120000",
                "seq_err", "2", "pipe_err", "0"));
        report.add(result("kv/kryo/durable", 1, "seq_ops_s", "3000", "seq_p50_us", "300", "pipe_ops_s", "60000",
                "read_ops_s", "6000", "read_bad", "0", "read_err", "0"));
        return report;
    }

    @Test
    void cellsAreMedianMinMaxAndErrorsAreSummed() {
        String text = print(twoRounds(), PeerResults.none(), Double.NaN);
        String direct = row(text, "| direct/kryo |");
        assertTrue(direct.startsWith("| direct/kryo | 2 | 15000 [10000..20000] | 57.5 [45.0..70.0] |"), direct);
        assertTrue(direct.endsWith("| 2/1/- | - |"), direct);
        assertTrue(row(text, "| raw-echo/kryo |").startsWith("| raw-echo/kryo | 2 | 25.0 [20.0..30.0] |"));
    }

    @Test
    void targetsAreCheckedRoundByRoundAgainstTheIdealAndTheRawRoundTrip() {
        String targets = row(print(twoRounds(), PeerResults.none(), Double.NaN).lines()
                .dropWhile(l -> !l.startsWith("### Targets, durability off")).reduce("", (a, b) -> a
                        + b + "\n"), "| direct/kryo |");
        assertEquals("| direct/kryo | 0.45 [0.30..0.60] | ≥ 0.50 | 1/2 | 57.5 [45.0..70.0] | 58.5 [50.0..67.0] | 1/2"
                + " | pipelined **missed**, sequential **met** |", targets);
    }

    @Test
    void ratiosToTheIdealAreOfMedians() {
        String text = print(twoRounds(), PeerResults.none(), Double.NaN);
        String ideal = text.substring(text.indexOf("### Against the ideal"));
        assertTrue(row(ideal, "| direct/kryo |").startsWith("| direct/kryo | 0.33× | 2.74× | 0.47× |"),
                row(ideal, "| direct/kryo |"));
    }

    @Test
    void peersOfTheSameSittingAreReadFromTheirResultFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("results.txt");
        Files.write(file, List.of(
                "RESULT lib=jraft mode=inproc config=default round=1 seq_ops_s=1000 seq_p50_us=600 pipe_ops_s=20000"
                        + " read_ops_s=5000",
                "RESULT lib=jraft mode=inproc config=default round=2 seq_ops_s=1400 seq_p50_us=700 pipe_ops_s=20000"
                        + " read_ops_s=5000",
                "RESULT lib=jraft mode=multiproc config=default round=1 seq_ops_s=1 seq_p50_us=1 pipe_ops_s=1",
                "noise"));
        PeerResults peers = PeerResults.load(file, "inproc", "default");
        assertEquals(List.of("jraft"), peers.libraries());
        assertEquals(2, peers.rounds("jraft").size());
        String text = print(twoRounds(), peers, 100);
        assertTrue(row(text, "| jraft | 2 |").startsWith("| jraft | 2 | 1200 [1000..1400] | 650 [600..700] |"));
        assertEquals("| kv/kryo/durable | jraft | 2.50× | 0.46× | 3.00× | 1.20× |", row(text,
                "| kv/kryo/durable | jraft |"));
        // durable bound: 2 x 100 + 2 x 25 (raw median)
        assertTrue(row(text.substring(text.indexOf("Targets, durable")), "| kv/kryo/durable |")
                .endsWith("| 2.50× | 3.00× | 1.20× | 300 | 250 |"));
    }

    @Test
    void aPeerFileWithoutTheLayoutIsRefusedNamingWhatWasExpected(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("results.txt");
        Files.write(file, List.of("RESULT lib=jraft mode=multiproc config=default round=1 seq_ops_s=1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PeerResults.load(file, "inproc", "default"));
        assertTrue(e.getMessage().contains("no RESULT line with mode=inproc config=default"), e.getMessage());
    }

    @Test
    void resultLinesRoundTripAndRefuseSpaces() {
        Map<String, String> fields = result("kv/kryo/memory", 3, "seq_ops_s", "12.5");
        assertEquals(fields, ResultLine.parse(ResultLine.format(fields)));
        assertNull(ResultLine.parse("WARN something"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ResultLine.format(Map.of("a", "b c")))
                .getMessage().contains("no whitespace"));
    }
}
