package io.raftwire.bench.shards;

import io.raftwire.bench.cluster.SittingFiles;
import io.raftwire.bench.transport.Spread;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The tables of a sharded-store sitting that {@code benchmarks/shard-sitting.sh} recorded: per round, aggregate
 * commits/s of the sequential clients on N groups ÷ on 1 group and of the pipelined client on N groups ÷ on 1 group,
 * with median [min..max] over the rounds and each of issue 31's two throughput targets against it; every run's
 * figures with the load printed around it; and the idle footprint.
 *
 * <p>Reads {@code RESULTS_DIR/round-<n>/<step>.results} ({@link ShardBenchmark}'s {@code results=} lines, one run per
 * step) and {@code <step>.log} (the step's output with the 1-minute load before and after it: heavy's
 * {@code heavy: load before|after:} lines, or with {@code LOCK=round} the script's {@code sitting: load ...}), in the
 * order of the step names' number prefix ({@code 1-seq-g1}, {@code 2-seq-g16}, ...), and
 * {@code RESULTS_DIR/idle.results} with {@code idle.log}. A round's ratio needs the 1-group run and one run on more
 * groups of the same workload.
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.shards.ShardSittingReport RESULTS_DIR
 * </pre>
 */
public final class ShardSittingReport {

    /** Issue 31: sequential on N groups ≥ 4 × on 1 group. */
    static final double SEQUENTIAL_TARGET = 4.0;
    /** Issue 31: pipelined on N groups ≥ 1 × on 1 group. */
    static final double PIPELINED_TARGET = 1.0;

    private static final Pattern ROUND_DIR = Pattern.compile("round-([0-9]+)");
    private static final Pattern STEP_FILE = Pattern.compile("([0-9]+)-(.+)\\.results");

    private ShardSittingReport() {
    }

    public static void main(String[] args) {
        SittingFiles.main(args, "benchmarks/shard-sitting.sh", ShardSittingReport::print);
    }

    /** One step's run: its result line (null if the run wrote none) and heavy's loads around it. */
    record Step(int order, String name, Map<String, String> result, String loads) {
        String kind() {
            return result == null ? null : result.get("kind");
        }

        int groups() {
            return result == null ? -1 : (int) number(result, "groups");
        }
    }

    /** One round's steps, in the order they ran. */
    record Round(int number, List<Step> steps) {

        /** The workload's aggregate commits/s on {@code groups} groups in this round, NaN if missing. */
        double perSecond(String kind, int groups) {
            return steps.stream().filter(s -> kind.equals(s.kind()) && s.groups() == groups).findFirst()
                    .map(s -> ShardSittingReport.number(s.result, "ops_s")).orElse(Double.NaN);
        }

        /** The largest group count of the workload's runs in this round, or -1. */
        int manyGroups(String kind) {
            return steps.stream().filter(s -> kind.equals(s.kind())).mapToInt(Step::groups).max().orElse(-1);
        }

        /** The workload's N groups ÷ 1 group, NaN if either is missing or N is 1. */
        double ratio(String kind) {
            int many = manyGroups(kind);
            return many <= 1 ? Double.NaN : perSecond(kind, many) / perSecond(kind, 1);
        }
    }

    /**
     * Prints the tables.
     *
     * @return 0 if every step has its result line, 1 otherwise
     * @throws IllegalArgumentException if {@code dir} holds no {@code round-<n>} directory
     */
    static int print(Path dir, PrintStream out) throws IOException {
        List<Round> rounds = read(dir);
        if (rounds.isEmpty()) {
            throw new IllegalArgumentException("no round-<n> directory in " + dir + " (expected: the results"
                    + " directory of benchmarks/shard-sitting.sh)");
        }
        out.println("## Sharded store sitting " + dir.getFileName() + ": " + rounds.size() + " round(s)");
        out.println();
        ratios(rounds, out);
        out.println();
        runs(rounds, out);
        out.println();
        idle(dir, out);
        int missing = 0;
        for (Round r : rounds) {
            for (Step s : r.steps) {
                if (s.result == null) {
                    out.println("- round " + r.number + ": " + s.name + " has no RESULT line (see its log)");
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
                if (m.matches()) {
                    rounds.add(new Round(Integer.parseInt(m.group(1)), steps(d)));
                }
            }
        }
        rounds.sort(Comparator.comparingInt(Round::number));
        return rounds;
    }

    private static List<Step> steps(Path roundDir) throws IOException {
        List<Step> steps = new ArrayList<>();
        try (Stream<Path> files = Files.list(roundDir)) {
            for (Path f : files.toList()) {
                Matcher m = STEP_FILE.matcher(f.getFileName().toString());
                if (m.matches()) {
                    List<Map<String, String>> lines = SittingFiles.resultLines(f);
                    String name = m.group(1) + "-" + m.group(2);
                    steps.add(new Step(Integer.parseInt(m.group(1)), m.group(2), lines.isEmpty() ? null
                            : lines.get(0), SittingFiles.loads(roundDir.resolve(name + ".log"))));
                }
            }
        }
        steps.sort(Comparator.comparingInt(Step::order));
        return steps;
    }

    private static void ratios(List<Round> rounds, PrintStream out) {
        int seqMany = rounds.stream().mapToInt(r -> r.manyGroups("seq")).max().orElse(-1);
        int pipeMany = rounds.stream().mapToInt(r -> r.manyGroups("pipe")).max().orElse(-1);
        out.println("### Ratios per round (aggregate commits/s on N groups ÷ on 1 group, same workload, same round)");
        out.println();
        out.println("| round | sequential: " + seqMany + " groups ÷ 1 group | pipelined: " + pipeMany
                + " groups ÷ 1 group |");
        out.println("|---|---|---|");
        List<Double> seq = new ArrayList<>();
        List<Double> pipe = new ArrayList<>();
        for (Round r : rounds) {
            double s = r.ratio("seq");
            double p = r.ratio("pipe");
            out.println("| " + r.number + " | " + ratioText(s, r, "seq") + " | " + ratioText(p, r, "pipe") + " |");
            if (!Double.isNaN(s)) {
                seq.add(s);
            }
            if (!Double.isNaN(p)) {
                pipe.add(p);
            }
        }
        Spread s = Spread.of(seq);
        Spread p = Spread.of(pipe);
        out.println("| median [min..max] | **" + s.format(ShardSittingReport::num2) + "** | **"
                + p.format(ShardSittingReport::num2) + "** |");
        out.println();
        out.println("| target (issue 31) | this sitting | |");
        out.println("|---|---|---|");
        out.println("| sequential clients on " + seqMany + " groups ≥ " + num2(SEQUENTIAL_TARGET)
                + "× on 1 group | " + s.format(ShardSittingReport::num2) + " | " + verdict(s, seq,
                SEQUENTIAL_TARGET) + " |");
        out.println("| pipelined on " + pipeMany + " groups ≥ " + num2(PIPELINED_TARGET) + "× on 1 group | "
                + p.format(ShardSittingReport::num2) + " | " + verdict(p, pipe, PIPELINED_TARGET) + " |");
    }

    /** {@code met}/{@code missed} by the median, with how many rounds reached the target. */
    static String verdict(Spread s, List<Double> values, double target) {
        if (s.count() == 0) {
            return "no figure";
        }
        long reached = values.stream().filter(v -> v >= target).count();
        return (s.median() >= target ? "met" : "missed") + " (median; " + reached + " of " + values.size()
                + " rounds reached it)";
    }

    private static String ratioText(double v, Round r, String kind) {
        if (Double.isNaN(v)) {
            return "-";
        }
        int many = r.manyGroups(kind);
        return num(r.perSecond(kind, many)) + " ÷ " + num(r.perSecond(kind, 1)) + " = " + num2(v) + "×";
    }

    private static void runs(List<Round> rounds, PrintStream out) {
        out.println("### Every run (aggregate commits/s, p50 and p99 in µs; per commit over the measured window: this"
                + " JVM's CPU ms, Raft messages, context switches, fsyncs; cores used by the JVM and by everything"
                + " else; load: 1-minute load average before→after the run, as heavy or the script printed it)");
        out.println();
        out.println("| round | run | groups | load | commits/s | p50 | p99 | CPU ms | JVM cores | other cores |"
                + " Raft msgs | ctx switches | fsyncs | leaders |");
        out.println("|---|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        for (Round r : rounds) {
            for (Step s : r.steps) {
                Map<String, String> l = s.result;
                if (l == null) {
                    out.println("| " + r.number + " | " + s.name + " | - | " + s.loads
                            + " | no result | | | | | | | | | |");
                    continue;
                }
                String run = "seq".equals(l.get("kind")) ? l.getOrDefault("clients", "?") + " sequential"
                        : "pipelined, " + l.getOrDefault("inflight", "?") + " in flight";
                out.println("| " + r.number + " | " + run + " | " + l.get("groups") + " | " + s.loads + " | "
                        + f(l, "ops_s", "%,.0f") + " | " + f(l, "p50_us", "%,.0f") + " | " + f(l, "p99_us", "%,.0f")
                        + " | " + f(l, "cpu_ms_per_op", "%.3f") + " | " + f(l, "jvm_cores", "%.2f") + " | "
                        + f(l, "other_cores", "%.2f") + " | " + f(l, "msgs_per_op", "%.1f") + " | "
                        + f(l, "cs_per_op", "%.1f") + " | " + f(l, "fsyncs_per_op", "%.2f") + " | "
                        + l.getOrDefault("leaders", "-").replace(",", " ") + " |");
            }
        }
    }

    private static void idle(Path dir, PrintStream out) throws IOException {
        List<Map<String, String>> lines = SittingFiles.resultLines(dir.resolve("idle.results"));
        if (lines.isEmpty()) {
            out.println("(no idle.results: the idle footprint was not measured)");
            return;
        }
        out.println("### Idle groups (threads: live threads of the JVM after the three members started and stayed"
                + " idle, minus before, ÷ 3; heap: used heap after three System.gc() calls, idle members minus"
                + " before they started, ÷ 3; the last column is (heap per member − that of 1 group)"
                + " ÷ (groups − 1);"
                + " load " + SittingFiles.loads(dir.resolve("idle.log")) + ")");
        out.println();
        out.println("| idle groups per member | threads per member | heap per member (MiB) | heap per member ÷ groups"
                + " (KiB) | each group beyond the first (KiB) |");
        out.println("|---:|---:|---:|---:|---:|");
        Map<String, String> one = lines.stream().filter(l -> number(l, "groups") == 1).findFirst().orElse(null);
        for (Map<String, String> l : lines) {
            double groups = number(l, "groups");
            double perMember = number(l, "heap_kib_per_member");
            String marginal = one == null || groups <= 1 ? "-" : String.format(Locale.ROOT, "%,.0f",
                    (perMember - number(one, "heap_kib_per_member")) / (groups - 1));
            out.println("| " + l.get("groups") + " | " + l.get("threads_per_member") + " | "
                    + String.format(Locale.ROOT, "%.1f", perMember / 1024) + " | "
                    + f(l, "heap_kib_per_group", "%,.0f") + " | " + marginal + " |");
        }
    }

    static double number(Map<String, String> line, String key) {
        String v = line.get(key);
        if (v == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String f(Map<String, String> line, String key, String format) {
        double v = number(line, key);
        return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%,.0f", v);
    }

    static String num2(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
