package io.raftwire.cli.client;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.node.client.KvClient;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.HdrHistogram.Recorder;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code raftwire client bench}: puts of 64-byte values against a running cluster, with a latency report. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = "Puts 64-byte values over --keys keys with --in-flight outstanding and reports commits/s and"
                + " latency percentiles (HdrHistogram, microseconds).")
final class BenchCommand implements Callable<Integer> {

    @ParentCommand
    private ClientCommand client;

    @Spec
    private CommandSpec spec;

    @Option(names = "--ops", defaultValue = "10000", description = "Puts to make (default: ${DEFAULT-VALUE}).")
    private long ops;

    @Option(names = "--in-flight", defaultValue = "1", description = "Puts outstanding (default: ${DEFAULT-VALUE}).")
    private int inFlight;

    @Option(names = "--keys", defaultValue = "100000", description = "Distinct keys (default: ${DEFAULT-VALUE}).")
    private int keys;

    @Override
    public Integer call() throws InterruptedException {
        client.checkOptions();
        if (ops < 1 || inFlight < 1 || inFlight > 4096 || keys < 1) {
            throw new ParameterException(spec.commandLine(), "--ops = " + ops + ", --in-flight = " + inFlight
                    + ", --keys = " + keys + " (expected: ops >= 1, 1 <= in-flight <= 4096, keys >= 1)");
        }
        byte[] value = new byte[64];
        java.util.Arrays.fill(value, (byte) 'v');
        Recorder latency = new Recorder(3);
        AtomicLong failed = new AtomicLong();
        try (KvClient kv = client.connect()) {
            Semaphore window = new Semaphore(inFlight);
            long start = System.nanoTime();
            for (long i = 0; i < ops; i++) {
                window.acquire();
                long t0 = System.nanoTime();
                kv.put("k" + (i % keys), value).whenComplete((r, e) -> {
                    if (e == null) {
                        latency.recordValue(Math.max(1, TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - t0)));
                    } else {
                        failed.incrementAndGet();
                    }
                    window.release();
                });
            }
            window.acquire(inFlight);
            double seconds = (System.nanoTime() - start) / 1e9;
            var h = latency.getIntervalHistogram();
            PrintWriter out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "%,d puts (%,d failed), %d in flight, in %.2f s: %,.0f commits/s%n", ops,
                    failed.get(), inFlight, seconds, h.getTotalCount() / seconds);
            out.printf(Locale.ROOT, "latency us: p50 %,d  p99 %,d  p99.9 %,d  max %,d%n",
                    h.getValueAtPercentile(50), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
                    h.getMaxValue());
            out.flush();
        }
        return failed.get() == 0 ? ExitCodes.OK : ExitCodes.FOUND_PROBLEMS;
    }
}
