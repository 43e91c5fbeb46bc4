package io.raftwire.bench.cluster;

import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * The peers' multi-process layout on the shipped KV node: three members, each in a JVM of its own ({@link KvMember},
 * the benchmark's {@link DurableKvNode}), and the client ({@link KvClient}, linearizable reads) in this JVM; the same
 * workload as {@link KvEndToEnd}. The members get this JVM's heap settings and system properties (the runner gives
 * every run JVM {@code -Xms1g -Xmx1g}, like the peers' harness gives each of its JVMs), this class path, and their
 * data directories under a fresh temporary directory (durable) or none (memory).
 *
 * <p>No member outlives the run: {@link #close} closes their standard input (a member exits when it ends), asks them
 * to stop, waits, and kills what is left; a shutdown hook does the same if this JVM exits first; a member also exits
 * when this JVM dies (its standard input ends) and after its own deadline. {@link #outsideCpuNanos} reads the members'
 * CPU time from {@code /proc/<pid>/stat}, so the workloads' CPU per commit sums all four JVMs, as the peers' harness
 * sums the JVMs of its run.
 */
final class KvMultiProcess implements ClusterUnderTest {

    private static final int MEMBERS = 3;
    /** A member's own deadline: longer than any run (the runner bounds each run JVM below this). */
    private static final long MEMBER_MAX_SECONDS = 4 * 3600;
    private static final long STOP_SECONDS = 10;
    private static final long TICK_NANOS = 10_000_000L;
    private static final int LOG_LINES_SHOWN = 20;

    private final List<Process> members;
    private final List<Path> logs;
    private final Path root;
    private final Path dataRoot;
    private final Thread hook;
    private KvClient client;

    private KvMultiProcess(List<Process> members, List<Path> logs, Path root, Path dataRoot, Thread hook) {
        this.members = members;
        this.logs = logs;
        this.root = root;
        this.dataRoot = dataRoot;
        this.hook = hook;
    }

    /**
     * Starts three member JVMs with {@code serializer}, then opens a client session (retried until a leader answers).
     *
     * @param durable       whether the members keep their Raft state in data directories (fsync as shipped)
     * @param sessionMillis the client's session timeout, or 0 for its default
     * @throws IllegalStateException if a member exits early, or no session opens within {@code timeout}; the
     *                               members started are stopped first
     */
    static KvMultiProcess start(String serializer, boolean durable, long sessionMillis, Duration timeout)
            throws IOException {
        if (durable && !KvEndToEnd.durableAvailable()) {
            throw new IllegalStateException("durable mode: " + KvEndToEnd.STORE_CLASS + " is not on the class path"
                    + " (expected: a build that has the durable store)");
        }
        Path root = Files.createTempDirectory("raftwire-cluster-multiproc");
        Path dataRoot = durable ? root.resolve("data") : null;
        List<Map<String, String>> configs = configs(RaftwireBase.config(serializer, "bench-kv"), dataRoot);
        List<Process> members = new ArrayList<>();
        List<Path> logs = new ArrayList<>();
        Thread hook = new Thread(() -> members.forEach(KvMultiProcess::kill), "multiproc-members-stop");
        Runtime.getRuntime().addShutdownHook(hook);
        KvMultiProcess cluster = new KvMultiProcess(members, logs, root, dataRoot, hook);
        try {
            for (int i = 0; i < MEMBERS; i++) {
                Path log = root.resolve(LocalCluster.id(i) + ".log");
                logs.add(log);
                members.add(new ProcessBuilder(command(configs.get(i))).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).start());
            }
            cluster.connect(configs, sessionMillis, timeout);
            return cluster;
        } catch (IOException | RuntimeException | Error e) {
            cluster.close();
            throw e;
        }
    }

    /** The members' configurations, as {@code LocalCluster} writes them: loopback ports picked now. */
    private static List<Map<String, String>> configs(Map<String, String> base, Path dataRoot) throws IOException {
        List<Integer> ports = freePorts(2 * MEMBERS);
        StringBuilder initial = new StringBuilder();
        for (int i = 0; i < MEMBERS; i++) {
            initial.append(i == 0 ? "" : ",").append(LocalCluster.id(i));
        }
        List<Map<String, String>> configs = new ArrayList<>();
        for (int i = 0; i < MEMBERS; i++) {
            Map<String, String> v = new LinkedHashMap<>(base);
            v.put(ConfigKeys.NODE_ID.name(), LocalCluster.id(i));
            v.put(ConfigKeys.NODE_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i));
            v.put(ConfigKeys.NODE_CLIENT_ADDRESS.name(), "127.0.0.1:" + ports.get(2 * i + 1));
            StringBuilder peers = new StringBuilder();
            for (int j = 0; j < MEMBERS; j++) {
                if (j != i) {
                    peers.append(peers.length() == 0 ? "" : ",").append(LocalCluster.id(j)).append("=127.0.0.1:")
                            .append(ports.get(2 * j));
                }
            }
            v.put(ConfigKeys.PEERS.name(), peers.toString());
            v.put(ConfigKeys.RAFT_INITIAL_MEMBERS.name(), initial.toString());
            if (dataRoot != null) {
                v.put(ConfigKeys.NODE_DATA_DIR.name(), dataRoot.resolve(LocalCluster.id(i)).toString());
            }
            configs.add(v);
        }
        return configs;
    }

    /** Ports free now (held together while picked, so they differ; another process may still take one later). */
    private static List<Integer> freePorts(int n) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                held.add(s);
                ports.add(s.getLocalPort());
            }
            return ports;
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
    }

    /** A member's command line: this JVM's java, heap and {@code -D} options, class path; then the configuration. */
    private static List<String> command(Map<String, String> config) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(memberJvmOptions(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), KvMember.class.getName(),
                Long.toString(MEMBER_MAX_SECONDS)));
        config.forEach((k, v) -> command.add(k + "=" + v));
        return command;
    }

    /**
     * The options of this JVM a member gets: heap sizes, system properties and the Unsafe access mode; not agents or
     * recordings (a flight recording's file would be written by four JVMs at once).
     */
    static List<String> memberJvmOptions(List<String> runJvmOptions) {
        return runJvmOptions.stream().filter(a -> a.startsWith("-Xms") || a.startsWith("-Xmx") || a.startsWith("-D")
                || a.startsWith("--sun-misc-unsafe-memory-access=")).toList();
    }

    private void connect(List<Map<String, String>> configs, long sessionMillis, Duration timeout) {
        List<PeerAddress> addresses = new ArrayList<>();
        for (Map<String, String> c : configs) {
            addresses.add(new PeerAddress(c.get(ConfigKeys.NODE_ID.name()), RaftwireConfig.of(c)
                    .get(ConfigKeys.NODE_CLIENT_ADDRESS)));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        RuntimeException last = null;
        while (System.nanoTime() - deadline < 0) {
            checkAlive();
            RaftwireClient.Builder b = RaftwireClient.builder(RaftwireConfig.of(configs.get(0)), KvNodes.registry(),
                    addresses).readConsistency(ReadConsistency.LINEARIZABLE)
                    .operationTimeout(Duration.ofSeconds(Workloads.OP_TIMEOUT_SECONDS));
            if (sessionMillis > 0) {
                b.sessionTimeout(Duration.ofMillis(sessionMillis));
            }
            KvClient c = KvNodes.client(b);
            try {
                c.session().connect();
                client = c;
                return;
            } catch (RuntimeException e) {
                last = e;
                c.close();
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(200));
            }
        }
        throw new IllegalStateException("no client session within " + timeout.toMillis() + " ms (expected: the three"
                + " member processes to elect a leader)", last);
    }

    /** Throws, with the end of its log, if a member has exited. */
    private void checkAlive() {
        for (int i = 0; i < members.size(); i++) {
            Process p = members.get(i);
            if (!p.isAlive()) {
                throw new IllegalStateException("member " + LocalCluster.id(i) + " exited with " + p.exitValue()
                        + " (expected: it runs until the benchmark stops it); the end of its log:\n" + tail(logs.get(i)));
            }
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_LINES_SHOWN), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(log unreadable: " + e + ")";
        }
    }

    @Override
    public CompletableFuture<?> putAsync(long seq) {
        return KvClientOps.put(client, PutCommands.put(seq));
    }

    @Override
    public void write(String key, String tag) throws Exception {
        KvClientOps.write(client, key, tag);
    }

    @Override
    public boolean reads() {
        return true;
    }

    @Override
    public byte[] read(String key) throws Exception {
        return KvClientOps.read(client, key);
    }

    /** None: the members' counters are in their own JVMs. */
    @Override
    public Counters counters() {
        return Counters.NONE;
    }

    /** The members' user and system time so far, from {@code /proc/<pid>/stat} (10 ms ticks); 0 without it. */
    @Override
    public long outsideCpuNanos() {
        long ticks = 0;
        for (Process p : members) {
            ticks += ProcStat.cpuTicks(p.pid());
        }
        return ticks * TICK_NANOS;
    }

    @Override
    public long dataFiles() {
        if (dataRoot == null || !Files.isDirectory(dataRoot)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dataRoot)) {
            return files.filter(Files::isRegularFile).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Closes the client, stops every member (bounded; killed if it does not stop) and deletes the directory. */
    @Override
    public void close() {
        try {
            if (client != null) {
                client.close();
            }
        } finally {
            for (Process p : members) {
                closeInput(p);
                p.destroy();
            }
            for (Process p : members) {
                stop(p);
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // this JVM is shutting down: the hook runs anyway
            }
            delete(root);
        }
    }

    private static void closeInput(Process p) {
        try {
            p.getOutputStream().close();
        } catch (IOException e) {
            // the member is gone already
        }
    }

    /** Waits up to {@value #STOP_SECONDS} s for {@code p} to exit, then kills it and waits again. */
    private static void stop(Process p) {
        try {
            if (!p.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                kill(p);
            }
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
        }
    }

    private static void kill(Process p) {
        p.destroyForcibly();
        try {
            p.waitFor(STOP_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void delete(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
