package io.raftwire.upgrade;

import io.microraft.QueryPolicy;
import io.microraft.Ordered;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.server.LocalRead;
import io.raftwire.serializer.TypeRegistry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Durable members of one group in this JVM, over loopback sockets, each running one build of the notes application
 * ({@link UpgradeApps}): a member is started from its data directory with the build it is given, so replacing a member
 * by a newer build is stop, {@link #build}, {@link #restart}. Start, stop and restart from one thread at a time.
 */
final class UpgradeCluster implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);

    private static final Map<Integer, TypeRegistry> REGISTRIES = new ConcurrentHashMap<>();

    final LocalCluster cluster;
    private final Path data;
    private final Map<String, Integer> builds;

    private UpgradeCluster(LocalCluster cluster, Path data, Map<String, Integer> builds) {
        this.cluster = cluster;
        this.data = data;
        this.builds = builds;
    }

    /** The registry of a build, built once per JVM (a registry generates its codecs when built). */
    static TypeRegistry registry(int build) {
        return REGISTRIES.computeIfAbsent(build, b -> UpgradeApps.version(b).registry());
    }

    static Map<String, String> base(String serializer) {
        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.serializer", serializer);
        base.put("raftwire.tls.enabled", "false"); // loopback tests run plaintext on purpose
        base.put("raftwire.security.plaintext-admin", "true"); // and hand leadership over over it
        base.put("raftwire.cluster.id", "it-upgrade");
        base.put("raftwire.raft.election-timeout-ms", "300");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        base.put("raftwire.raft.snapshot-interval", "100");
        base.put("raftwire.transport.reconnect-initial-backoff-ms", "20");
        base.put("raftwire.transport.reconnect-max-backoff-ms", "200");
        return base;
    }

    /** {@code size} members under {@code data}, all on build {@code build}, started. */
    static UpgradeCluster start(int size, Map<String, String> base, Path data, int build) {
        Map<String, Integer> builds = new ConcurrentHashMap<>();
        for (int i = 0; i < size; i++) {
            builds.put(LocalCluster.id(i), build);
        }
        LocalCluster cluster = LocalCluster.start(size, base, data, config -> node(config, builds));
        return new UpgradeCluster(cluster, data, builds);
    }

    private static RaftwireNode node(RaftwireConfig config, Map<String, Integer> builds) {
        UpgradeApp app = UpgradeApps.version(builds.get(config.get(ConfigKeys.NODE_ID)));
        TypeRegistry registry = registry(app.version());
        return RaftwireNode.builder(config, registry).stateMachine(app.stateMachine(config, registry)).build();
    }

    int size() {
        return cluster.size();
    }

    /** The build the member at {@code index} runs, or runs next when restarted. */
    int buildOf(int index) {
        return builds.get(LocalCluster.id(index));
    }

    /** Sets the build a stopped member runs when restarted. */
    void build(int index, int build) {
        if (cluster.node(index) != null) {
            throw new IllegalStateException(LocalCluster.id(index) + " is running (expected: stop it first)");
        }
        builds.put(LocalCluster.id(index), build);
    }

    void stop(int index) {
        cluster.stop(index);
    }

    RaftwireNode restart(int index) {
        return cluster.restart(index);
    }

    /** Stops a member, gives it another build, and starts it again on the same data directory. */
    RaftwireNode replace(int index, int build) {
        stop(index);
        build(index, build);
        return restart(index);
    }

    /** The data directory of the member at {@code index}. */
    Path directory(int index) {
        return data.resolve(LocalCluster.id(index));
    }

    int awaitLeader() {
        return cluster.awaitLeader(WAIT);
    }

    /**
     * Hands the leadership to a running member other than the leader and {@code excluded}, and waits until it leads:
     * a new leader starts replicating to every follower from its own log's end, knowing nothing any follower
     * acknowledged before. MicroRaft hands it over only once the target's log equals the leader's, within two
     * heartbeat periods: the caller keeps the log still meanwhile; a refused or timed-out try is tried again.
     */
    void handOverLeadership(int excluded) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        List<String> tries = new java.util.ArrayList<>();
        while (System.nanoTime() - deadline < 0) {
            int leader = awaitLeader();
            int target = -1;
            for (int i = 0; i < size() && target < 0; i++) {
                if (i != leader && i != excluded && cluster.node(i) != null) {
                    target = i;
                }
            }
            String id = LocalCluster.id(target);
            try (RaftwireClient admin = client(buildOf(target), "admin")) {
                TransferResponse transfer = admin.transferLeadership(id).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                if (transfer.status() == RaftResponse.Status.OK && cluster.awaitLeader(WAIT) == target) {
                    return;
                }
                tries.add(id + ": " + transfer);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                tries.add(id + ": " + e);
            }
        }
        throw new IllegalStateException("the leadership was not handed over within " + WAIT.toMillis() + " ms: "
                + tries);
    }

    /** A connected client of build {@code build}, with a generous operation deadline (it retries until then). */
    RaftwireClient client(int build, String clientId) {
        return RaftwireClient.builder(cluster.config(0), registry(build), cluster.clientAddresses())
                .clientId(clientId).operationTimeout(WAIT).build().connect();
    }

    /** The feature level the running member at {@code index} has applied, read on its Raft thread. */
    int levelOf(int index) throws Exception {
        UpgradeApp app = UpgradeApps.version(buildOf(index));
        return cluster.node(index).read(0, WAIT, app::featureLevel).get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The levels the running member at {@code index} was told of as they rose, in order. */
    List<Integer> levelsTold(int index) {
        return UpgradeApps.version(buildOf(index)).levelsTold(cluster.node(index).stateMachine());
    }

    /** Every running member's feature level, by member id. */
    Map<String, Integer> levels() throws Exception {
        Map<String, Integer> levels = new TreeMap<>();
        for (int i = 0; i < size(); i++) {
            if (cluster.node(i) != null) {
                levels.put(LocalCluster.id(i), levelOf(i));
            }
        }
        return levels;
    }

    /** Waits until every running member has applied feature level {@code level}. */
    void awaitLevel(int level) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        Map<String, Integer> levels = Map.of();
        while (System.nanoTime() - deadline < 0) {
            try {
                levels = levels();
            } catch (Exception e) {
                throw new IllegalStateException("reading the members' feature levels", e);
            }
            if (levels.values().stream().allMatch(l -> l == level)) {
                return;
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
        throw new IllegalStateException("the members never all applied feature level " + level + " within "
                + WAIT.toMillis() + " ms: " + levels);
    }

    /** One member's notes, read on its Raft thread, and the log index its state machine had applied then. */
    record MemberNotes(long appliedIndex, int build, SortedMap<String, UpgradeApp.Reply> notes) {
    }

    /**
     * Every running member's notes, all at one applied index: read again until they agree on the index (keep-alives
     * and other entries may commit meanwhile).
     */
    Map<String, MemberNotes> notesAtOneIndex() throws Exception {
        awaitLeader();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            Map<String, MemberNotes> states = new TreeMap<>();
            long max = 0;
            for (int i = 0; i < size(); i++) {
                RaftwireNode n = cluster.node(i);
                if (n == null) {
                    continue;
                }
                UpgradeApp app = UpgradeApps.version(buildOf(i));
                Ordered<Object> read = n.raftNode().<Object>query(new LocalRead(app::notes),
                        QueryPolicy.EVENTUAL_CONSISTENCY, Optional.of(max), Optional.of(WAIT))
                        .get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
                @SuppressWarnings("unchecked")
                SortedMap<String, UpgradeApp.Reply> notes = (SortedMap<String, UpgradeApp.Reply>) read.getResult();
                states.put(n.memberId(), new MemberNotes(read.getCommitIndex(), app.version(), notes));
                max = Math.max(max, read.getCommitIndex());
            }
            if (states.values().stream().map(MemberNotes::appliedIndex).distinct().count() == 1) {
                return states;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new IllegalStateException("members never reported one applied index within " + WAIT.toMillis()
                        + " ms: " + states.keySet() + " at " + states.values().stream()
                        .map(MemberNotes::appliedIndex).toList());
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    /** Copies a stopped member's data directory to {@code to} (which must not exist). */
    void copyDirectory(int index, Path to) throws IOException {
        if (cluster.node(index) != null) {
            throw new IllegalStateException(LocalCluster.id(index) + " is running (expected: stop it first)");
        }
        copy(directory(index), to);
    }

    /** Replaces a stopped member's data directory by a copy of {@code from}. */
    void restoreDirectory(int index, Path from) throws IOException {
        if (cluster.node(index) != null) {
            throw new IllegalStateException(LocalCluster.id(index) + " is running (expected: stop it first)");
        }
        delete(directory(index));
        copy(from, directory(index));
    }

    /** Every file under a directory with its bytes, by relative path: to show a directory left unchanged. */
    static SortedMap<String, String> contents(Path dir) throws IOException {
        SortedMap<String, String> files = new TreeMap<>();
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted().toList()) {
                String name = dir.relativize(p).toString();
                files.put(name, Files.isDirectory(p) ? "dir" : java.util.HexFormat.of()
                        .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
            }
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        return files;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.sorted().toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
                }
            }
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }

    /** The running members. */
    List<RaftwireNode> running() {
        return cluster.running();
    }

    @Override
    public void close() {
        cluster.close();
    }
}
