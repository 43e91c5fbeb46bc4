package io.raftwire.bench.cluster;

import io.raftwire.bench.transport.Spread;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The cluster benchmark's Markdown report: every run's figures as median [min..max] over the rounds, the cost per
 * operation, the targets with durability off (per-round ratios against the ideal and the raw round trip
 * of the same round), and ratios of medians to the ideal and to the peer clusters of the same sitting. Not
 * thread-safe.
 */
final class ClusterReport {

    /** The bound on pipelined commits/s, as a fraction of the ideal's. */
    static final double PIPELINED_TARGET = 0.50;
    /** Raw round trips allowed on top of the ideal's sequential p50. */
    static final double ROUND_TRIPS_ALLOWED = 1.5;

    private final Map<String, List<Map<String, String>>> byLabel = new LinkedHashMap<>();
    private final List<String> failures = new ArrayList<>();

    /** Adds one run's fields (which must hold {@code label} and {@code round}). */
    void add(Map<String, String> result) {
        byLabel.computeIfAbsent(result.get("label"), k -> new ArrayList<>()).add(result);
    }

    /** Notes a run that produced no result. */
    void failed(String label, int round, String why) {
        failures.add(label + " round " + round + ": " + why);
    }

    /**
     * Prints every table.
     *
     * @param peers       the peer clusters of the same sitting (may be empty)
     * @param rawLabel    the raw round trip the sequential target is stated in
     * @param fsyncMicros the disk's 64-byte write + fdatasync p50, µs, for the durable sequential bound; NaN if
     *                    unknown
     */
    void print(PrintStream out, PeerResults peers, String rawLabel, double fsyncMicros) {
        mainTable(out);
        rawTable(out);
        costTable(out);
        targets(out, rawLabel);
        againstIdeal(out);
        if (!peers.isEmpty()) {
            againstPeers(out, peers);
        }
        durableTargets(out, peers, rawLabel, fsyncMicros);
        if (!failures.isEmpty()) {
            out.println();
            out.println("Runs without a result:");
            failures.forEach(f -> out.println("- " + f));
        }
    }

    private List<String> clusterLabels() {
        return byLabel.keySet().stream().filter(l -> !l.startsWith("raw-echo")).toList();
    }

    private void mainTable(PrintStream out) {
        out.println();
        out.println("### Throughput and latency (median [min..max] over rounds; latencies in µs)");
        out.println();
        out.println("| run | rounds | (a) seq commits/s | (a) p50 | (a) p90 | (a) p99 | (a) p99.9 | (b) pipelined"
                + " commits/s | (b) p50 | (b) p99 | (c) lin. reads/s | (c) p50 | (c) p99 | errors a/b/c"
                + " | bad read values |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (String label : clusterLabels()) {
            List<Map<String, String>> rs = byLabel.get(label);
            out.println("| " + label + " | " + rs.size() + " | " + cell(rs, "seq_ops_s") + " | "
                    + cell(rs, "seq_p50_us") + " | " + cell(rs, "seq_p90_us") + " | " + cell(rs, "seq_p99_us")
                    + " | " + cell(rs, "seq_p999_us") + " | " + cell(rs, "pipe_ops_s") + " | "
                    + cell(rs, "pipe_p50_us") + " | " + cell(rs, "pipe_p99_us") + " | " + cell(rs, "read_ops_s")
                    + " | " + cell(rs, "read_p50_us") + " | " + cell(rs, "read_p99_us") + " | "
                    + sum(rs, "seq_err") + "/" + sum(rs, "pipe_err") + "/" + sum(rs, "read_err") + " | "
                    + sum(rs, "read_bad") + " |");
        }
    }

    private void rawTable(PrintStream out) {
        List<String> raws = byLabel.keySet().stream().filter(l -> l.startsWith("raw-echo")).toList();
        if (raws.isEmpty()) {
            return;
        }
        out.println();
        out.println("### Raw Netty loopback round trip, one in flight (vote frames, flush coalescing on)");
        out.println();
        out.println("| run | rounds | p50 µs | p99 µs | round trips/s |");
        out.println("|---|---|---|---|---|");
        for (String label : raws) {
            List<Map<String, String>> rs = byLabel.get(label);
            out.println("| " + label + " | " + rs.size() + " | " + cell(rs, "raw_p50_us") + " | "
                    + cell(rs, "raw_p99_us") + " | " + cell(rs, "raw_per_s") + " |");
        }
    }

