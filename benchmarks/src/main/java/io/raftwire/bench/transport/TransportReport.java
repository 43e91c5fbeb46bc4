package io.raftwire.bench.transport;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * Collects the probe results of every repetition and prints them as Markdown: per message pair a latency table, a
 * throughput table and the effect of flush consolidation. A cell is the median over the repetitions with [min..max];
 * a ratio is computed per repetition (transport against the raw echo run just before it, in the same repetition)
 * and then summarised the same way. Not thread-safe.
 */
final class TransportReport {

    private final int window;
    private final Map<Scenario, List<ProbeResult>> results = new LinkedHashMap<>();

    TransportReport(int window) {
        this.window = window;
    }

    /** Records one repetition of a scenario; {@code null} for a failed probe. */
    void add(Scenario scenario, ProbeResult result) {
        results.computeIfAbsent(scenario, s -> new ArrayList<>()).add(result);
    }

    void print(PrintStream out) {
        Set<MessagePair> pairs = new LinkedHashSet<>();
        Set<String> serializers = new LinkedHashSet<>();
        Set<Boolean> flushes = new LinkedHashSet<>();
        for (Scenario s : results.keySet()) {
            pairs.add(s.pair());
            serializers.add(s.serializer());
            flushes.add(s.flushConsolidation());
        }
        for (MessagePair pair : pairs) {
            out.println();
            out.print("### " + pair.requestType().javaType().getSimpleName() + " -> "
                    + pair.responseType().javaType().getSimpleName() + " (payload bytes request/response:");
            for (String ser : serializers) {
                ProbeResult any = first(new Scenario("transport", ser, pair, true),
                        new Scenario("transport", ser, pair, false));
                out.print(" " + ser + " " + (any == null ? "?" : any.requestBytes() + "/" + any.responseBytes()));
            }
            out.println("; header 19 B each way)");
            latency(out, pair, serializers, flushes);
            throughput(out, pair, serializers, flushes);
            coalescing(out, pair, serializers, flushes);
            tls(out, pair, serializers, flushes);
        }
    }

    /** Mutual TLS against plaintext, same serializer and flush setting (only when TLS scenarios ran). */
    private void tls(PrintStream out, MessagePair pair, Set<String> serializers, Set<Boolean> flushes) {
        if (results.keySet().stream().noneMatch(s -> s.mode().equals("tls") && s.pair().equals(pair))) {
            return;
        }
        out.println();
        out.println("Mutual TLS (JDK provider, TLS 1.3, EC P-256) against plaintext, the same transport otherwise:");
        out.println();
        out.println("| serializer | flush consolidation | TLS p50 µs | plaintext p50 µs | TLS p50 / plaintext"
                + " | TLS p99 µs | plaintext p99 µs | TLS 1 in flight req/s | plaintext | TLS " + window
                + " in flight req/s"
                + " | plaintext | TLS pipelined / plaintext | CPU µs per call pipelined, TLS / plaintext |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String ser : serializers) {
            for (boolean flush : flushes) {
                List<ProbeResult> t = results.get(new Scenario("tls", ser, pair, flush));
                List<ProbeResult> p = results.get(new Scenario("transport", ser, pair, flush));
                out.println("| " + ser + " | " + (flush ? "on" : "off") + " | " + micros(t, ProbeResult::p50) + " | "
                        + micros(p, ProbeResult::p50) + " | " + ratio(t, p, ProbeResult::p50) + " | "
                        + micros(t, ProbeResult::p99) + " | " + micros(p, ProbeResult::p99) + " | "
                        + rate(t, ProbeResult::oneInFlightRate) + " | " + rate(p, ProbeResult::oneInFlightRate) + " | "
                        + rate(t, ProbeResult::pipelinedRate) + " | " + rate(p, ProbeResult::pipelinedRate) + " | "
                        + ratio(t, p, ProbeResult::pipelinedRate) + " | " + micros(t, ProbeResult::cpuPerPipelined)
                        + " / " + micros(p, ProbeResult::cpuPerPipelined) + " |");
            }
        }
    }

    private void latency(PrintStream out, MessagePair pair, Set<String> serializers, Set<Boolean> flushes) {
        out.println();
        out.println("One request in flight, round trip in µs (CPU: all threads of the process per round trip;"
                + " serialization: the transport's encode and decode counters, both sides, per round trip):");
        out.println();
        out.println("| serializer | flush consolidation | transport p50 | p99 | p99.9 | raw echo p50 | p99 | p99.9"
                + " | p50 vs raw | p99 vs raw | CPU per round trip, transport / raw | of which serialization |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String ser : serializers) {
            for (boolean flush : flushes) {
                List<ProbeResult> t = results.get(new Scenario("transport", ser, pair, flush));
                List<ProbeResult> raw = results.get(new Scenario("raw", ser, pair, flush));
                out.println("| " + ser + " | " + (flush ? "on" : "off") + " | " + micros(t, ProbeResult::p50) + " | "
                        + micros(t, ProbeResult::p99) + " | " + micros(t, ProbeResult::p999) + " | "
                        + micros(raw, ProbeResult::p50) + " | " + micros(raw, ProbeResult::p99) + " | "
                        + micros(raw, ProbeResult::p999) + " | " + ratio(t, raw, ProbeResult::p50) + " | "
                        + ratio(t, raw, ProbeResult::p99) + " | " + micros(t, ProbeResult::cpuPerRoundTrip) + " / "
                        + micros(raw, ProbeResult::cpuPerRoundTrip) + " | "
                        + micros(t, ProbeResult::serializationPerRoundTrip) + " |");
            }
        }
    }

