package io.raftwire.bench.cluster;

import io.raftwire.bench.ParentJvmOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The cluster benchmark: commit throughput and latency of a 3-member cluster on loopback
 * for the peer clusters' workload ({@link Workloads}), for MicroRaft's in-memory ideal ({@link IdealCluster}),
 * raftwire with durability off driven like the ideal ({@link DirectCluster}, per serializer), and the shipped KV node
 * end to end through a client session ({@link KvEndToEnd}, durability off and durable), beside the raw Netty
 * loopback round trip. Each run gets a JVM of its own ({@code -Xms1g -Xmx1g} like the peers); the runs of a round
 * are alternated, starting one further along each round. Prints a Markdown report on stdout (median [min..max] over
 * the rounds, targets, ratios to the ideal and to the peers' results file of the same sitting) and progress on
 * stderr.
 *
 * <p>Run from the repository root, after {@code mvn -q -pl benchmarks -am package -DskipTests}:
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.cluster.ClusterBenchmark [rounds=3] [warmup=5]
 *      [measure=10] [inflight=32] [modes=ideal,raw,direct,kv] [serializers=kryo,protostuff,jdk]
 *      [kv-serializers=kryo] [durability=memory,durable] [kv-session-ms=0] [raw-serializer=kryo]
 *      [layout=inproc|multiproc|inproc,multiproc] [peers=PEER_RESULTS_FILE] [peers-mode=inproc] [fsync-us=90]
 *      [results=cluster-results.txt] [fork=true] [heap=1g] [jvm-args='-XX:StartFlightRecording=...']
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.cluster.ClusterBenchmark summarize RESULTS_FILE
 *      [peers=...] [fsync-us=...] [raw-serializer=kryo]
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.cluster.ClusterBenchmark run
 *      ideal|raw|direct|kv SERIALIZER memory|durable SESSION_MS inproc|multiproc WARMUP_MS MEASURE_MS INFLIGHT
 * </pre>
 * {@code layout=multiproc} runs the KV runs with each member in a JVM of its own ({@link KvMultiProcess}: the run
 * JVM's heap and {@code -D} options, not its recordings or agents; the client stays in the run JVM), like the peers'
 * multi-process layout; CPU per commit then sums the client's and the three members' JVMs, as the peers' harness
 * does.
 * The last form runs one cluster in this JVM and prints its {@code RESULT} line (for a profiler). Warm-up and
 * measurement are in seconds and apply to every workload; every child JVM is bounded in time.
 */
public final class ClusterBenchmark {

    private static final long CHILD_SLACK_SECONDS = 300;
    /** Lines of a failed child's output shown (a successful child's log, WARN and up, is not shown). */
    private static final int CHILD_LOG_LINES_SHOWN = 30;
    private static final List<String> CHILD_JVM_ARGS = List.of("-Dio.netty.leakDetection.level=disabled",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn", "-Dorg.slf4j.simpleLogger.logFile=System.err");

    private ClusterBenchmark() {
    }

    public static void main(String[] args) {
        try {
            System.exit(run(List.of(args), System.out, System.err));
        } catch (IllegalArgumentException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
        } catch (Exception e) {
            System.err.println("error: " + e);
            System.exit(1);
        }
    }

    /**
     * Runs the command line {@code args} and prints to {@code out} (the report or a {@code RESULT} line) and
     * {@code err} (progress).
     *
     * @return the exit code: 0 when every run produced a result, 1 otherwise
     * @throws IllegalArgumentException for bad arguments, naming the argument and what was expected
     */
    static int run(List<String> args, PrintStream out, PrintStream err) throws Exception {
        if (!args.isEmpty() && args.get(0).equals("run")) {
            return child(args.subList(1, args.size()), out);
        }
        if (!args.isEmpty() && args.get(0).equals("summarize")) {
            if (args.size() < 2) {
                throw new IllegalArgumentException("summarize needs a results file (expected: summarize FILE"
                        + " [options])");
            }
            return summarize(Path.of(args.get(1)), Options.parse(args.subList(2, args.size())), out);
        }
        return matrix(Options.parse(args), out, err);
    }

    private static int child(List<String> args, PrintStream out) throws Exception {
        if (args.size() != 8) {
            throw new IllegalArgumentException("run " + args + " (expected: run KIND SERIALIZER memory|durable"
                    + " SESSION_MS inproc|multiproc WARMUP_MS MEASURE_MS INFLIGHT)");
        }
        RunSpec spec = RunSpec.parse(args.subList(0, 5));
        Phases phases = new Phases(parseLong(args.get(5), "WARMUP_MS"), parseLong(args.get(6), "MEASURE_MS"),
                (int) parseLong(args.get(7), "INFLIGHT"));
        out.println(ResultLine.format(ClusterRun.execute(spec, phases)));
        out.flush();
        return 0;
    }

    private static long parseLong(String v, String what) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(what + " = " + v + " (expected: an integer)", e);
        }
    }

    private static int matrix(Options o, PrintStream out, PrintStream err) throws Exception {
        PeerResults peers = o.peers == null ? PeerResults.none() : PeerResults.load(o.peers, o.peersMode, "default");
        List<String> skipped = new ArrayList<>();
        List<RunSpec> runs = o.runs(KvEndToEnd.durableAvailable(), skipped);
        out.println("## raftwire cluster benchmark: " + Instant.now() + ", Java " + Runtime.version() + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs, load average at start "
                + CpuSample.loadAverage());
        out.println();
        out.println("Options: " + o + ". Runs per round: " + String.join(", ", runs.stream().map(RunSpec::label)
                .toList()) + ".");
        skipped.forEach(s -> out.println("- " + s));
        ClusterReport report = new ClusterReport();
        int failed = 0;
        for (int round = 1; round <= o.rounds; round++) {
            List<RunSpec> order = new ArrayList<>(runs);
            Collections.rotate(order, -((round - 1) % Math.max(1, order.size())));
            for (RunSpec spec : order) {
                err.println("-- round " + round + "/" + o.rounds + " " + spec.label() + " (load "
                        + CpuSample.loadAverage() + ")");
                Map<String, String> r;
                try {
                    r = o.fork ? forked(spec, o, err) : ClusterRun.execute(spec, o.phases);
                } catch (Exception e) {
                    r = null;
                    err.println("   " + spec.label() + " failed: " + e);
                    report.failed(spec.label(), round, e.toString());
                }
                if (r == null) {
                    failed++;
                    continue;
                }
                Map<String, String> withRound = new LinkedHashMap<>(r);
                withRound.put("round", Integer.toString(round));
                report.add(withRound);
                err.println("   " + brief(withRound));
                if (o.results != null) {
                    Files.writeString(o.results, ResultLine.format(withRound) + "\n", StandardCharsets.UTF_8,
                            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
                }
            }
        }
        out.println();
        out.println("Load average at end " + CpuSample.loadAverage() + ".");
        report.print(out, peers, o.rawLabel(), o.fsyncMicros);
        out.flush();
        return failed == 0 ? 0 : 1;
    }

    private static int summarize(Path file, Options o, PrintStream out) throws IOException {
        ClusterReport report = new ClusterReport();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            Map<String, String> r = ResultLine.parse(line);
            if (r != null && r.containsKey("label") && r.containsKey("round")) {
                report.add(r);
            }
        }
        PeerResults peers = o.peers == null ? PeerResults.none() : PeerResults.load(o.peers, o.peersMode, "default");
        report.print(out, peers, o.rawLabel(), o.fsyncMicros);
        return 0;
    }

    private static String brief(Map<String, String> r) {
        if (r.containsKey("raw_p50_us")) {
            return "raw p50 " + r.get("raw_p50_us") + " us";
        }
        return "(a) " + r.get("seq_ops_s") + "/s p50 " + r.get("seq_p50_us") + " us, (b) " + r.get("pipe_ops_s")
                + "/s" + (r.containsKey("read_ops_s") ? ", (c) " + r.get("read_ops_s") + "/s" : "") + ", errors "
                + r.get("seq_err") + "/" + r.get("pipe_err") + (r.containsKey("read_err") ? "/" + r.get("read_err")
                : "");
    }

    /** Runs {@code spec} in a child JVM with this class path; its last {@code RESULT} line, or an exception. */
    private static Map<String, String> forked(RunSpec spec, Options o, PrintStream err) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xms" + o.heap);
        command.add("-Xmx" + o.heap);
        command.addAll(CHILD_JVM_ARGS);
        command.addAll(ParentJvmOptions.forChildren());
        command.addAll(o.jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), ClusterBenchmark.class.getName(), "run"));
        command.addAll(spec.args());
        command.addAll(List.of(Long.toString(o.phases.warmupMillis()), Long.toString(o.phases.measureMillis()),
                Integer.toString(o.phases.inflight())));
        long timeout = 3 * (o.phases.warmupMillis() + o.phases.measureMillis()) / 1000 + CHILD_SLACK_SECONDS;
        Path log = Files.createTempFile("raftwire-cluster-run", ".txt");
        try {
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!child.waitFor(timeout, TimeUnit.SECONDS)) {
                // a multi-process run's members are the child's children: stop them too, not only the child
                child.descendants().forEach(ProcessHandle::destroyForcibly);
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new IllegalStateException("no result within " + timeout + " s");
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            Map<String, String> result = null;
            List<String> other = new ArrayList<>();
            for (String line : lines) {
                Map<String, String> r = ResultLine.parse(line);
                if (r != null) {
                    result = r;
                } else if (!line.isBlank()) {
                    other.add(line);
                }
            }
            if (child.exitValue() != 0 || result == null) {
                other.subList(0, Math.max(0, other.size() - CHILD_LOG_LINES_SHOWN)).clear();
                other.forEach(line -> err.println("   | " + line));
                throw new IllegalStateException("exit " + child.exitValue() + ", no RESULT line");
            }
            return result;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
