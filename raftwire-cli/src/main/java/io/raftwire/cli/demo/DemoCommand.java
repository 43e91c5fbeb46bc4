package io.raftwire.cli.demo;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.cli.Verbosity;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.serializer.Serializers;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.slf4j.LoggerFactory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code raftwire demo}: a loopback cluster in this process, a mixed key-value workload through real client sessions,
 * the leader killed once midway, and a report.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {"Starts a Raft cluster on loopback in this process (MicroRaft over raftwire, durable state in a"
                + " temporary directory), drives a mixed key-value workload through client sessions, kills the leader"
                + " once midway, and reports throughput, latency, bytes on the wire per message type and whether"
                + " every member's state machine ended equal."},
        sortOptions = false)
public final class DemoCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--serializer", defaultValue = "kryo", description = "Serializer of the cluster: ${COMPLETION-CANDIDATES}"
            + " or another installed provider (default: ${DEFAULT-VALUE}).")
    private String serializer;

    @Option(names = "--nodes", defaultValue = "3", description = "Members, 3..9 (default: ${DEFAULT-VALUE}).")
    private int nodes;

    @Option(names = "--ops", description = "Stop after this many operations (default: 20000 unless --duration).")
    private Long ops;

    @Option(names = "--duration", description = "Stop after this many seconds instead of a number of operations.")
    private Double durationSeconds;

    @Option(names = "--clients", defaultValue = "4", description = "Client sessions (default: ${DEFAULT-VALUE}).")
    private int clients;

    @Option(names = "--in-flight", defaultValue = "8",
            description = "Operations outstanding per client (default: ${DEFAULT-VALUE}).")
    private int inFlight;

    @Option(names = "--no-kill", description = "Do not kill the leader midway.")
    private boolean noKill;

    @Option(names = "--data-dir", description = "Parent of the members' data directories (default: a new temporary"
            + " directory, deleted at the end). One kept from an earlier run is taken up again if that run had the"
            + " same --nodes, and refused otherwise.")
    private Path dataDir;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the operation mix (default: ${DEFAULT-VALUE}).")
    private long seed;

    @Option(names = "--progress", defaultValue = "auto",
            description = "Progress display: auto (live line on a terminal, periodic lines otherwise), line, none.")
    private String progress;

    /** The transport's logger of its plaintext start-up warning. */
    static final String PLAINTEXT_LOGGER = "io.raftwire.transport.plaintext";
    /** The transport's logger of unreachable peers (the member the demo kills). */
    static final String LANE_LOGGER = "io.raftwire.transport.netty.Lane";

    @Override
    public Integer call() throws Exception {
        validate();
        quietenWhatTheDemoDoesOnPurpose();
        PrintWriter out = spec.commandLine().getOut();
        Path root = dataDir != null ? Files.createDirectories(dataDir) : Files.createTempDirectory("raftwire-demo-");
        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.serializer", serializer);
        base.put("raftwire.cluster.id", "demo");
        // every member and client is in this process on 127.0.0.1: plaintext, said once here instead of a WARN per
        // transport (members' Raft and client ports, every client)
        base.put("raftwire.tls.enabled", "false");
        base.put("raftwire.raft.election-timeout-ms", "500");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        base.put("raftwire.transport.reconnect-initial-backoff-ms", "20");
        base.put("raftwire.transport.reconnect-max-backoff-ms", "250");
        out.printf("raftwire demo: %d members on 127.0.0.1 (plaintext, loopback only), serializer %s, data in %s%n",
                nodes, serializer, root);
        out.flush();
        List<String> leaders = new ArrayList<>();
        try (LocalCluster cluster = LocalCluster.start(nodes, base, root, KvNodes::node)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(30));
            leaders.add(LocalCluster.id(leader) + " (elected at start)");
            List<KvClient> sessions = new ArrayList<>();
            try {
                for (int c = 0; c < clients; c++) {
                    KvClient client = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                            cluster.clientAddresses()).clientId("demo-client-" + (c + 1)));
                    client.session().connect();
                    sessions.add(client);
                }
                Workload workload = new Workload(sessions, inFlight, seed);
                Outcome outcome = drive(cluster, workload, leaders, out);
                DemoReport report = new DemoReport(serializer, nodes, clients, inFlight, seed, leaders, outcome,
                        workload, cluster);
                return report.print(out) ? ExitCodes.OK : ExitCodes.FOUND_PROBLEMS;
            } finally {
                for (KvClient c : sessions) {
                    c.close();
                }
            }
        } finally {
            if (dataDir == null) {
                deleteTree(root);
            }
        }
    }

    /**
     * The demo chooses plaintext on loopback and kills its leader on purpose, and says both itself: the transport's
     * start-up WARN about plaintext (one per transport, a dozen in all) becomes one INFO line here, and at the default
     * verbosity its peers' WARNs that the killed member is unreachable are not shown ({@code -v} shows them). A real
     * node ({@code raftwire node}) configured for plaintext still warns.
     */
    private static void quietenWhatTheDemoDoesOnPurpose() {
        Verbosity.errorsOnly(PLAINTEXT_LOGGER);
        if (Verbosity.level() == 0) {
            Verbosity.errorsOnly(LANE_LOGGER);
        }
        // the logger is made here, after -v was applied: slf4j-simple fixes the default level with its first logger
        LoggerFactory.getLogger(DemoCommand.class).info("raftwire demo: every member and client runs in this"
                + " process on 127.0.0.1, in plaintext (raftwire.tls.enabled = false): unauthenticated, which is for"
                + " loopback only; the transports' warnings about it are not repeated");
    }

    /** What happened while the workload ran. */
    record Outcome(long nanos, long failoverMillis) {
    }

    private Outcome drive(LocalCluster cluster, Workload workload, List<String> leaders, PrintWriter out)
            throws InterruptedException {
        long maxOps = ops != null ? ops : durationSeconds != null ? Long.MAX_VALUE : 20_000;
        long deadline = durationSeconds == null ? Long.MAX_VALUE
                : System.nanoTime() + (long) (durationSeconds * 1e9);
        long killAt = ops != null || durationSeconds == null ? maxOps / 2 : -1;
        long killAtNanos = durationSeconds != null ? System.nanoTime() + (long) (durationSeconds * 5e8) : -1;
        boolean terminal = "line".equals(progress) ? false : System.console() != null && "auto".equals(progress);
        AtomicBoolean killed = new AtomicBoolean(noKill);
        long[] failover = {-1};
        long start = System.nanoTime();
        Progress display = "none".equals(progress) ? null : new Progress(out, terminal, workload::done,
                () -> cluster.leaderIndex().map(LocalCluster::id).orElse("(election)"), 1000);
        Thread killer = new Thread(() -> {
            while (!killed.get()) {
                boolean due = killAt >= 0 ? workload.done() >= killAt : System.nanoTime() >= killAtNanos;
                if (due) {
                    killed.set(true);
                    int old = cluster.leaderIndex().orElse(-1);
                    if (old < 0) {
                        return;
                    }
                    long t0 = System.nanoTime();
                    cluster.stop(old);
                    int next = cluster.awaitLeader(Duration.ofSeconds(30));
                    failover[0] = (System.nanoTime() - t0) / 1_000_000;
                    String text = "killed leader " + LocalCluster.id(old) + "; " + LocalCluster.id(next)
                            + " leads after " + failover[0] + " ms";
                    leaders.add(LocalCluster.id(next) + " (after " + LocalCluster.id(old) + " was killed, "
                            + failover[0] + " ms)");
                    if (display != null) {
                        display.event(text);
                    } else {
                        out.println(text);
                    }
                    return;
                }
                java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
            }
        }, "demo-leader-killer");
        killer.setDaemon(true);
        killer.start();
        try {
            workload.run(maxOps, () -> System.nanoTime() > deadline);
        } finally {
            killed.set(true);
            killer.join(35_000);
            if (display != null) {
                display.close();
            }
        }
        return new Outcome(System.nanoTime() - start, failover[0]);
    }

    private void validate() {
        if (nodes < 3 || nodes > 9) {
            throw new ParameterException(spec.commandLine(), "--nodes = " + nodes + " (expected: 3..9, so that the"
                    + " cluster survives the leader being killed)");
        }
        if (clients < 1 || clients > 64) {
            throw new ParameterException(spec.commandLine(), "--clients = " + clients + " (expected: 1..64)");
        }
        if (inFlight < 1 || inFlight > 1024) {
            throw new ParameterException(spec.commandLine(), "--in-flight = " + inFlight + " (expected: 1..1024)");
        }
        if (ops != null && durationSeconds != null) {
            throw new ParameterException(spec.commandLine(), "--ops and --duration both given (expected: one)");
        }
        if (ops != null && ops < 1) {
            throw new ParameterException(spec.commandLine(), "--ops = " + ops + " (expected: >= 1)");
        }
        if (durationSeconds != null && !(durationSeconds > 0 && durationSeconds <= 86_400)) {
            throw new ParameterException(spec.commandLine(), "--duration = " + durationSeconds
                    + " (expected: seconds, 0 < d <= 86400)");
        }
        if (!List.of("auto", "line", "none").contains(progress)) {
            throw new ParameterException(spec.commandLine(), "--progress = " + progress
                    + " (expected: auto, line or none)");
        }
        List<String> installed = Serializers.providers().stream().map(p -> p.name()).sorted().toList();
        if (!installed.contains(serializer)) {
            throw new ParameterException(spec.commandLine(), "--serializer = " + serializer
                    + " (expected: one of the installed serializers " + String.join(", ", installed) + ")");
        }
        if (dataDir != null) {
            if (Files.exists(dataDir) && !Files.isDirectory(dataDir)) {
                throw new ParameterException(spec.commandLine(), "--data-dir " + dataDir + " is a file (expected: a"
                        + " directory, or a path where one can be created)");
            }
            checkDataDir();
        }
    }

    /**
     * Refuses a {@code --data-dir} that holds the state of another member set (a run with another {@code --nodes}):
     * the members found there would restore their old group and never agree with the others, so the run could not
     * finish. A directory with no member state, or with exactly these members', is accepted.
     */
    private void checkDataDir() {
        List<String> wanted = ids(nodes);
        List<String> held = membersIn(dataDir);
        if (!held.isEmpty() && !held.equals(wanted)) {
            boolean resumable = held.equals(ids(held.size())) && held.size() >= 3 && held.size() <= 9;
            throw new ParameterException(spec.commandLine(), "--data-dir " + dataDir + " holds the state of "
                    + String.join(", ", held) + ", but --nodes " + nodes + " asks for " + String.join(", ", wanted)
                    + " (expected: " + (resumable ? "--nodes " + held.size() + " to go on with that cluster, or " : "")
                    + "a new or empty --data-dir)");
        }
    }

    /** {@code node-1} .. {@code node-count}. */
    private static List<String> ids(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(LocalCluster.id(i));
        }
        return ids;
    }

    /** The member ids ({@code node-N}) with a non-empty directory under {@code root}, in member order. */
    private static List<String> membersIn(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        List<Integer> numbers = new ArrayList<>();
        try (Stream<Path> entries = Files.list(root)) {
            for (Path entry : entries.toList()) {
                Matcher m = MEMBER_DIR.matcher(entry.getFileName().toString());
                if (m.matches() && Files.isDirectory(entry) && !isEmpty(entry)) {
                    numbers.add(Integer.parseInt(m.group(1)));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list --data-dir " + root, e);
        }
        numbers.sort(null);
        return numbers.stream().map(n -> LocalCluster.id(n - 1)).toList();
    }

    private static final Pattern MEMBER_DIR = Pattern.compile("node-([1-9][0-9]{0,5})");

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the demo's data directory " + root, e);
        }
    }

}