    private void throughput(PrintStream out, MessagePair pair, Set<String> serializers, Set<Boolean> flushes) {
        out.println();
        out.println("Requests per second, one in flight and " + window + " in flight:");
        out.println();
        out.println("| serializer | flush consolidation | transport, 1 in flight | transport, " + window
                + " in flight | pipelined / 1 in flight | raw echo, 1 in flight | raw echo, " + window
                + " in flight | raw pipelined / 1 in flight | pipelined vs raw | CPU µs per call pipelined,"
                + " transport / raw | of which serialization | failed calls |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (String ser : serializers) {
            for (boolean flush : flushes) {
                List<ProbeResult> t = results.get(new Scenario("transport", ser, pair, flush));
                List<ProbeResult> raw = results.get(new Scenario("raw", ser, pair, flush));
                out.println("| " + ser + " | " + (flush ? "on" : "off") + " | " + rate(t, ProbeResult::oneInFlightRate)
                        + " | " + rate(t, ProbeResult::pipelinedRate) + " | " + ratio(t, t, ProbeResult::pipelinedRate,
                        ProbeResult::oneInFlightRate) + " | " + rate(raw, ProbeResult::oneInFlightRate) + " | "
                        + rate(raw, ProbeResult::pipelinedRate) + " | " + ratio(raw, raw, ProbeResult::pipelinedRate,
                        ProbeResult::oneInFlightRate) + " | " + ratio(t, raw, ProbeResult::pipelinedRate) + " | "
                        + micros(t, ProbeResult::cpuPerPipelined) + " / " + micros(raw, ProbeResult::cpuPerPipelined)
                        + " | " + micros(t, ProbeResult::serializationPerPipelined) + " | " + failed(t) + " / "
                        + failed(raw) + " |");
            }
        }
    }

    private void coalescing(PrintStream out, MessagePair pair, Set<String> serializers, Set<Boolean> flushes) {
        if (!flushes.contains(true) || !flushes.contains(false)) {
            return;
        }
        out.println();
        out.println("Flush consolidation on / off (same repetition):");
        out.println();
        out.println("| serializer | transport " + window + " in flight | transport p50 | raw echo " + window
                + " in flight | raw echo p50 |");
        out.println("|---|---:|---:|---:|---:|");
        for (String ser : serializers) {
            List<ProbeResult> tOn = results.get(new Scenario("transport", ser, pair, true));
            List<ProbeResult> tOff = results.get(new Scenario("transport", ser, pair, false));
            List<ProbeResult> rOn = results.get(new Scenario("raw", ser, pair, true));
            List<ProbeResult> rOff = results.get(new Scenario("raw", ser, pair, false));
            out.println("| " + ser + " | " + ratio(tOn, tOff, ProbeResult::pipelinedRate) + " | "
                    + ratio(tOn, tOff, ProbeResult::p50) + " | " + ratio(rOn, rOff, ProbeResult::pipelinedRate) + " | "
                    + ratio(rOn, rOff, ProbeResult::p50) + " |");
        }
    }

    private ProbeResult first(Scenario... candidates) {
        for (Scenario s : candidates) {
            for (ProbeResult r : results.getOrDefault(s, List.of())) {
                if (r != null) {
                    return r;
                }
            }
        }
        return null;
    }

    private static String micros(List<ProbeResult> runs, ToDoubleFunction<ProbeResult> nanos) {
        return Spread.of(values(runs, nanos)).format(v -> String.format(Locale.ROOT, "%.1f", v / 1e3));
    }

    private static String rate(List<ProbeResult> runs, ToDoubleFunction<ProbeResult> perSecond) {
        return Spread.of(values(runs, perSecond)).format(v -> String.format(Locale.ROOT, "%,.0f", v));
    }

    private static String ratio(List<ProbeResult> a, List<ProbeResult> b, ToDoubleFunction<ProbeResult> f) {
        return ratio(a, b, f, f);
    }

    /** Per repetition {@code fa(a) / fb(b)}, summarised. */
    private static String ratio(List<ProbeResult> a, List<ProbeResult> b, ToDoubleFunction<ProbeResult> fa,
            ToDoubleFunction<ProbeResult> fb) {
        List<Double> ratios = new ArrayList<>();
        if (a != null && b != null) {
            for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
                if (a.get(i) != null && b.get(i) != null) {
                    ratios.add(fa.applyAsDouble(a.get(i)) / fb.applyAsDouble(b.get(i)));
                }
            }
        }
        return Spread.of(ratios).format(v -> String.format(Locale.ROOT, "%.2fx", v));
    }

    private static List<Double> values(List<ProbeResult> runs, ToDoubleFunction<ProbeResult> f) {
        List<Double> values = new ArrayList<>();
        if (runs != null) {
            for (ProbeResult r : runs) {
                if (r != null) {
                    values.add(f.applyAsDouble(r));
                }
            }
        }
        return values;
    }

    private static long failed(List<ProbeResult> runs) {
        return runs == null ? 0 : runs.stream().filter(r -> r != null).mapToLong(ProbeResult::pipelinedFailed).sum();
    }
}
