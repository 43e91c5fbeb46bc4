package io.raftwire.chaos;

import io.microraft.statemachine.StateMachine;
import io.raftwire.linearizability.CheckLimits;
import io.raftwire.linearizability.CheckResult;
import io.raftwire.linearizability.HistoryRecorder;
import io.raftwire.linearizability.KvModel;
import io.raftwire.linearizability.LinearizabilityChecker;
import io.raftwire.linearizability.Operation;
import io.raftwire.node.kv.KvResult;
import io.raftwire.testkit.leak.LeakGate;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * One chaos run: a cluster, five recording clients running the workload, the scenario's fault schedule, then the
 * checks. Everything random (fault decisions, schedule choices, workload) comes from the one seed.
 */
final class ChaosRun {

    static final int CLIENTS = 5;
    static final int KEYS = 8;
    static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(6);
    static final KvModel MODEL = new KvModel(KvModel.VersionScheme.OPAQUE);

    /** What a run found and measured. */
    record Result(String name, long seed, CheckResult check, List<String> lostWrites, Map<String, Long> digests,
                  int leaks, RecordingClient.Counts counts, boolean clientsStuck, int operations,
                  Map<String, List<Long>> figures, long millis) {

        boolean statesEqual() {
            return new HashSet<>(digests.values()).size() == 1;
        }

        boolean futuresCompleted() {
            return counts.uncompleted.get() == 0 && !clientsStuck;
        }

        /** One line of figures. */
        String summary() {
            StringBuilder b = new StringBuilder();
            b.append(String.format(Locale.ROOT, "%-12s seed %-20d %5d ops (%s), %s, %d keys, %d states, %.1f s",
                    name, seed, operations, counts, check.verdict(), check.keys().size(), digests.size(),
                    millis / 1000.0));
            figures.forEach((k, v) -> b.append(", ").append(k).append(' ').append(v.size() <= 3 ? join(v)
                    : "median " + median(v) + " max " + v.stream().mapToLong(x -> x).max().orElse(0)
                    + " n=" + v.size()));
            return b.toString();
        }

        private static String join(List<Long> v) {
            return v.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" / "));
        }

        static long median(List<Long> v) {
            List<Long> s = new ArrayList<>(v);
            s.sort(Comparator.naturalOrder());
            return s.get(s.size() / 2);
        }
    }

    /** A fault schedule: what happens to the cluster while the workload runs. */
    interface Schedule {
        void faults(RunContext c) throws Exception;
    }

    private final ChaosCluster.Spec spec;
    private final int padding;
    private final Schedule schedule;
    private final String name;

    ChaosRun(Scenario s) {
        this(s.id, spec(s.nodes, s.serializer), s.padding(), s::faults);
        spec.initial = s.initialMembers();
        spec.proxies = s.proxies();
        if (s.durable()) {
            spec.dataRoot = Path.of("durable"); // replaced by a temporary directory per run
        }
    }

    ChaosRun(String name, ChaosCluster.Spec spec, int padding, Schedule schedule) {
        this.name = name;
        this.spec = spec;
        this.padding = padding;
        this.schedule = schedule;
    }

    static ChaosCluster.Spec spec(int nodes, String serializer) {
        ChaosCluster.Spec s = new ChaosCluster.Spec();
        s.size = nodes;
        s.serializer = serializer;
        return s;
    }

    ChaosRun wrapStateMachines(UnaryOperator<StateMachine> wrapper) {
        spec.stateMachineWrapper = wrapper;
        return this;
    }

    @SuppressWarnings("try") // probeClient is opened so that it is closed with the workload, not used by name
    Result run(long seed, ChaosSettings settings) throws Exception {
        long start = System.nanoTime();
        int leaksBefore = LeakGate.collect(1);
        Path dataRoot = spec.dataRoot == null ? null : Files.createTempDirectory("raftwire-chaos-");
        spec.dataRoot = dataRoot;
        SplittableRandom random = new SplittableRandom(seed);
        HistoryRecorder recorder = new HistoryRecorder();
        RecordingClient.Counts counts = new RecordingClient.Counts();
        Map<String, String> finalReads = new LinkedHashMap<>();
        Map<String, Long> digests;
        RunContext ctx;
        boolean stuck;
        int issued;
        try (ChaosCluster cluster = ChaosCluster.start(spec, io.raftwire.transport.fault.FaultPlan.seeded(seed))) {
            cluster.awaitLeader();
            RecordingClient probe = new RecordingClient("probe", cluster.client("probe", OPERATION_TIMEOUT,
                    spec.serializer), recorder, OPERATION_TIMEOUT.plusSeconds(10), counts, padding);
            Workload workload = new Workload(Workload.clients(cluster, CLIENTS, spec.serializer, recorder, counts,
                    OPERATION_TIMEOUT, padding), KEYS, random.nextLong(), Integer.MAX_VALUE);
            try (workload; var probeClient = probe.kv()) {
                try {
                    ctx = new RunContext(cluster, random.split(), settings, probe);
                    ctx.figure("setup ms", RunContext.since(start));
                    long workStart = System.nanoTime();
                    workload.start();
                    awaitOperations(workload, settings.minOperations() / 5);
                    schedule.faults(ctx);
                    awaitOperations(workload, settings.minOperations());
                    workload.stop(OPERATION_TIMEOUT.plusSeconds(15));
                    stuck = workload.stuck();
                    issued = workload.issued();
                    ctx.figure("workload ms", RunContext.since(workStart));
                    for (String key : Stream.concat(workload.keys().stream(), Stream.of("probe")).toList()) {
                        finalReads.put(key, finalRead(probe, key));
                    }
                    digests = cluster.digests();
                } catch (Exception | AssertionError e) {
                    throw new IllegalStateException(e + "; members when it failed:" + cluster.describe(),
                            e);
                }
            }
        } finally {
            if (dataRoot != null) {
                deleteTree(dataRoot);
            }
        }
        long teardown = System.nanoTime();
        int leaks = LeakGate.collect(3) - leaksBefore;
        ctx.figure("leak gc ms", RunContext.since(teardown));
        List<Operation> history = recorder.history();
        CheckResult check = new LinearizabilityChecker(MODEL, CheckLimits.DEFAULT).check(history);
        List<String> lost = LostWrites.find(history, finalReads);
        return new Result(name, seed, check, lost, digests, leaks, counts, stuck, issued, ctx.figures(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
    }

    /** Lets the workload reach {@code count} operations (at most a minute: a slow run reports fewer). */
    private static void awaitOperations(Workload workload, int count) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (workload.issued() < count && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
        }
    }

    private static String finalRead(RecordingClient probe, String key) {
        for (int attempt = 0; attempt < 5; attempt++) {
            KvResult r = probe.get(key);
            if (r != null) {
                return r.success() ? RecordingClient.decode(r.value()) : null;
            }
        }
        throw new IllegalStateException("the final read of " + key + " failed 5 times");
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
