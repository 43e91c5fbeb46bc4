package io.raftwire.cli.demo;

import io.raftwire.cli.CliFailure;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.StateCheck;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.transport.RaftTransportStats;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.MessageStats;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;

import org.HdrHistogram.Histogram;

/**
 * The demo's closing report. The killed leader is restarted from its data directory first, so the equality check
 * covers every member.
 */
final class DemoReport {

    private static final Duration WAIT = Duration.ofSeconds(30);

    private final String serializer;
    private final int nodes;
    private final int clients;
    private final int inFlight;
    private final long seed;
    private final List<String> leaders;
    private final DemoCommand.Outcome outcome;
    private final Workload workload;
    private final LocalCluster cluster;

    DemoReport(String serializer, int nodes, int clients, int inFlight, long seed, List<String> leaders,
            DemoCommand.Outcome outcome, Workload workload, LocalCluster cluster) {
        this.serializer = serializer;
        this.nodes = nodes;
        this.clients = clients;
        this.inFlight = inFlight;
        this.seed = seed;
        this.leaders = leaders;
        this.outcome = outcome;
        this.workload = workload;
        this.cluster = cluster;
    }

    /**
     * Prints the report.
     *
     * @return whether every member's state machine ended equal and no operation failed
     */
    boolean print(PrintWriter out) throws Exception {
        Histogram latency = workload.latency().getIntervalHistogram();
        double seconds = outcome.nanos() / 1e9;
        out.println();
        out.println("== raftwire demo report");
        row(out, "serializer", serializer);
        row(out, "cluster", nodes + " members on 127.0.0.1 (MicroRaft 0.7, durable store), " + clients
                + " client sessions x " + inFlight + " in flight, operation mix seed " + seed);
        row(out, "leaders", String.join(" -> ", leaders));
        row(out, "operations", String.format(Locale.ROOT, "%,d done, %,d failed, in %.1f s: %,.0f ops/s",
                workload.done(), workload.errors(), seconds, workload.done() / seconds));
        row(out, "commits", String.format(Locale.ROOT, "%,d writes committed: %,.0f commits/s", workload.writes(),
                workload.writes() / seconds));
        row(out, "latency (us)", String.format(Locale.ROOT, "p50 %,d  p99 %,d  p99.9 %,d  max %,d (%,d operations,"
                        + " HdrHistogram)", latency.getValueAtPercentile(50), latency.getValueAtPercentile(99),
                latency.getValueAtPercentile(99.9), latency.getMaxValue(), latency.getTotalCount()));
        restartStopped(out);
        printWire(out);
        return printEquality(out) && workload.errors() == 0;
    }

    private void restartStopped(PrintWriter out) {
        for (int i = 0; i < cluster.size(); i++) {
            if (cluster.node(i) == null) {
                cluster.restart(i);
                row(out, "restart", LocalCluster.id(i) + " restarted from its data directory to rejoin");
            }
        }
    }

    private void printWire(PrintWriter out) {
        TypeRegistry registry = KvNodes.registry();
        Map<String, long[]> byType = new TreeMap<>();
        long dropped = 0;
        long refused = 0;
        for (RaftwireNode n : cluster.running()) {
            add(byType, n.transportStats().messages());
            add(byType, n.clientTransportStats().messages());
            RaftTransportStats raft = n.raftStats();
            dropped += raft.dropped();
            refused += raft.refusedSender();
        }
        out.println();
        out.println("wire, all members since (re)start: frames sent and bytes per message type");
        out.printf(Locale.ROOT, "  %-38s %12s %14s %10s%n", "message type", "frames", "bytes", "bytes/frame");
        long frames = 0;
        long bytes = 0;
        for (Map.Entry<String, long[]> e : byType.entrySet()) {
            long[] v = e.getValue();
            out.printf(Locale.ROOT, "  %-38s %,12d %,14d %,10d%n", e.getKey(), v[0], v[1], v[0] == 0 ? 0 : v[1] / v[0]);
            frames += v[0];
            bytes += v[1];
        }
        out.printf(Locale.ROOT, "  %-38s %,12d %,14d%n", "total", frames, bytes);
        out.printf(Locale.ROOT, "  Raft messages dropped (peer down or overloaded): %,d; refused for a forged sender:"
                + " %,d%n", dropped, refused);
        out.println();
        if (registry.models().isEmpty()) {
            throw new IllegalStateException("empty registry");
        }
    }

    private static void add(Map<String, long[]> byType, List<MessageStats> stats) {
        for (MessageStats m : stats) {
            if (m.sent() > 0) {
                long[] v = byType.computeIfAbsent(m.typeName() + " (" + m.typeId() + ")", k -> new long[2]);
                v[0] += m.sent();
                v[1] += m.sentBytes();
            }
        }
    }

    private boolean printEquality(PrintWriter out) throws Exception {
        Map<String, StateCheck.MemberState> states;
        try {
            cluster.awaitLeader(WAIT);
            states = StateCheck.atOneIndex(cluster.running(), WAIT);
        } catch (TimeoutException | IllegalStateException e) {
            out.flush();
            throw new CliFailure("cannot compare the members' state machines within " + WAIT.toSeconds() + " s: "
                    + (e.getMessage() != null ? e.getMessage() : "a member did not reach the others' applied index")
                    + " (expected: every member in one Raft group, with a leader)", e);
        }
        long index = states.values().iterator().next().appliedIndex();
        Map<String, String> digests = new TreeMap<>();
        states.forEach((id, s) -> digests.put(id, Long.toHexString(s.digest())));
        boolean equal = new HashSet<>(digests.values()).size() == 1 && digests.size() == cluster.size();
        row(out, "state machines", equal ? "EQUAL on all " + digests.size() + " members at log index " + index
                + " (digest " + digests.values().iterator().next() + ")" : "DIFFER at log index " + index + ": "
                + digests);
        out.flush();
        return equal;
    }

    private static void row(PrintWriter out, String name, String value) {
        out.printf(Locale.ROOT, "%-15s %s%n", name, value);
    }
}
