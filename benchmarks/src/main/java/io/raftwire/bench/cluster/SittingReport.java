package io.raftwire.bench.cluster;

import io.raftwire.bench.transport.Spread;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The tables of a sitting that {@code benchmarks/sitting.sh} recorded: per round, the ratios raftwire ÷ SOFAJRaft for
 * (a), (b) and (c) in each layout and direct pipelined ÷ the ideal, with median [min..max] over the rounds; then every
 * run's commits/s, p50 and p99 and the load that {@code heavy --quiet} printed before and after its step.
 *
 * <p>Reads {@code RESULTS_DIR/round-<n>/<step>.results} ({@code RESULT} lines: raftwire's {@code ClusterBenchmark
 * results=} file, or the peers' {@code run.sh} results file) and {@code <step>.log} (the step's output, with
 * heavy's {@code heavy: load before: ...} and {@code heavy: load after: ...} lines). Steps: {@code raftwire-inproc},
 * {@code jraft-inproc}, {@code raftwire-multiproc}, {@code jraft-multiproc}; a missing step reads as no figures.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.cluster.SittingReport RESULTS_DIR
 * </pre>
 */
public final class SittingReport {

    /** The steps of a round, in the order the script runs them. */
    static final List<String> STEPS = List.of("raftwire-inproc", "jraft-inproc", "raftwire-multiproc",
            "jraft-multiproc");
    private static final Pattern ROUND_DIR = Pattern.compile("round-([0-9]+)");

    private SittingReport() {
    }

    public static void main(String[] args) {
        SittingFiles.main(args, "benchmarks/sitting.sh", SittingReport::print);
    }

    /** One round's figures: by step, its result lines and the loads around it. */
    record Round(int number, Map<String, List<Map<String, String>>> results, Map<String, String> loads) {

        /** The raftwire line labelled {@code label} in {@code step}, or null. */
        Map<String, String> raftwire(String step, String label) {
            return results.getOrDefault(step, List.of()).stream().filter(r -> label.equals(r.get("label")))
                    .findFirst().orElse(null);
        }

        /**
         * The peers' jraft line of {@code step} with their default durability and the step's layout
         * ({@code jraft-inproc}: {@code mode=inproc}), or null.
         */
        Map<String, String> jraft(String step) {
            String mode = step.substring(step.indexOf('-') + 1);
            return results.getOrDefault(step, List.of()).stream().filter(r -> "jraft".equals(r.get("lib"))
                    && mode.equals(r.get("mode")) && "default".equals(r.get("config"))).findFirst().orElse(null);
        }
    }

