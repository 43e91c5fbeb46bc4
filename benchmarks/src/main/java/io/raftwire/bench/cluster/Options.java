package io.raftwire.bench.cluster;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The cluster benchmark's {@code key=value} options, checked in one place. Unknown keys and bad values are refused
 * with a message naming the option and what it accepts.
 */
final class Options {

    private static final Set<String> KEYS = Set.of("rounds", "warmup", "measure", "inflight", "modes", "serializers",
            "kv-serializers", "durability", "kv-session-ms", "raw-serializer", "peers", "peers-mode", "fsync-us", "fork", "heap",
            "jvm-args", "results", "layout");
    private static final Set<String> MODES = Set.of("ideal", "raw", "direct", "kv");

    final int rounds;
    final Phases phases;
    final List<String> modes;
    final List<String> serializers;
    final List<String> kvSerializers;
    final List<String> durability;
    final List<Long> sessionMillis;
    /** {@code inproc} (the three members in the run's JVM) and/or {@code multiproc} (a JVM per member): kv runs only. */
    final List<String> layouts;
    final String rawSerializer;
    final Path peers;
    final String peersMode;
    final double fsyncMicros;
    final boolean fork;
    final String heap;
    final List<String> jvmArgs;
    final Path results;

    private Options(Map<String, String> o) {
        rounds = intIn(o, "rounds", "3", 1, 100);
        phases = new Phases(millis(o, "warmup", "5"), millis(o, "measure", "10"), intIn(o, "inflight", "32", 1, 1024));
        modes = listOf(o, "modes", "ideal,raw,direct,kv", MODES);
        serializers = listOf(o, "serializers", "kryo,protostuff,jdk", RunSpec.SERIALIZERS);
        kvSerializers = listOf(o, "kv-serializers", "kryo", RunSpec.SERIALIZERS);
        durability = listOf(o, "durability", "memory,durable", Set.of("memory", "durable"));
        sessionMillis = sessions(o.getOrDefault("kv-session-ms", "0"));
        layouts = listOf(o, "layout", "inproc", Set.of("inproc", "multiproc"));
        rawSerializer = listOf(o, "raw-serializer", "kryo", RunSpec.SERIALIZERS).get(0);
        peers = o.containsKey("peers") ? Path.of(o.get("peers")) : null;
        peersMode = listOf(o, "peers-mode", "inproc", Set.of("inproc", "multiproc")).get(0);
        fsyncMicros = o.containsKey("fsync-us") ? positive(o, "fsync-us") : Double.NaN;
        fork = listOf(o, "fork", "true", Set.of("true", "false")).get(0).equals("true");
        heap = o.getOrDefault("heap", "1g");
        if (!heap.matches("[0-9]+[kmgKMG]?")) {
            throw new IllegalArgumentException("heap = " + heap + " (expected: a JVM heap size such as 1g or 512m)");
        }
        jvmArgs = o.containsKey("jvm-args") ? List.of(o.get("jvm-args").trim().split("\\s+")) : List.of();
        results = o.containsKey("results") ? Path.of(o.get("results")) : null;
    }

