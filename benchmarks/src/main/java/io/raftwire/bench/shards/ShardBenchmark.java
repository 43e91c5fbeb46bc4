package io.raftwire.bench.shards;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.raftwire.bench.cluster.ResultLine;
import io.raftwire.config.ConfigKeys;
import io.raftwire.node.client.ShardedKvClient;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The sharded store's benchmark (issue 31): three durable KV members in this JVM on loopback, each hosting the same
 * groups, driven through one {@link ShardedKvClient} (one connection per member for every group).
 * <ul>
 *   <li><b>sequential</b>: {@code clients} threads, each one put at a time, on 1 group and on 16 (default): aggregate
 *       commits per second and the put latency's p50 and p99;</li>
 *   <li><b>pipelined</b>: one thread keeping {@code inflight} puts open, on 1 group and on 8;</li>
 *   <li><b>idle</b>: threads and heap per member for 1, 16 and 128 groups left idle ({@link IdleFootprint}).</li>
 * </ul>
 * Each put writes a fresh key (so puts spread over the shards) with a 51-byte value. Prints Markdown on stdout.
 *
 * <p>Run from the repository root, after {@code mvn -q -pl benchmarks -am package -DskipTests}, on a quiet machine:
 * <pre>
 * java -Xms1g -Xmx1g -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp benchmarks/target/benchmarks.jar \
 *      io.raftwire.bench.shards.ShardBenchmark [warmup=5]
 *      [measure=10] [clients=16] [inflight=64] [sequential=1,16] [pipelined=1,8] [idle=1,16,128] [idle-ms=2000]
 *      [serializer=kryo] [durable=true] [sync-threads=N] [balance=true] [meters=false] [results=FILE]
 * </pre>
 * {@code sync-threads} sets {@code raftwire.node.sync-threads} on every member of the sequential and pipelined runs
 * (default: the members' default; since the shared log a member of several groups has one sync thread whatever it
 * says, and logs a WARN when it is not 1). {@code balance=true} spreads the groups' leaders over the three members
 * before a run, as {@code raftwire admin balance-leaders} does (the members elect most leaders on the member started
 * first).
 * {@code meters=true} gives the members a meter registry, so that a run also counts the stores' fsyncs (the program
 * runs without meters unless it has a metrics port, so the default leaves them out). {@code results=FILE} appends one
 * {@code RESULT key=value ...} line per run and per idle count to FILE, for {@link ShardSittingReport}. Besides
 * commits/s and latency, each run reports per commit, over its measured window: this JVM's CPU milliseconds, Raft
 * messages sent by the members, context switches of this JVM's threads, fsyncs (with meters); and the cores used by
 * this JVM and by everything else on the machine ({@link Sample}). Warm-up and measurement are in seconds. An empty
 * list ({@code idle=}) skips that part. The members log at INFO
 * unless the log level is raised as above (every election and shutdown of every group is a line). All three members,
 * the client and the load run in one JVM on the same cores, so the machine's load average during a run includes
 * them.
 */
public final class ShardBenchmark {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(30);
    private static final int BALANCE_PASSES = 3;

    private ShardBenchmark() {
    }

    /** A sequential or pipelined run's settings. */
    private record Run(String kind, int groups, String workload) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        Duration warmup = Duration.ofSeconds(Long.parseLong(o.get("warmup")));
        Duration measure = Duration.ofSeconds(Long.parseLong(o.get("measure")));
        int clients = Integer.parseInt(o.get("clients"));
        int inflight = Integer.parseInt(o.get("inflight"));
        String serializer = o.get("serializer");
        boolean durable = Boolean.parseBoolean(o.get("durable"));
        boolean balance = Boolean.parseBoolean(o.get("balance"));
        boolean meters = Boolean.parseBoolean(o.get("meters"));
        Path results = o.get("results").isEmpty() ? null : Path.of(o.get("results"));
        Map<String, String> extra = o.get("sync-threads").isEmpty() ? Map.of()
                : Map.of(ConfigKeys.NODE_SYNC_THREADS.name(), o.get("sync-threads"));
        PrintStream out = System.out;
        out.printf(Locale.ROOT,
                "3 members in one JVM, %s, %s, warm-up %d s, measure %d s, %d processors, leaders %s%s%s%n%n",
                durable ? "durable" : "in memory", serializer, warmup.toSeconds(), measure.toSeconds(),
                Runtime.getRuntime().availableProcessors(), balance ? "balanced" : "as elected",
                meters ? ", metered" : "", extra.isEmpty() ? "" : ", " + extra);

