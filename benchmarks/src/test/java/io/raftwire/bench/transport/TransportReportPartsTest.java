package io.raftwire.bench.transport;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The pieces of the transport benchmark that do not need sockets: percentiles, summaries, parsing. */
class TransportReportPartsTest {

    @Test
    void nearestRankPercentiles() {
        long[] sorted = new long[1000];
        for (int i = 0; i < sorted.length; i++) {
            sorted[i] = i + 1;
        }
        assertEquals(500, Probe.percentile(sorted, 0.50));
        assertEquals(990, Probe.percentile(sorted, 0.99));
        assertEquals(999, Probe.percentile(sorted, 0.999));
        assertEquals(7, Probe.percentile(new long[] {7}, 0.999));
    }

    @Test
    void spreadIsMedianMinMax() {
        Spread odd = Spread.of(List.of(3.0, 1.0, 2.0));
        assertEquals(new Spread(2.0, 1.0, 3.0, 3), odd);
        assertEquals(2.5, Spread.of(List.of(4.0, 1.0, 2.0, 3.0)).median());
        assertEquals("2 [1..3]", odd.format(v -> String.valueOf((long) v)));
        assertEquals("n/a", Spread.of(List.of()).format(String::valueOf));
    }

    @Test
    void scenarioArgumentsRoundTrip() {
        Scenario s = new Scenario("raw", "kryo", MessagePair.APPEND, false);
        assertEquals(s, Scenario.parse(s.args()));
        assertEquals("raw(kryo) append flush=off", s.label());
        Scenario tls = new Scenario("tls", "kryo", MessagePair.APPEND, true);
        assertEquals(tls, Scenario.parse(tls.args()));
        assertEquals("kryo+tls append flush=on", tls.label());
        IllegalArgumentException mode = assertThrows(IllegalArgumentException.class,
                () -> Scenario.parse(List.of("ssl", "kryo", "append", "on")));
        assertEquals("mode = ssl (expected: one of [raw, transport, tls])", mode.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Scenario.parse(List.of("raw", "kryo", "append", "yes")));
        assertThrows(IllegalArgumentException.class, () -> Scenario.parse(List.of("raw", "kryo", "heartbeat", "on")));
    }

    @Test
    void probeOutputParses() {
        ProbeResult r = ProbeResult.parse(List.of("some log line", "RESULT payload 45 32",
                "RESULT latency 100 2000 40000 50000 60000 70000 80000 55000 3000",
                "RESULT pipelined 32 9000 18000 2 7000 2500"));
        assertEquals(new ProbeResult(45, 32, 100, 2000, 40000, 50000, 60000, 70000, 80000, 55000, 3000, 32, 9000, 2,
                7000, 2500), r);
        assertNull(ProbeResult.parse(List.of("RESULT payload 45 32", "RESULT pipelined 32 9000 18000 2 7000 2500")));
    }
}
