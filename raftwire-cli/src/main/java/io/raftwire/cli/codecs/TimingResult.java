package io.raftwire.cli.codecs;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The timing table of {@code raftwire codecs}: every codec warmed up first, then repetitions interleaved across the
 * codecs (the starting codec rotates each round), so that a disturbance on the machine hits every codec alike instead
 * of whichever ran at that moment.
 */
final class TimingResult {

    private static final String[] OPS = {"encode", "decode", "round trip"};
    /** Where the timers' results end up, so that the JIT cannot prove the work unused. */
    static volatile long blackhole;

    private final List<String> names;
    /** [codec][op] over the repetitions, nanoseconds per set. */
    private final Spread[][] spreads;
    private final int setSize;
    private final long warmupMs;
    private final long runMs;
    private final int repetitions;
    private final List<String> unsettled;

    private TimingResult(List<String> names, Spread[][] spreads, int setSize, long warmupMs, long runMs,
            int repetitions, List<String> unsettled) {
        this.unsettled = unsettled;
        this.names = names;
        this.spreads = spreads;
        this.setSize = setSize;
        this.warmupMs = warmupMs;
        this.runMs = runMs;
        this.repetitions = repetitions;
    }

    static TimingResult measure(List<CodecTimer> timers, long warmupMs, long runMs, int repetitions) {
        int n = timers.size();
        List<String> unsettled = new ArrayList<>();
        for (CodecTimer timer : timers) {
            if (!timer.warmUp(warmupMs)) {
                unsettled.add(timer.name());
            }
        }
        double[][][] samples = new double[n][OPS.length][repetitions];
        for (int r = 0; r < repetitions; r++) {
            for (int k = 0; k < n; k++) {
                int c = (r + k) % n;
                double[] ns = timers.get(c).repetition(runMs);
                for (int op = 0; op < OPS.length; op++) {
                    samples[c][op][r] = ns[op];
                }
            }
        }
        Spread[][] spreads = new Spread[n][OPS.length];
        List<String> names = new ArrayList<>();
        long sink = 0;
        for (int c = 0; c < n; c++) {
            names.add(timers.get(c).name());
            sink += timers.get(c).sink();
            for (int op = 0; op < OPS.length; op++) {
                spreads[c][op] = Spread.of(samples[c][op]);
            }
        }
        blackhole = sink;
        return new TimingResult(List.copyOf(names), spreads, timers.get(0).setSize(), warmupMs, runMs, repetitions,
                List.copyOf(unsettled));
    }

    /** The spread of codec {@code c}'s round trip in nanoseconds per set. */
    Spread roundTrip(int c) {
        return spreads[c][2];
    }

    /** Every measurement whose max/min breaks the {@link Spread#NOISY_RATIO} rule, as {@code kryo decode 1.62}. */
    List<String> noisy() {
        List<String> noisy = new ArrayList<>();
        for (int c = 0; c < spreads.length; c++) {
            for (int op = 0; op < OPS.length; op++) {
                if (spreads[c][op].noisy()) {
                    noisy.add(String.format(Locale.ROOT, "%s %s max/min = %.2f", names.get(c), OPS[op],
                            spreads[c][op].ratio()));
                }
            }
        }
        return noisy;
    }

    void print(PrintWriter out) {
        out.println("## Timing");
        out.println();
        out.printf(Locale.ROOT, "One thread, the %d-message set, nanoseconds per set (%s): median [min..max] of %d"
                + " repetitions of %d ms after a warm-up per serializer of at least %d ms and until the JIT compiler settled, serializers interleaved. Encode and"
                + " decode are timed separately on the same messages; the round trip is their sum.%n", setSize,
                CodecTimer.clockName(), repetitions, runMs, warmupMs);
        out.println();
        out.println("| serializer | encode ns/set | decode ns/set | round trip ns/set | round trip msg/s"
                + " | spread max/min | round trip vs jdk |");
        out.println("|---|---:|---:|---:|---:|---:|---:|");
        int jdk = names.indexOf("jdk");
        for (int c = 0; c < spreads.length; c++) {
            Spread rt = spreads[c][2];
            String vsJdk = jdk < 0 ? "n/a" : String.format(Locale.ROOT, "%.1fx faster",
                    spreads[jdk][2].median() / rt.median());
            if (c == jdk) {
                vsJdk = "1.0x";
            }
            out.printf(Locale.ROOT, "| %s | %s | %s | %s | %,.0f | %.2f | %s |%n", names.get(c), cell(spreads[c][0]),
                    cell(spreads[c][1]), cell(rt), setSize * 1e9 / rt.median(), rt.ratio(), vsJdk);
        }
        out.println();
        List<String> noisy = noisy();
        if (noisy.isEmpty()) {
            out.printf(Locale.ROOT, "Noise check: OK, every max/min across the repetitions is at most %.1f.%n",
                    Spread.NOISY_RATIO);
        } else {
            out.printf(Locale.ROOT, "WARNING: noisy measurement: %s (rule: max/min above %.1f means the machine was"
                    + " busy). These timings are not comparable; rerun on an idle machine or use JMH.%n",
                    String.join(", ", noisy), Spread.NOISY_RATIO);
        }
        if (!unsettled.isEmpty()) {
            out.println("WARNING: the JIT compiler was still compiling at the end of the warm-up of "
                    + String.join(", ", unsettled) + " (the machine is too busy, or --warmup-ms too short): their"
                    + " timings may include unoptimised code.");
        }
        out.println("Authoritative timing: the JMH suites of the benchmarks module (see BENCHMARKS.md).");
    }

    private static String cell(Spread s) {
        return String.format(Locale.ROOT, "%,.0f [%,.0f..%,.0f]", s.median(), s.min(), s.max());
    }
}
