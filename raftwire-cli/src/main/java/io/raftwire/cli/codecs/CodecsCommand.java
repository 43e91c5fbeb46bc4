package io.raftwire.cli.codecs;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.message.MessageType;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.SerializerProvider;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code raftwire codecs}: the codec comparison. Bytes per message type for every installed serializer beside the
 * reference article's pre-registered Kryo, a round-trip check of every catalog type, and a timing table built from
 * warmed, repeated, interleaved measurements with median, range and a noise warning ({@link CodecTimer},
 * {@link Spread}). Output is Markdown.
 */
@Command(name = "codecs", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = {
            "Compares the installed serializers on the catalog's 32-message set: bytes per message type beside the"
                    + " reference article's pre-registered Kryo, a round-trip check of every catalog type, and"
                    + " single-thread timing (median and range of repeated runs, with a warning when the machine"
                    + " was too noisy for the figures to mean anything).",
            "Timing here is a quick look; the JMH suites in the benchmarks module give the authoritative figures."},
        footer = {"", "Exit status: 0 every codec round-trips every sample; " + ExitCodes.FOUND_PROBLEMS
                + " a codec failed the round-trip check; " + ExitCodes.USAGE + " bad arguments; "
                + ExitCodes.FAILURE + " any other failure."})
public final class CodecsCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--serializer", paramLabel = "NAME",
            description = "Only this serializer (repeatable). Default: every installed one.")
    private List<String> only = new ArrayList<>();

    @Option(names = "--seeds", paramLabel = "N", defaultValue = "200",
            description = "Sample seeds averaged for the sizes and round-tripped for the check. Default: ${DEFAULT-VALUE}.")
    private int seeds;

    @Option(names = "--repetitions", paramLabel = "N", defaultValue = "10",
            description = "Timed repetitions per serializer (at least 3). Default: ${DEFAULT-VALUE}.")
    private int repetitions;

    @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "2000",
            description = "Warm-up per serializer before any repetition is timed. Default: ${DEFAULT-VALUE}.")
    private long warmupMs;

    @Option(names = "--run-ms", paramLabel = "MS", defaultValue = "200",
            description = "Length of one timed repetition. Default: ${DEFAULT-VALUE}.")
    private long runMs;

    @Option(names = "--no-timing", description = "Sizes and the round-trip check only.")
    private boolean noTiming;

    @Override
    public Integer call() {
        validate();
        PrintWriter out = spec.commandLine().getOut();
        List<Serializer> codecs = codecs();
        out.println("# raftwire codecs");
        out.println();
        out.println("Java " + Runtime.version() + " (" + System.getProperty("java.vm.name") + "), "
                + System.getProperty("os.name") + ' ' + System.getProperty("os.arch") + ", "
                + Runtime.getRuntime().availableProcessors() + " CPUs; serializers: "
                + String.join(", ", codecs.stream().map(s -> s.name() + " (" + s.id() + ")").toList()));
        out.println();
        printSizes(out, SizeTable.measure(codecs, seeds));
        List<Serializer> passed = printRoundTrips(out, codecs);
        if (!noTiming && !passed.isEmpty()) {
            printTiming(out, passed);
        }
        out.flush();
        return passed.size() == codecs.size() ? ExitCodes.OK : ExitCodes.FOUND_PROBLEMS;
    }

    private void validate() {
        require(seeds >= 1, "--seeds = " + seeds + " (expected: >= 1)");
        require(repetitions >= 3, "--repetitions = " + repetitions + " (expected: >= 3, so that a median and a"
                + " spread mean something)");
        require(warmupMs >= 0, "--warmup-ms = " + warmupMs + " (expected: >= 0)");
        require(runMs >= 1, "--run-ms = " + runMs + " (expected: >= 1)");
        Set<String> seen = new HashSet<>();
        for (String name : only) {
            require(seen.add(name), "--serializer " + name + " given twice (expected: each serializer at most once)");
        }
    }

    private void require(boolean ok, String message) {
        if (!ok) {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    private List<Serializer> codecs() {
        TypeRegistry registry = TypeRegistry.catalog();
        List<Serializer> codecs = new ArrayList<>();
        if (only.isEmpty()) {
            for (SerializerProvider p : Serializers.providers()) {
                codecs.add(p.create(registry, SerializerOptions.defaults()));
            }
        } else {
            for (String name : only) {
                try {
                    codecs.add(Serializers.create(name, registry, SerializerOptions.defaults()));
                } catch (SerializationException e) {
                    throw new ParameterException(spec.commandLine(), "--serializer: " + e.getMessage());
                }
            }
        }
        if (codecs.isEmpty()) {
            throw new IllegalStateException("no serializer provider on the class path (expected: serializer-kryo,"
                    + " serializer-protostuff or serializer-jdk)");
        }
        return codecs;
    }

    private static void printSizes(PrintWriter out, SizeTable sizes) {
        List<Serializer> codecs = sizes.codecs();
        out.println("## Bytes per message");
        out.println();
        out.println("Payload bytes (the frame adds a 19-byte header), mean of " + sizes.seeds() + " samples per type."
                + " Reference: the article's Kryo with pre-registered classes, whose messages carry one more long;"
                + " its totals here add up its rounded per-type figures (the article's own: 38,406 and 6,841).");
        out.println();
        StringBuilder header = new StringBuilder("| message |");
        StringBuilder rule = new StringBuilder("|---|");
        for (Serializer codec : codecs) {
            header.append(' ').append(codec.name()).append(" |");
            rule.append("---:|");
        }
        out.println(header.append(" reference Kryo pre-reg |"));
        out.println(rule.append("---:|"));
        for (MessageType type : SampleMessages.MESSAGE_SET) {
            StringBuilder row = new StringBuilder("| ").append(type.javaType().getSimpleName()).append(" |");
            for (int c = 0; c < codecs.size(); c++) {
                row.append(' ').append(bytes(sizes.bytes(c, type))).append(" |");
            }
            out.println(row.append(' ').append(String.format(Locale.ROOT, "%,d",
                    ReferenceSizes.KRYO_PRE_REGISTERED.get(type))).append(" |"));
        }
        for (boolean withInstall : new boolean[] {true, false}) {
            StringBuilder row = new StringBuilder(withInstall ? "| **whole set (32)** |" : "| set without InstallRequest (31) |");
            for (int c = 0; c < codecs.size(); c++) {
                row.append(' ').append(bytes(sizes.total(c, withInstall))).append(" |");
            }
            out.println(row.append(' ').append(String.format(Locale.ROOT, "%,d", SizeTable.referenceTotal(withInstall)))
                    .append(" |"));
        }
        out.println();
    }

    private List<Serializer> printRoundTrips(PrintWriter out, List<Serializer> codecs) {
        out.println("## Round trip");
        out.println();
        out.println("One sample of every catalog type and the 32-message set for " + seeds + " seeds: each must decode"
                + " to an equal value, consume exactly its bytes, and re-encode to the same bytes.");
        out.println();
        List<Serializer> passed = new ArrayList<>();
        for (Serializer codec : codecs) {
            RoundTripCheck check = RoundTripCheck.run(codec, seeds);
            out.printf(Locale.ROOT, "- %s: %s, %,d of %,d samples round-trip%n", codec.name(),
                    check.ok() ? "OK" : "FAILED", check.samples() - check.failures(), check.samples());
            for (String problem : check.problems()) {
                out.println("  - " + problem);
            }
            if (check.ok()) {
                passed.add(codec);
            }
        }
        if (passed.size() < codecs.size()) {
            out.println();
            out.println("Serializers that failed the check are left out of the timing.");
        }
        out.println();
        return passed;
    }

    private void printTiming(PrintWriter out, List<Serializer> codecs) {
        List<CodecTimer> timers = new ArrayList<>();
        try {
            List<Object> set = new SampleMessages(42).messageSet();
            for (Serializer codec : codecs) {
                timers.add(new CodecTimer(codec, set));
            }
            TimingResult result = TimingResult.measure(timers, warmupMs, runMs, repetitions);
            result.print(out);
        } finally {
            timers.forEach(CodecTimer::close);
        }
    }

    private static String bytes(double value) {
        return String.format(Locale.ROOT, "%,.1f", value);
    }
}
