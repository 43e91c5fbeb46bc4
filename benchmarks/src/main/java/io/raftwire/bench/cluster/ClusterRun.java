package io.raftwire.bench.cluster;

import io.raftwire.bench.transport.RawRoundTrip;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one {@link RunSpec} in this JVM: starts its cluster, waits (bounded) for the first committed put, runs the
 * workloads and returns the named results ({@code RESULT} fields, see {@link ResultLine}). Every step is bounded:
 * the leader by {@link #LEADER_TIMEOUT}, the first commit by {@link #FIRST_COMMIT_TIMEOUT}, the workloads by their
 * windows.
 */
final class ClusterRun {

    static final Duration LEADER_TIMEOUT = Duration.ofSeconds(60);
    static final Duration FIRST_COMMIT_TIMEOUT = Duration.ofSeconds(120);
    /** The raw echo's warm-up and measurement are capped: it is a reference figure, not a workload. */
    private static final long RAW_MAX_WARMUP_MS = 3000;
    private static final long RAW_MAX_MEASURE_MS = 5000;

    private ClusterRun() {
    }

    static Map<String, String> execute(RunSpec spec, Phases phases) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("label", spec.label());
        out.put("kind", spec.kind().label());
        out.put("serializer", spec.serializer());
        out.put("durable", Boolean.toString(spec.durable()));
        out.put("layout", spec.multiproc() ? "multiproc" : "inproc");
        out.put("load1_start", CpuSample.loadAverage());
        CpuSample start = CpuSample.now();
        long membersNanos = 0; // CPU of member processes outside this JVM, all of it within this run
        if (spec.kind() == RunSpec.Kind.RAW) {
            RawRoundTrip.Result r = RawRoundTrip.measure(spec.serializer(),
                    TimeUnit.MILLISECONDS.toNanos(Math.min(phases.warmupMillis(), RAW_MAX_WARMUP_MS)),
                    TimeUnit.MILLISECONDS.toNanos(Math.min(phases.measureMillis(), RAW_MAX_MEASURE_MS)));
            out.put("raw_p50_us", Workloads.fmt(r.p50Micros()));
            out.put("raw_p99_us", Workloads.fmt(r.p99Micros()));
            out.put("raw_per_s", Workloads.fmt(r.perSecond()));
            out.put("raw_n", Long.toString(r.count()));
        } else {
            long launch = System.nanoTime();
            try (ClusterUnderTest cluster = open(spec)) {
                firstCommit(cluster);
                out.put("first_commit_ms", Long.toString(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - launch)));
                Workloads w = new Workloads(cluster, phases.warmupNanos(), phases.measureNanos(), phases.inflight());
                out.putAll(w.sequentialPuts());
                out.putAll(w.pipelinedPuts());
                if (cluster.reads()) {
                    try {
                        out.putAll(w.sequentialReads());
                    } catch (Exception e) {
                        // the known value could not be written (for example an expired session): keep (a) and (b)
                        out.put("read_failed", e.toString().replaceAll("\\s+", "_"));
                    }
                }
                if (spec.durable()) {
                    long files = cluster.dataFiles();
                    if (files == 0) {
                        throw new IllegalStateException("durable run wrote no file under its data directories"
                                + " (expected: the node to keep its log there)");
                    }
                    out.put("data_files", Long.toString(files));
                }
                membersNanos = cluster.outsideCpuNanos();
            }
        }
        CpuSample end = CpuSample.now().plusProcessNanos(membersNanos);
        out.put("cpu_cores", Workloads.fmt3(end.processCores(start)));
        out.put("other_cores", Workloads.fmt3(end.otherCores(start)));
        out.put("load1_end", CpuSample.loadAverage());
        return out;
    }

    private static ClusterUnderTest open(RunSpec spec) throws Exception {
        return switch (spec.kind()) {
            case IDEAL -> IdealCluster.start(LEADER_TIMEOUT);
            case DIRECT -> DirectCluster.start(spec.serializer(), LEADER_TIMEOUT);
            case KV -> spec.multiproc()
                    ? KvMultiProcess.start(spec.serializer(), spec.durable(), spec.sessionMillis(), LEADER_TIMEOUT)
                    : KvEndToEnd.start(spec.serializer(), spec.durable(), spec.sessionMillis(), LEADER_TIMEOUT);
            case RAW -> throw new IllegalArgumentException("raw runs open no cluster");
        };
    }

    /** Retries one put until it commits, as the peers do before (a). */
    private static void firstCommit(ClusterUnderTest cluster) throws InterruptedException {
        long deadline = System.nanoTime() + FIRST_COMMIT_TIMEOUT.toNanos();
        Exception last = null;
        while (System.nanoTime() - deadline < 0) {
            try {
                cluster.write("k9999998", "first");
                return;
            } catch (InterruptedException e) {
                throw e;
            } catch (Exception e) {
                last = e;
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
        }
        throw new IllegalStateException("no commit within " + FIRST_COMMIT_TIMEOUT.toSeconds() + " s", last);
    }
}
