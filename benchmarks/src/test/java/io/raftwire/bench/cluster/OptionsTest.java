package io.raftwire.bench.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The runner's options and the run matrix they give. */
class OptionsTest {

    private static String refusal(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> Options.parse(List.of(args))).getMessage();
    }

    @Test
    void theDefaultsAreThePeersWorkloadOverEveryMode() {
        Options o = Options.parse(List.of());
        assertEquals(3, o.rounds);
        assertEquals(new Phases(5000, 10_000, 32), o.phases);
        List<String> skipped = new ArrayList<>();
        assertEquals(List.of("ideal", "raw-echo/kryo", "direct/kryo", "direct/protostuff", "direct/jdk",
                "kv/kryo/memory", "kv/kryo/durable"), o.runs(true, skipped).stream().map(RunSpec::label).toList());
        assertEquals(List.of(), skipped);
    }

    @Test
    void withoutTheDurableStoreTheDurableRunIsSkippedAndSaysWhy() {
        List<String> skipped = new ArrayList<>();
        List<RunSpec> runs = Options.parse(List.of("modes=kv", "kv-session-ms=0,300")).runs(false, skipped);
        assertEquals(List.of("kv/kryo/memory", "kv/kryo/memory/session-300ms"),
                runs.stream().map(RunSpec::label).toList());
        assertEquals(2, skipped.size());
        assertTrue(skipped.get(0).startsWith("kv/kryo/durable: not run, io.raftwire.node.store.FileRaftStore is not"
                + " on the class path"), skipped.get(0));
    }

    @Test
    void theMultiProcessLayoutAddsKvRunsOnly() {
        List<String> skipped = new ArrayList<>();
        List<RunSpec> runs = Options.parse(List.of("modes=ideal,direct,kv", "serializers=kryo", "durability=durable",
                "layout=inproc,multiproc")).runs(true, skipped);
        assertEquals(List.of("ideal", "direct/kryo", "kv/kryo/durable", "kv/kryo/durable/multiproc"),
                runs.stream().map(RunSpec::label).toList());
        assertTrue(runs.get(3).multiproc());
    }

    @Test
    void runsRoundTripThroughTheirCommandLine() {
        RunSpec spec = new RunSpec(RunSpec.Kind.KV, "protostuff", true, 300);
        assertEquals(spec, RunSpec.parse(spec.args()));
        RunSpec multi = new RunSpec(RunSpec.Kind.KV, "kryo", true, 0, true);
        assertEquals(List.of("kv", "kryo", "durable", "0", "multiproc"), multi.args());
        assertEquals(multi, RunSpec.parse(multi.args()));
        assertEquals(RunSpec.ideal(), RunSpec.parse(RunSpec.ideal().args()));
    }

    @Test
    void badOptionsAreRefusedNamingTheOptionAndWhatItAccepts() {
        assertTrue(refusal("round=3").startsWith("option = round (expected: one of durability, fork,"));
        assertEquals("rounds = 0 (expected: an integer in 1..100)", refusal("rounds=0"));
        assertEquals("warmup = five (expected: seconds in 0..3600, decimals allowed)", refusal("warmup=five"));
        assertEquals("serializers = avro (expected: jdk, kryo, protostuff)", refusal("serializers=kryo,avro"));
        assertEquals("modes is empty (expected: at least one of direct, ideal, kv, raw)", refusal("modes=,"));
        assertEquals("kv-session-ms = 100 (expected: 0 for the client's default, or 150..600000 ms)",
                refusal("kv-session-ms=100"));
        assertEquals("argument = rounds (expected: key=value)", refusal("rounds"));
        assertEquals("heap = lots (expected: a JVM heap size such as 1g or 512m)", refusal("heap=lots"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new RunSpec(RunSpec.Kind.DIRECT, "kryo", true))
                .getMessage().contains("expected: only kv runs are durable"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RunSpec.parse(List.of("cluster", "kryo",
                "memory", "0", "inproc"))).getMessage().contains("expected: ideal, raw, direct or kv"));
        assertEquals("layout = threads (expected: inproc, multiproc)", refusal("layout=threads"));
        assertEquals("layout = onebox (expected: inproc or multiproc)", assertThrows(IllegalArgumentException.class,
                () -> RunSpec.parse(List.of("kv", "kryo", "memory", "0", "onebox"))).getMessage());
        assertEquals("direct run with layout multiproc (expected: only kv runs start member processes)",
                assertThrows(IllegalArgumentException.class, () -> new RunSpec(RunSpec.Kind.DIRECT, "kryo", false, 0,
                        true)).getMessage());
    }
}
