package io.raftwire.bench.shards;

import io.raftwire.config.ConfigKeys;
import io.raftwire.node.client.ShardedKvClient;

import java.io.PrintStream;
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
 *      [serializer=kryo] [durable=true] [sync-threads=N]
 * </pre>
 * {@code sync-threads} sets {@code raftwire.node.sync-threads} on every member of the sequential and pipelined runs
 * (default: the members' default). Warm-up and measurement are in seconds. An empty list ({@code idle=}) skips that part. The members log at INFO
 * unless the log level is raised as above (every election and shutdown of every group is a line). All three members,
 * the client and the load run in one JVM on the same cores, so the machine's load average during a run includes
 * them.
 */
public final class ShardBenchmark {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);
    private static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(30);

    private ShardBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> o = options(args);
        Duration warmup = Duration.ofSeconds(Long.parseLong(o.get("warmup")));
        Duration measure = Duration.ofSeconds(Long.parseLong(o.get("measure")));
        int clients = Integer.parseInt(o.get("clients"));
        int inflight = Integer.parseInt(o.get("inflight"));
        String serializer = o.get("serializer");
        boolean durable = Boolean.parseBoolean(o.get("durable"));
        Map<String, String> extra = o.get("sync-threads").isEmpty() ? Map.of()
                : Map.of(ConfigKeys.NODE_SYNC_THREADS.name(), o.get("sync-threads"));
        PrintStream out = System.out;
        out.printf(Locale.ROOT, "3 members in one JVM, %s, %s, warm-up %d s, measure %d s, %d processors%s%n%n",
                durable ? "durable" : "in memory", serializer, warmup.toSeconds(), measure.toSeconds(),
                Runtime.getRuntime().availableProcessors(), extra.isEmpty() ? "" : ", " + extra);

        List<Integer> idle = counts(o.get("idle"));
        if (!idle.isEmpty()) {
            out.println("| idle groups | threads per member | heap per member (MiB) | heap per group (KiB) |");
            out.println("|---:|---:|---:|---:|");
            for (int g : idle) {
                IdleFootprint.Figures f = IdleFootprint.measure(g, serializer, durable,
                        Duration.ofMillis(Long.parseLong(o.get("idle-ms"))), START_TIMEOUT);
                out.printf(Locale.ROOT, "| %d | %d | %.1f | %.0f |%n", g, f.threadsPerMember(),
                        f.heapBytesPerMember() / 1048576.0, f.heapBytesPerMember() / 1024.0 / g);
            }
            out.println();
        }
        List<Integer> sequential = counts(o.get("sequential"));
        List<Integer> pipelined = counts(o.get("pipelined"));
        if (!sequential.isEmpty() || !pipelined.isEmpty()) {
            out.println("| workload | groups | commits/s | p50 (us) | p99 (us) |");
            out.println("|---|---:|---:|---:|---:|");
        }
        for (int g : sequential) {
            try (ShardedMembers members = ShardedMembers.start(g, serializer, durable, extra, START_TIMEOUT);
                    ShardedKvClient client = members.client(OPERATION_TIMEOUT)) {
                row(out, clients + " sequential clients", g, Loads.sequential(client, clients, warmup, measure));
            }
        }
        for (int g : pipelined) {
            try (ShardedMembers members = ShardedMembers.start(g, serializer, durable, extra, START_TIMEOUT);
                    ShardedKvClient client = members.client(OPERATION_TIMEOUT)) {
                row(out, "pipelined, " + inflight + " in flight", g,
                        Loads.pipelined(client, inflight, warmup, measure));
            }
        }
        out.flush();
        System.exit(0); // the members' and client's threads are closed; this ends any daemon the JVM still waits on
    }

    private static void row(PrintStream out, String workload, int groups, Loads.Figures f) {
        out.printf(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.0f |%n", workload, groups, f.perSecond(), f.p50Micros(),
                f.p99Micros());
        out.flush();
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
