package io.raftwire.bench.transport;

import io.raftwire.bench.ParentJvmOptions;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Loopback round-trip latency and pipelined throughput of the raftwire transport, per serializer, against a raw
 * Netty echo of the same frames ({@link RawEchoExchange}), with and without flush consolidation. Every scenario runs
 * in a child JVM of its own ({@link Probe}); the scenarios are interleaved and the whole matrix is repeated, and the
 * report gives the median and [min..max] over the repetitions as Markdown (see BENCHMARKS.md).
 *
 * <p>Run from the repository root, after {@code mvn -q -pl benchmarks package}:
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.transport.TransportLatency [reps=3] [window=32]
 *      [serializers=kryo,protostuff,jdk] [messages=vote,append] [flush=on,off] [tls=off|on|off,on]
 *      [phases=1000,2000,1000,1500]
 * java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.transport.TransportLatency probe raw|transport|tls kryo
 *      vote|append on|off [1000,2000,1000,1500 [32]]
 * </pre>
 * The second form runs one scenario in the current JVM (for a profiler). Children run with a fixed 512 MiB heap,
 * Netty's leak detection off and WARN logging. Loopback only, ephemeral ports; every phase and every child is bounded
 * in time.
 */
public final class TransportLatency {

    /** One-in-flight warm-up 1 s and measurement 2 s, pipelined warm-up 1 s and measurement 1.5 s. */
    private static final String DEFAULT_PHASES = "1000,2000,1000,1500";
    private static final String DEFAULT_WINDOW = "32";
    private static final long CHILD_TIMEOUT_SECONDS = 90;
    private static final List<String> CHILD_JVM_ARGS = List.of("-Xms512m", "-Xmx512m",
            "-Dio.netty.leakDetection.level=disabled", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");

    private TransportLatency() {
    }

    public static void main(String[] args) throws Exception {
        List<String> list = List.of(args);
        if (!list.isEmpty() && list.get(0).equals("probe")) {
            probe(list.subList(1, list.size()));
        } else {
            matrix(options(list));
        }
    }

    /** Runs one scenario here: {@code transport|raw <serializer> vote|append on|off [phases [window]]}. */
    private static void probe(List<String> args) throws Exception {
        Scenario scenario = Scenario.parse(args.subList(0, Math.min(Scenario.ARGS, args.size())));
        String durations = args.size() > Scenario.ARGS ? args.get(Scenario.ARGS) : DEFAULT_PHASES;
        String window = args.size() > Scenario.ARGS + 1 ? args.get(Scenario.ARGS + 1) : DEFAULT_WINDOW;
        Probe.run(scenario, phases(durations, Integer.parseInt(window)), System.out);
    }

    /** Runs every scenario {@code reps} times, one child JVM each, and prints the report. */
    private static void matrix(Map<String, String> options) throws IOException, InterruptedException {
        int reps = Integer.parseInt(options.getOrDefault("reps", "3"));
        Phases phases = phases(options.getOrDefault("phases", DEFAULT_PHASES),
                Integer.parseInt(options.getOrDefault("window", DEFAULT_WINDOW)));
        List<Scenario> scenarios = scenarios(split(options.getOrDefault("serializers", "kryo,protostuff,jdk")),
                split(options.getOrDefault("messages", "vote,append")), split(options.getOrDefault("flush", "on,off")),
                split(options.getOrDefault("tls", "off")));
        PrintStream out = System.out;
        out.println("# raftwire transport, loopback: " + Instant.now() + ", Java " + Runtime.version() + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs, " + reps + " repetitions of " + scenarios.size()
                + " scenarios, phases " + phases + ", load average at start " + loadAverage());
        TransportReport report = new TransportReport(phases.window());
        for (int rep = 1; rep <= reps; rep++) {
            for (Scenario s : scenarios) {
                ProbeResult r = runChild(s, phases);
                report.add(s, r);
                System.err.printf("rep %d/%d %-28s %s (load %s)%n", rep, reps, s.label(), r == null ? "FAILED"
                        : String.format("p50 %.1f us, %.0f req/s one in flight, %.0f req/s pipelined", r.p50() / 1e3,
                        r.oneInFlightRate(), r.pipelinedRate()), loadAverage());
            }
        }
        out.println("load average at end " + loadAverage());
        report.print(out);
    }

    private static Map<String, String> options(List<String> args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("argument = " + arg + " (expected: key=value, or probe ...)");
            }
            options.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return options;
    }

    private static List<String> split(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    private static Phases phases(String csv, int window) {
        List<String> ms = split(csv);
        if (ms.size() != 4) {
            throw new IllegalArgumentException("phases = " + csv + " (expected: 4 durations in ms: latency warm-up,"
                    + " latency, pipelined warm-up, pipelined)");
        }
        return new Phases(Long.parseLong(ms.get(0)), Long.parseLong(ms.get(1)), Long.parseLong(ms.get(2)),
                Long.parseLong(ms.get(3)), window);
    }

    /**
     * Per message pair and flush setting, each serializer's raw echo directly followed by its transport run over
     * plaintext ({@code tls=off}, the default), over mutual TLS ({@code tls=on}), or both ({@code tls=off,on}).
     */
    private static List<Scenario> scenarios(List<String> serializers, List<String> messages, List<String> flush,
            List<String> tls) {
        List<Scenario> all = new ArrayList<>();
        for (String m : messages) {
            for (String f : flush) {
                for (String s : serializers) {
                    all.add(Scenario.parse(List.of("raw", s, m, f)));
                    for (String t : tls) {
                        all.add(Scenario.parse(List.of(switch (t) {
                            case "off" -> "transport";
                            case "on" -> "tls";
                            default -> throw new IllegalArgumentException("tls = " + t + " (expected: off, on)");
                        }, s, m, f)));
                    }
                }
            }
        }
        return all;
    }

    /** Runs one probe in a child JVM with the same class path; {@code null} if it failed. */
    private static ProbeResult runChild(Scenario s, Phases phases) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(CHILD_JVM_ARGS);
        command.addAll(ParentJvmOptions.forChildren());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), TransportLatency.class.getName(),
                "probe"));
        command.addAll(s.args());
        command.add(phases.latencyWarmupMs() + "," + phases.latencyMs() + "," + phases.pipelinedWarmupMs() + ","
                + phases.pipelinedMs());
        command.add(Integer.toString(phases.window()));
        Path log = Files.createTempFile("raftwire-transport-probe", ".txt");
        try {
            Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                System.err.println(s.label() + ": no result within " + CHILD_TIMEOUT_SECONDS + " s");
                return null;
            }
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            ProbeResult r = child.exitValue() == 0 ? ProbeResult.parse(lines) : null;
            if (r == null) {
                System.err.println(s.label() + " failed (exit " + child.exitValue() + "): "
                        + String.join(" / ", lines));
            }
            return r;
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }
}