    /**
     * Parses {@code key=value} arguments.
     *
     * @throws IllegalArgumentException naming the bad argument and what was expected
     */
    static Options parse(List<String> args) {
        Map<String, String> o = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("argument = " + arg + " (expected: key=value)");
            }
            String key = arg.substring(0, eq);
            if (!KEYS.contains(key)) {
                throw new IllegalArgumentException("option = " + key + " (expected: one of " + String.join(", ",
                        KEYS.stream().sorted().toList()) + ")");
            }
            o.put(key, arg.substring(eq + 1));
        }
        return new Options(o);
    }

    /** Session timeouts of the KV client: 0 (the client's default) or at least 150 ms. */
    private static List<Long> sessions(String csv) {
        List<Long> values = new java.util.ArrayList<>();
        for (String v : csv.split(",")) {
            try {
                long ms = Long.parseLong(v.trim());
                if (ms == 0 || ms >= 150 && ms <= 600_000) {
                    values.add(ms);
                    continue;
                }
            } catch (NumberFormatException e) {
                // refused below
            }
            throw new IllegalArgumentException("kv-session-ms = " + v + " (expected: 0 for the client's default, or"
                    + " 150..600000 ms)");
        }
        return List.copyOf(values);
    }

    private static int intIn(Map<String, String> o, String key, String dflt, int min, int max) {
        String v = o.getOrDefault(key, dflt);
        try {
            int i = Integer.parseInt(v);
            if (i >= min && i <= max) {
                return i;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(key + " = " + v + " (expected: an integer in " + min + ".." + max + ")");
    }

    /** Seconds, decimals allowed, as milliseconds. */
    private static long millis(Map<String, String> o, String key, String dflt) {
        String v = o.getOrDefault(key, dflt);
        try {
            double s = Double.parseDouble(v);
            if (s >= 0 && s <= 3600) {
                return Math.round(s * 1000);
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(key + " = " + v + " (expected: seconds in 0..3600, decimals allowed)");
    }

    private static double positive(Map<String, String> o, String key) {
        String v = o.get(key);
        try {
            double d = Double.parseDouble(v);
            if (d > 0 && !Double.isInfinite(d)) {
                return d;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw new IllegalArgumentException(key + " = " + v + " (expected: a positive number)");
    }

    private static List<String> listOf(Map<String, String> o, String key, String dflt, Set<String> allowed) {
        List<String> values = Arrays.stream(o.getOrDefault(key, dflt).split(",")).map(String::trim)
                .filter(s -> !s.isEmpty()).distinct().toList();
        for (String v : values) {
            if (!allowed.contains(v)) {
                throw new IllegalArgumentException(key + " = " + v + " (expected: " + String.join(", ",
                        allowed.stream().sorted().toList()) + ")");
            }
        }
        if (values.isEmpty()) {
            throw new IllegalArgumentException(key + " is empty (expected: at least one of " + String.join(", ",
                    allowed.stream().sorted().toList()) + ")");
        }
        return values;
    }

    /**
     * The runs of one round, in order: ideal, raw echo, direct per serializer, KV per layout, serializer and durability.
     * The layout applies to KV runs only: the ideal, raw and direct runs are in-process by construction.
     */
    List<RunSpec> runs(boolean durableAvailable, List<String> skipped) {
        List<RunSpec> runs = new java.util.ArrayList<>();
        if (modes.contains("ideal")) {
            runs.add(RunSpec.ideal());
        }
        if (modes.contains("raw")) {
            runs.add(new RunSpec(RunSpec.Kind.RAW, rawSerializer, false));
        }
        if (modes.contains("direct")) {
            serializers.forEach(s -> runs.add(new RunSpec(RunSpec.Kind.DIRECT, s, false)));
        }
        if (modes.contains("kv")) {
            for (String layout : layouts) {
                kvRuns(layout.equals("multiproc"), durableAvailable, runs, skipped);
            }
        }
        return runs;
    }

    private void kvRuns(boolean multiproc, boolean durableAvailable, List<RunSpec> runs, List<String> skipped) {
        for (long session : sessionMillis) {
            for (String s : kvSerializers) {
                for (String d : durability) {
                    RunSpec spec = new RunSpec(RunSpec.Kind.KV, s, d.equals("durable"), session, multiproc);
                    if (spec.durable() && !durableAvailable) {
                        skipped.add(spec.label() + ": not run, " + KvEndToEnd.STORE_CLASS + " is not on the"
                                + " class path (the durable store has not landed on this build)");
                    } else {
                        runs.add(spec);
                    }
                }
            }
        }
    }

    /** The raw echo's label, as the report names it. */
    String rawLabel() {
        return new RunSpec(RunSpec.Kind.RAW, rawSerializer, false).label();
    }

    @Override
    public String toString() {
        return "rounds=" + rounds + " warmup=" + phases.warmupMillis() / 1000.0 + "s measure="
                + phases.measureMillis() / 1000.0 + "s inflight=" + phases.inflight() + " modes=" + String.join(",",
                modes) + " serializers=" + String.join(",", serializers) + " kv-serializers=" + String.join(",",
                kvSerializers) + " durability=" + String.join(",", durability) + " kv-session-ms="
                + String.join(",", sessionMillis.stream().map(String::valueOf).toList()) + " layout="
                + String.join(",", layouts) + " fork=" + fork
                + (fork ? " heap=" + heap : "");
    }
}