    /**
     * Prints the tables.
     *
     * @return 0 if every step of every round has its result lines, 1 otherwise
     * @throws IllegalArgumentException if {@code dir} holds no {@code round-<n>} directory
     */
    static int print(Path dir, PrintStream out) throws IOException {
        List<Round> rounds = read(dir);
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no round-<n> directory in " + dir + " (expected: the results"
                    + " directory of benchmarks/sitting.sh)");
        }
        out.println("## Sitting " + dir.getFileName() + ": " + rounds.size() + " round(s)");
        out.println();
        ratios(rounds, out);
        out.println();
        runs(rounds, out);
        int missing = 0;
        for (Round r : rounds) {
            for (String step : STEPS) {
                if (r.results.getOrDefault(step, List.of()).isEmpty()) {
                    out.println("- round " + r.number + ": " + step + " has no RESULT line (see its log)");
                    missing++;
                }
            }
        }
        return missing == 0 ? 0 : 1;
    }

    static List<Round> read(Path dir) throws IOException {
        List<Round> rounds = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(dir)) {
            for (Path d : dirs.filter(Files::isDirectory).toList()) {
                Matcher m = ROUND_DIR.matcher(d.getFileName().toString());
                if (!m.matches()) {
                    continue;
                }
                Map<String, List<Map<String, String>>> results = new LinkedHashMap<>();
                Map<String, String> loads = new LinkedHashMap<>();
                for (String step : STEPS) {
                    results.put(step, SittingFiles.resultLines(d.resolve(step + ".results")));
                    loads.put(step, SittingFiles.loads(d.resolve(step + ".log")));
                }
                rounds.add(new Round(Integer.parseInt(m.group(1)), results, loads));
            }
        }
        rounds.sort(Comparator.comparingInt(Round::number));
        return rounds;
    }

    /** A ratio of one round, NaN where a figure is missing. */
    private record RatioColumn(String title, Function<Round, Double> of) {
    }

    private static void ratios(List<Round> rounds, PrintStream out) {
        List<RatioColumn> columns = List.of(
                ratio("inproc (a) kv durable ÷ JRaft", "raftwire-inproc", "kv/kryo/durable", "jraft-inproc", "seq_ops_s"),
                ratio("inproc (b)", "raftwire-inproc", "kv/kryo/durable", "jraft-inproc", "pipe_ops_s"),
                ratio("inproc (c)", "raftwire-inproc", "kv/kryo/durable", "jraft-inproc", "read_ops_s"),
                ratio("multiproc (a) kv durable ÷ JRaft", "raftwire-multiproc", "kv/kryo/durable/multiproc",
                        "jraft-multiproc", "seq_ops_s"),
                ratio("multiproc (b)", "raftwire-multiproc", "kv/kryo/durable/multiproc", "jraft-multiproc",
                        "pipe_ops_s"),
                ratio("multiproc (c)", "raftwire-multiproc", "kv/kryo/durable/multiproc", "jraft-multiproc",
                        "read_ops_s"),
                new RatioColumn("direct (b) ÷ ideal (b)", r -> divide(r.raftwire("raftwire-inproc", "direct/kryo"),
                        "pipe_ops_s", r.raftwire("raftwire-inproc", "ideal"), "pipe_ops_s")));
        out.println("### Ratios per round (raftwire ÷ SOFAJRaft of the same round and layout; kryo)");
        out.println();
        StringBuilder head = new StringBuilder("| round |");
        StringBuilder rule = new StringBuilder("|---|");
        for (RatioColumn c : columns) {
            head.append(' ').append(c.title).append(" |");
            rule.append("---|");
        }
        out.println(head);
        out.println(rule);
        for (Round r : rounds) {
            StringBuilder row = new StringBuilder("| " + r.number + " |");
            for (RatioColumn c : columns) {
                row.append(' ').append(ratioText(c.of.apply(r))).append(" |");
            }
            out.println(row);
        }
        StringBuilder summary = new StringBuilder("| median [min..max] |");
        for (RatioColumn c : columns) {
            List<Double> values = new ArrayList<>();
            for (Round r : rounds) {
                double v = c.of.apply(r);
                if (!Double.isNaN(v)) {
                    values.add(v);
                }
            }
            Spread s = Spread.of(values);
            summary.append(' ').append(s.count() == 0 ? "-" : s.format(ClusterReport::num2)).append(" |");
        }
        out.println(summary);
    }

    private static RatioColumn ratio(String title, String step, String label, String peerStep, String key) {
        return new RatioColumn(title, r -> divide(r.raftwire(step, label), key, r.jraft(peerStep), key));
    }

    private static double divide(Map<String, String> a, String keyA, Map<String, String> b, String keyB) {
        if (a == null || b == null) {
            return Double.NaN;
        }
        double y = ClusterReport.number(b, keyB);
        return y == 0 ? Double.NaN : ClusterReport.number(a, keyA) / y;
    }

    private static String ratioText(double v) {
        return Double.isNaN(v) ? "-" : ClusterReport.num2(v) + "×";
    }

    private static void runs(List<Round> rounds, PrintStream out) {
        out.println("### Every run (commits or reads per second, p50 and p99 in µs; CPU ms per (a) commit summed over"
                + " the run's JVMs; load: 1-minute load average before→after the step, as heavy printed it)");
        out.println();
        out.println("| round | step | run | load | (a)/s | (a) p50 | (a) p99 | (b)/s | (b) p50 | (b) p99 | (c)/s |"
                + " (c) p50 | (c) p99 | CPU ms/(a) | errors a/b/c |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (Round r : rounds) {
            for (String step : STEPS) {
                for (Map<String, String> line : r.results.getOrDefault(step, List.of())) {
                    if (line.containsKey("raw_p50_us")) {
                        continue;
                    }
                    String run = line.containsKey("label") ? line.get("label")
                            : line.get("lib") + "/" + line.get("mode");
                    out.println("| " + r.number + " | " + step + " | " + run + " | " + r.loads.get(step) + " | "
                            + f(line, "seq_ops_s") + " | " + f(line, "seq_p50_us") + " | " + f(line, "seq_p99_us")
                            + " | " + f(line, "pipe_ops_s") + " | " + f(line, "pipe_p50_us") + " | "
                            + f(line, "pipe_p99_us") + " | " + f(line, "read_ops_s") + " | " + f(line, "read_p50_us")
                            + " | " + f(line, "read_p99_us") + " | " + cpuPerCommit(line) + " | "
                            + line.getOrDefault("seq_err", "-") + "/" + line.getOrDefault("pipe_err", "-") + "/"
                            + line.getOrDefault("read_err", "-") + " |");
                }
            }
        }
    }

    /**
     * CPU ms per sequential commit: raftwire's {@code seq_cpu_ms_per_op} (its measurement window); for the peers,
     * {@code seq_cpu_ours} cores × 1000 ÷ {@code seq_ops_s}, as their {@code Summarize} computes it (their cores are
     * averaged over warm-up and measurement).
     */
    static String cpuPerCommit(Map<String, String> line) {
        if (line.containsKey("seq_cpu_ms_per_op")) {
            double v = ClusterReport.number(line, "seq_cpu_ms_per_op");
            return Double.isNaN(v) ? "-" : String.format(java.util.Locale.ROOT, "%.3f", v);
        }
        double cores = ClusterReport.number(line, "seq_cpu_ours");
        double ops = ClusterReport.number(line, "seq_ops_s");
        return Double.isNaN(cores) || Double.isNaN(ops) || ops == 0 ? "-"
                : String.format(java.util.Locale.ROOT, "%.3f", cores * 1000 / ops);
    }

    private static String f(Map<String, String> line, String key) {
        double v = ClusterReport.number(line, key);
        return Double.isNaN(v) ? "-" : ClusterReport.num(v);
    }
}
