package io.raftwire.cluster;

import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.app.ReplicatedStateMachine;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.serializer.TypeRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The README's example, as written there: a user's own state machine on a 3-member loopback cluster (TLS off, as in
 * the README) and a client that submits one command and prints the result. A second test checks that the README's
 * two example blocks appear here verbatim (indentation and comment-only lines aside), so the README cannot drift from
 * code that compiles and runs.
 */
class ReadmeExampleIT {

    // ---- the README's first block, verbatim from here ----
    record Add(long amount) { }                          // your command and result types: ids 1024..32767
    record Total(long sum) { }

    final class Counter extends ReplicatedStateMachine<Add, Total> {  // sessions, exactly once, snapshots: done here
        private long sum;

        Counter(List<OperationCodec> codecs) { super(Add.class, codecs); }

        @Override protected Total apply(Add add) { sum += add.amount(); return new Total(sum); }  // the Raft thread
        @Override protected Object snapshot() { return new Total(sum); }
        @Override protected void restore(Object snapshot) { sum = ((Total) snapshot).sum(); }
    }
    // ---- to here ----

    @Test
    @Timeout(120)
    void theExampleRunsOnThreeMembersAndPrintsTheTotal() throws Exception {
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        try {
            // ---- the README's second block, verbatim from here ----
            TypeRegistry registry = KvNodes.registry(b -> b.register(1024, Add.class).register(1025, Total.class));
            Map<String, String> base = Map.of("raftwire.serializer", "kryo", "raftwire.tls.enabled", "false"); // loopback only
            try (LocalCluster cluster = LocalCluster.start(3, base, null, config -> RaftwireNode.builder(config, registry)
                         .stateMachine(new Counter(KvNodes.codecs(config, registry))).build());
                 RaftwireClient client = RaftwireClient.builder(cluster.config(0), registry, cluster.clientAddresses())
                         .build().connect()) {
                Total total = client.command(new Add(5), Total.class).join();   // applied once, even on a retry
                System.out.println(total.sum());                                 // 5
            }
            // ---- to here ----
        } finally {
            System.setOut(stdout);
        }
        List<String> lines = printed.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.contains("5"), "the example prints the total, 5; it printed " + lines);
    }

    @Test
    void theReadmeShowsThisCodeVerbatim() throws IOException {
        String readme = Files.readString(Path.of("..", "README.md"));
        List<String> source = normalise(Files.readString(
                Path.of("src", "test", "java", "io", "raftwire", "cluster", "ReadmeExampleIT.java")));
        Matcher block = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(readme);
        List<List<String>> blocks = new ArrayList<>();
        while (block.find() && blocks.size() < 2) {
            blocks.add(normalise(block.group(1)));
        }

        assertEquals(2, blocks.size(), "the README's first screen has two java blocks, the state machine and the client");
        for (List<String> b : blocks) {
            assertTrue(b.size() >= 5, "a README block of " + b.size() + " lines: " + b);
            assertTrue(Collections.indexOfSubList(source, b) >= 0, "the README block\n" + String.join("\n", b)
                    + "\nis not in ReadmeExampleIT verbatim (expected: the same lines, indentation aside)");
        }
    }

    /** The lines with code, stripped of indentation; comment-only lines (the README's import notes) dropped. */
    private static List<String> normalise(String text) {
        return text.lines().map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("//")).toList();
    }
}