    private void costTable(PrintStream out) {
        out.println();
        out.println("### Cost per operation (median over rounds; counters summed over the members, per committed"
                + " operation of the measurement)");
        out.println();
        out.println("| run | first commit ms | JVM CPU ms/op (a) | (b) | (c) | other processes' cores (a) | (b) | (c)"
                + " | Raft msgs/op (a) | (b) | AppendEntries/op (a) | (b) | entries/AppendEntries (b) | bytes/op (a)"
                + " | (b) | encode+decode µs/op (a) | (b) | dropped (a+b) |");
        out.println("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
        for (String label : clusterLabels()) {
            List<Map<String, String>> rs = byLabel.get(label);
            out.println("| " + label + " | " + med(rs, "first_commit_ms") + " | " + med3(rs, "seq_cpu_ms_per_op")
                    + " | " + med3(rs, "pipe_cpu_ms_per_op") + " | " + med3(rs, "read_cpu_ms_per_op") + " | "
                    + med2(rs, "seq_other_cores") + " | " + med2(rs, "pipe_other_cores") + " | "
                    + med2(rs, "read_other_cores") + " | " + med2(rs, "seq_per_op_msgs") + " | "
                    + med2(rs, "pipe_per_op_msgs") + " | " + med2(rs, "seq_per_op_appends") + " | "
                    + med3(rs, "pipe_per_op_appends") + " | " + entriesPerAppend(rs) + " | "
                    + med(rs, "seq_per_op_bytes") + " | " + med(rs, "pipe_per_op_bytes") + " | "
                    + med2(rs, "seq_per_op_encode_us", "seq_per_op_decode_us") + " | "
                    + med2(rs, "pipe_per_op_encode_us", "pipe_per_op_decode_us") + " | " + dropped(rs) + " |");
        }
    }

    private static String entriesPerAppend(List<Map<String, String>> rs) {
        Spread s = spread(rs, r -> number(r, "pipe_per_op_entries") / number(r, "pipe_per_op_appends"));
        return s.count() == 0 ? "-" : num(s.median());
    }

    private static String dropped(List<Map<String, String>> rs) {
        double total = 0;
        boolean any = false;
        for (Map<String, String> r : rs) {
            for (String w : List.of("seq", "pipe")) {
                double perOp = number(r, w + "_per_op_dropped");
                double n = number(r, w + "_n");
                if (!Double.isNaN(perOp) && !Double.isNaN(n)) {
                    total += perOp * n;
                    any = true;
                }
            }
        }
        return any ? String.format(Locale.ROOT, "%.0f", total) : "-";
    }

    private void targets(PrintStream out, String rawLabel) {
        List<Map<String, String>> ideal = byLabel.get("ideal");
        List<Map<String, String>> raw = byLabel.get(rawLabel);
        List<String> direct = byLabel.keySet().stream().filter(l -> l.startsWith("direct/")).toList();
        if (ideal == null || direct.isEmpty()) {
            return;
        }
        out.println();
        out.println("### Targets, durability off (per round against the ideal and the raw round trip of"
                + " the same round; median [min..max])");
        out.println();
        out.println("| run | (b) commits/s ÷ ideal's | target | rounds met | (a) p50 µs | bound µs: ideal p50 + "
                + ROUND_TRIPS_ALLOWED + " × raw p50 (" + rawLabel + ") | rounds met | verdict |");
        out.println("|---|---|---|---|---|---|---|---|");
        for (String label : direct) {
            List<Double> ratios = new ArrayList<>();
            List<Double> p50s = new ArrayList<>();
            List<Double> bounds = new ArrayList<>();
            int pipeMet = 0;
            int seqMet = 0;
            for (Map<String, String> r : byLabel.get(label)) {
                Map<String, String> i = sameRound(ideal, r);
                Map<String, String> w = raw == null ? null : sameRound(raw, r);
                if (i == null) {
                    continue;
                }
                double ratio = number(r, "pipe_ops_s") / number(i, "pipe_ops_s");
                ratios.add(ratio);
                pipeMet += ratio >= PIPELINED_TARGET ? 1 : 0;
                if (w != null) {
                    double bound = number(i, "seq_p50_us") + ROUND_TRIPS_ALLOWED * number(w, "raw_p50_us");
                    double p50 = number(r, "seq_p50_us");
                    p50s.add(p50);
                    bounds.add(bound);
                    seqMet += p50 <= bound ? 1 : 0;
                }
            }
            Spread ratio = Spread.of(ratios);
            Spread p50 = Spread.of(p50s);
            Spread bound = Spread.of(bounds);
            boolean pipeOk = ratio.count() > 0 && ratio.median() >= PIPELINED_TARGET;
            boolean seqOk = p50.count() > 0 && p50.median() <= bound.median();
            out.println("| " + label + " | " + ratio.format(ClusterReport::num2) + " | ≥ " + num2(PIPELINED_TARGET)
                    + " | " + pipeMet + "/" + ratio.count() + " | " + p50.format(ClusterReport::num) + " | "
                    + bound.format(ClusterReport::num) + " | " + seqMet + "/" + p50.count() + " | pipelined "
                    + (pipeOk ? "**met**" : "**missed**") + ", sequential "
                    + (p50.count() == 0 ? "not measured" : seqOk ? "**met**" : "**missed**") + " |");
        }
    }

    private static Map<String, String> sameRound(List<Map<String, String>> rs, Map<String, String> r) {
        for (Map<String, String> x : rs) {
            if (x.get("round").equals(r.get("round"))) {
                return x;
            }
        }
        return null;
    }

    private void againstIdeal(PrintStream out) {
        List<Map<String, String>> ideal = byLabel.get("ideal");
        if (ideal == null) {
            return;
        }
        out.println();
        out.println("### Against the ideal (ratios of medians)");
        out.println();
        out.println("| run | (a) commits/s ÷ ideal's | (a) p50 ÷ ideal's | (b) commits/s ÷ ideal's |"
                + " (b) p50 ÷ ideal's |");
        out.println("|---|---|---|---|---|");
        for (String label : clusterLabels()) {
            if (label.equals("ideal")) {
                continue;
            }
            List<Map<String, String>> rs = byLabel.get(label);
            out.println("| " + label + " | " + ratio(rs, ideal, "seq_ops_s", "seq_ops_s") + " | "
                    + ratio(rs, ideal, "seq_p50_us", "seq_p50_us") + " | "
                    + ratio(rs, ideal, "pipe_ops_s", "pipe_ops_s") + " | "
                    + ratio(rs, ideal, "pipe_p50_us", "pipe_p50_us") + " |");
        }
    }

    private void againstPeers(PrintStream out, PeerResults peers) {
        out.println();
        out.println("### The peer clusters of the same sitting (mode=" + peers.mode() + ", config=default;"
                + " median [min..max] over rounds)");
        out.println();
        out.println("| library | rounds | (a) seq commits/s | (a) p50 | (a) p99 | (b) pipelined commits/s | (b) p50 |"
                + " (c) lin. reads/s | (c) p50 |");
        out.println("|---|---|---|---|---|---|---|---|---|");
        for (String lib : peers.libraries()) {
            List<Map<String, String>> rs = peers.rounds(lib);
            out.println("| " + lib + " | " + rs.size() + " | " + cell(rs, "seq_ops_s") + " | "
                    + cell(rs, "seq_p50_us") + " | " + cell(rs, "seq_p99_us") + " | " + cell(rs, "pipe_ops_s")
                    + " | " + cell(rs, "pipe_p50_us") + " | " + cell(rs, "read_ops_s") + " | "
                    + cell(rs, "read_p50_us") + " |");
        }
        out.println();
        out.println("### raftwire against the peers (ratios of medians, raftwire ÷ peer; for p50, below 1 is"
                + " faster)");
        out.println();
        StringBuilder head = new StringBuilder("| run | peer | (a) commits/s | (a) p50 | (b) commits/s | (c) reads/s |");
        out.println(head);
        out.println("|---|---|---|---|---|---|");
        for (String label : clusterLabels()) {
            if (!label.startsWith("kv/")) {
                continue;
            }
            List<Map<String, String>> rs = byLabel.get(label);
            for (String lib : peers.libraries()) {
                List<Map<String, String>> ps = peers.rounds(lib);
                out.println("| " + label + " | " + lib + " | " + ratio(rs, ps, "seq_ops_s", "seq_ops_s") + " | "
                        + ratio(rs, ps, "seq_p50_us", "seq_p50_us") + " | " + ratio(rs, ps, "pipe_ops_s", "pipe_ops_s")
                        + " | " + ratio(rs, ps, "read_ops_s", "read_ops_s") + " |");
            }
        }
    }

    /** The durable targets: against JRaft's medians, and the sequential p50 against 2 fsyncs + 2 raw round trips. */
    private void durableTargets(PrintStream out, PeerResults peers, String rawLabel, double fsyncMicros) {
        List<String> durable = byLabel.keySet().stream().filter(l -> l.endsWith("/durable")).toList();
        List<Map<String, String>> jraft = peers.rounds("jraft");
        List<Map<String, String>> raw = byLabel.get(rawLabel);
        if (durable.isEmpty() || (jraft.isEmpty() && (raw == null || Double.isNaN(fsyncMicros)))) {
            return;
        }
        out.println();
        out.println("### Targets, durable (ratios of medians against JRaft of the same sitting)");
        out.println();
        String bound = raw == null || Double.isNaN(fsyncMicros) ? "-"
                : num(2 * fsyncMicros + 2 * spread(raw, r -> number(r, "raw_p50_us")).median());
        out.println("| run | (a) commits/s ÷ JRaft's (target ≥ 2) | (b) commits/s ÷ JRaft's (target ≥ 3) | (c) reads/s"
                + " ÷ JRaft's (target ≥ 1) | (a) p50 µs | bound µs: 2 × fsync p50 (" + num(fsyncMicros) + ") + 2 ×"
                + " raw p50 |");
        out.println("|---|---|---|---|---|---|");
        for (String label : durable) {
            List<Map<String, String>> rs = byLabel.get(label);
            out.println("| " + label + " | " + ratio(rs, jraft, "seq_ops_s", "seq_ops_s") + " | "
                    + ratio(rs, jraft, "pipe_ops_s", "pipe_ops_s") + " | " + ratio(rs, jraft, "read_ops_s", "read_ops_s")
                    + " | " + cell(rs, "seq_p50_us") + " | " + bound + " |");
        }
    }

    private static String ratio(List<Map<String, String>> a, List<Map<String, String>> b, String keyA, String keyB) {
        Spread x = spread(a, r -> number(r, keyA));
        Spread y = spread(b, r -> number(r, keyB));
        if (x.count() == 0 || y.count() == 0 || y.median() == 0) {
            return "-";
        }
        return num2(x.median() / y.median()) + "×";
    }

    private static Spread spread(List<Map<String, String>> rs, ToDoubleFunction<Map<String, String>> f) {
        List<Double> v = new ArrayList<>();
        for (Map<String, String> r : rs) {
            double d = f.applyAsDouble(r);
            if (!Double.isNaN(d) && !Double.isInfinite(d)) {
                v.add(d);
            }
        }
        return Spread.of(v);
    }

    /** The field as a number, NaN if absent or not a number. */
    static double number(Map<String, String> r, String key) {
        String v = r.get(key);
        if (v == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    private static String cell(List<Map<String, String>> rs, String key) {
        Spread s = spread(rs, r -> number(r, key));
        return s.count() == 0 ? "-" : s.format(ClusterReport::num);
    }

    private static String med(List<Map<String, String>> rs, String key) {
        Spread s = spread(rs, r -> number(r, key));
        return s.count() == 0 ? "-" : num(s.median());
    }

    private static String med2(List<Map<String, String>> rs, String key) {
        Spread s = spread(rs, r -> number(r, key));
        return s.count() == 0 ? "-" : num2(s.median());
    }

    private static String med2(List<Map<String, String>> rs, String keyA, String keyB) {
        Spread s = spread(rs, r -> number(r, keyA) + number(r, keyB));
        return s.count() == 0 ? "-" : num2(s.median());
    }

    private static String med3(List<Map<String, String>> rs, String key) {
        Spread s = spread(rs, r -> number(r, key));
        return s.count() == 0 ? "-" : String.format(Locale.ROOT, "%.3f", s.median());
    }

    private static String sum(List<Map<String, String>> rs, String key) {
        long total = 0;
        boolean any = false;
        for (Map<String, String> r : rs) {
            String v = r.get(key);
            if (v != null) {
                try {
                    total += Long.parseLong(v);
                    any = true;
                } catch (NumberFormatException e) {
                    return "?";
                }
            }
        }
        return any ? Long.toString(total) : "-";
    }

    /** Like the peers' table: no decimals from 100 up, one below. */
    static String num(double d) {
        return String.format(Locale.ROOT, Math.abs(d) >= 100 ? "%.0f" : "%.1f", d);
    }

    static String num2(double d) {
        return String.format(Locale.ROOT, "%.2f", d);
    }
}