        List<Integer> idle = counts(o.get("idle"));
        if (!idle.isEmpty()) {
            out.println("| idle groups | threads per member | heap per member (MiB) | heap per group (KiB) |");
            out.println("|---:|---:|---:|---:|");
            for (int g : idle) {
                IdleFootprint.Figures f = IdleFootprint.measure(g, serializer, durable,
                        Duration.ofMillis(Long.parseLong(o.get("idle-ms"))), START_TIMEOUT);
                out.printf(Locale.ROOT, "| %d | %d | %.1f | %.0f |%n", g, f.threadsPerMember(),
                        f.heapBytesPerMember() / 1048576.0, f.heapBytesPerMember() / 1024.0 / g);
                result(results, Map.of("kind", "idle", "groups", String.valueOf(g), "threads_per_member",
                        String.valueOf(f.threadsPerMember()), "heap_kib_per_member",
                        String.format(Locale.ROOT, "%.0f", f.heapBytesPerMember() / 1024.0), "heap_kib_per_group",
                        String.format(Locale.ROOT, "%.1f", f.heapBytesPerMember() / 1024.0 / g)));
            }
            out.println();
        }
        List<Run> runs = new ArrayList<>();
        for (int g : counts(o.get("sequential"))) {
            runs.add(new Run("seq", g, clients + " sequential clients"));
        }
        for (int g : counts(o.get("pipelined"))) {
            runs.add(new Run("pipe", g, "pipelined, " + inflight + " in flight"));
        }
        if (!runs.isEmpty()) {
            out.println("| workload | groups | commits/s | p50 (us) | p99 (us) | CPU ms per commit | JVM cores |"
                    + " other cores | Raft messages per commit | context switches per commit | fsyncs per commit |"
                    + " leaders |");
            out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|");
        }
        for (Run run : runs) {
            MeterRegistry registry = meters ? new SimpleMeterRegistry() : null;
            try (ShardedMembers members = ShardedMembers.start(run.groups, serializer, durable, extra, registry,
                    START_TIMEOUT);
                    ShardedKvClient client = members.client(OPERATION_TIMEOUT)) {
                String leaders = balance ? members.balanceLeaders(BALANCE_PASSES, START_TIMEOUT) : members.leaders();
                Measured window = new Measured(members);
                Loads.Figures f = run.kind.equals("seq") ? Loads.sequential(client, clients, warmup, measure, window)
                        : Loads.pipelined(client, inflight, warmup, measure, window);
                Sample.Costs c = window.end.since(window.start, f.commits());
                out.printf(Locale.ROOT,
                        "| %s | %d | %.0f | %.0f | %.0f | %.3f | %.2f | %.2f | %.1f | %.1f | %s | %s |%n",
                        run.workload, run.groups, f.perSecond(), f.p50Micros(), f.p99Micros(), c.cpuMillisPerOp(),
                        c.jvmCores(), c.otherCores(), c.raftMessagesPerOp(), c.contextSwitchesPerOp(),
                        Double.isNaN(c.fsyncsPerOp()) ? "-" : String.format(Locale.ROOT, "%.2f", c.fsyncsPerOp()),
                        leaders);
                out.flush();
                Map<String, String> line = new LinkedHashMap<>();
                line.put("kind", run.kind);
                line.put("groups", String.valueOf(run.groups));
                line.put(run.kind.equals("seq") ? "clients" : "inflight",
                        String.valueOf(run.kind.equals("seq") ? clients : inflight));
                line.put("durable", String.valueOf(durable));
                line.put("ops_s", fmt("%.1f", f.perSecond()));
                line.put("p50_us", fmt("%.0f", f.p50Micros()));
                line.put("p99_us", fmt("%.0f", f.p99Micros()));
                line.put("cpu_ms_per_op", fmt("%.3f", c.cpuMillisPerOp()));
                line.put("jvm_cores", fmt("%.2f", c.jvmCores()));
                line.put("other_cores", fmt("%.2f", c.otherCores()));
                line.put("msgs_per_op", fmt("%.2f", c.raftMessagesPerOp()));
                line.put("cs_per_op", fmt("%.2f", c.contextSwitchesPerOp()));
                line.put("fsyncs_per_op", fmt("%.3f", c.fsyncsPerOp()));
                line.put("leaders", leaders);
                result(results, line);
            }
        }
        out.flush();
        System.exit(0); // the members' and client's threads are closed; this ends any daemon the JVM still waits on
    }

    /** The samples at the window's start and end, taken by the load's driving thread. */
    private static final class Measured implements Loads.Window {
        private final ShardedMembers members;
        private volatile Sample start;
        private volatile Sample end;

        Measured(ShardedMembers members) {
            this.members = members;
        }

        @Override
        public void opened() {
            start = Sample.take(members.members(), members.registry());
        }

        @Override
        public void closed() {
            end = Sample.take(members.members(), members.registry());
        }
    }

    private static String fmt(String format, double v) {
        return Double.isNaN(v) ? "NaN" : String.format(Locale.ROOT, format, v);
    }

    private static void result(Path file, Map<String, String> fields) throws IOException {
        if (file != null) {
            Files.writeString(file, ResultLine.format(fields) + System.lineSeparator(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> o = new LinkedHashMap<>();
        o.put("warmup", "5");
        o.put("measure", "10");
        o.put("clients", "16");
        o.put("inflight", "64");
        o.put("sequential", "1,16");
        o.put("pipelined", "1,8");
        o.put("idle", "1,16,128");
        o.put("idle-ms", "2000");
        o.put("serializer", "kryo");
        o.put("durable", "true");
        o.put("sync-threads", "");
        o.put("balance", "true");
        o.put("meters", "false");
        o.put("results", "");
        for (String a : args) {
            int eq = a.indexOf('=');
            if (eq < 0 || !o.containsKey(a.substring(0, eq))) {
                throw new IllegalArgumentException("option " + a + " (expected: one of " + o.keySet()
                        + " as name=value)");
            }
            o.put(a.substring(0, eq), a.substring(eq + 1));
        }
        return o;
    }

    private static List<Integer> counts(String list) {
        List<Integer> counts = new ArrayList<>();
        for (String s : list.split(",")) {
            if (!s.isBlank()) {
                counts.add(Integer.parseInt(s.trim()));
            }
        }
        return counts;
    }
}
