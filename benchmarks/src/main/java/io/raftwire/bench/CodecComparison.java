package io.raftwire.bench;

import io.raftwire.serializer.Serializer;

import java.io.PrintStream;
import java.time.Instant;
import java.util.List;

/**
 * Compares every serializer provider on the class path with the hand-written codec, in under a minute: bytes per
 * message type next to the reference benchmark's pre-registered Kryo, a round-trip check of every catalog fixture,
 * and a short throughput table for the full 32-message set. Output is Markdown, ready for BENCHMARKS.md.
 *
 * <p>Run: {@code java -cp benchmarks/target/benchmarks.jar io.raftwire.bench.CodecComparison}. Exits with status 1
 * if a codec fails the round-trip check. Throughput is measured in one child JVM per codec; the JMH suite
 * ({@link CodecBenchmark}, {@link SharingBenchmark}) gives the authoritative numbers.
 */
public final class CodecComparison {

    /** Internal: makes the process a {@link ThroughputProbe} child for one codec. */
    static final String PROBE_FLAG = "--probe";

    private CodecComparison() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        if (args.length == 2 && args[0].equals(PROBE_FLAG)) {
            ThroughputProbe.run(args[1], out);
            return;
        }
        List<Serializer> codecs = Codecs.all();
        out.println("# raftwire codec comparison");
        out.println();
        out.println(Instant.now() + ", Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + "), "
                + System.getProperty("os.name") + ' ' + System.getProperty("os.arch") + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs; codecs: "
                + codecs.stream().map(Serializer::name).toList());
        out.println();
        out.println("## Bytes per message (payload only, mean of " + SizeReport.SEEDS + " seeds)");
        out.println();
        SizeReport.measure(codecs).print(out);
        out.println();
        out.println("## Round trip of every fixture");
        out.println();
        boolean ok = RoundTripReport.check(codecs, out);
        out.println();
        out.println("## Throughput, full set, one thread (median of " + ThroughputProbe.RUNS
                + " runs [min..max]; one JVM per codec)");
        out.println();
        ThroughputReport.run(codecs, out);
        if (!ok) {
            System.exit(1);
        }
    }
}
