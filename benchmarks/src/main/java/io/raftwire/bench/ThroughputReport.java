package io.raftwire.bench;

import io.raftwire.serializer.Serializer;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link ThroughputProbe} for each codec in a child JVM of its own (same class path, 512 MiB heap) and prints
 * one Markdown table: messages per second for encode, decode and round trip of the full set, as the median of
 * {@value ThroughputProbe#RUNS} runs with [min..max], and the round trip relative to the hand codec and to JDK.
 */
final class ThroughputReport {

    private static final long CHILD_TIMEOUT_SECONDS = 60;

    private ThroughputReport() {
    }

    static void run(List<Serializer> codecs, PrintStream out) throws IOException, InterruptedException {
        Map<String, double[][]> results = new HashMap<>();
        for (Serializer codec : codecs) {
            results.put(codec.name(), measureInChild(codec.name(), out));
        }
        out.println("| codec | encode msg/s | decode msg/s | round trip msg/s | round trip ns/set (32 msgs)"
                + " | round trip time vs handwritten | round trip speed vs jdk |");
        out.println("|---|---:|---:|---:|---:|---:|---:|");
        double hand = median(results, "handwritten");
        double jdk = median(results, "jdk");
        for (Serializer codec : codecs) {
            double[][] r = results.get(codec.name());
            if (r == null) {
                out.println("| " + codec.name() + " | failed | | | | | |");
                continue;
            }
            double rt = r[2][0];
            out.printf(Locale.ROOT, "| %s | %s | %s | %s | %,.0f | %s | %s |%n", codec.name(), cell(r[0]), cell(r[1]),
                    cell(r[2]), 32e9 / rt, Double.isNaN(hand) ? "n/a" : String.format(Locale.ROOT, "%.2fx", hand / rt),
                    Double.isNaN(jdk) ? "n/a" : String.format(Locale.ROOT, "%.1fx", rt / jdk));
        }
    }

    private static double median(Map<String, double[][]> results, String name) {
        double[][] r = results.get(name);
        return r == null ? Double.NaN : r[2][0];
    }

    private static String cell(double[] rate) {
        return String.format(Locale.ROOT, "%,.0f [%,.0f..%,.0f]", rate[0], rate[1], rate[2]);
    }

    /** @return [op][median, min, max] in messages per second, or {@code null} if the child failed */
    private static double[][] measureInChild(String codec, PrintStream out) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path log = Files.createTempFile("raftwire-probe-" + codec, ".txt");
        try {
            List<String> command = new ArrayList<>(List.of(java, "-Xms512m", "-Xmx512m"));
            command.addAll(ParentJvmOptions.forChildren());
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), CodecComparison.class.getName(),
                    CodecComparison.PROBE_FLAG, codec));
            Process child = new ProcessBuilder(command)
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!child.waitFor(CHILD_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                child.destroyForcibly();
                out.println("- throughput of " + codec + " failed: no result within " + CHILD_TIMEOUT_SECONDS + " s");
                return null;
            }
            double[][] rates = new double[ThroughputProbe.OPS.length][];
            List<String> other = new ArrayList<>();
            for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
                String[] f = line.split(" ");
                if (f.length == 6 && f[0].equals("RESULT")) {
                    int op = List.of(ThroughputProbe.OPS).indexOf(f[2]);
                    rates[op] = new double[] {Double.parseDouble(f[3]), Double.parseDouble(f[4]),
                        Double.parseDouble(f[5])};
                } else if (!line.startsWith("SINK ")) {
                    other.add(line);
                }
            }
            if (child.exitValue() != 0 || Arrays.asList(rates).contains(null)) {
                out.println("- throughput of " + codec + " failed (exit " + child.exitValue() + "): "
                        + String.join(" / ", other));
                return null;
            }
            return rates;
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
