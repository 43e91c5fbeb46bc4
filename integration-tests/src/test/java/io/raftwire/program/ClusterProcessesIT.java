package io.raftwire.program;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.transport.FreePorts;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each member in its own JVM, started by {@code raftwire node} from the example files under
 * {@code examples/config/cluster} (only ports, peers and data directories are overridden, with system properties, so
 * the test never collides with a running example); {@code raftwire client} talks to them. node-2 runs with
 * {@code --capture}, and {@code raftwire inspect} reads what it captured.
 */
@Tag("long") // starts JVMs of its own: runs in the long profile (mvn -B -ntp verify -Plong)
class ClusterProcessesIT {

    private static final Path ROOT = NodeProcess.ROOT;
    private static final Path JAR = NodeProcess.JAR;

    /** The in-process client's peers that were stopped on purpose (SIGTERM): reported unreachable, not printed. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane");

    @TempDir
    Path data;

    private final NodeProcess[] nodes = new NodeProcess[3];

    /**
     * {@code raftwire client} with the members, the config and 60 s per operation: a SIGTERMed leader's followers wait
     * out the example files' heartbeat timeout before electing, on a machine shared with two test JVMs, and the
     * client's default of 15 s left little margin.
     */
    private static DemoIT.Run client(String members, String config, String... operation) {
        List<String> args = new ArrayList<>(List.of("client", "--members", members, "--config", config,
                "--timeout-ms", "60000"));
        args.addAll(List.of(operation));
        return DemoIT.run(args.toArray(String[]::new));
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        for (NodeProcess p : nodes) {
            if (p != null) {
                p.kill(Duration.ofSeconds(10));
            }
        }
    }

    @Test
    @Timeout(180)
    void threeNodeProcessesFromTheExampleFilesServeTheClientAndSurviveAMemberRestart() throws Exception {
        assertTrue(Files.isRegularFile(JAR), JAR + " is missing (expected: built by 'mvn package' of raftwire-cli,"
                + " which the reactor runs before integration-tests)");
        List<Integer> ports = FreePorts.pick(6);
        String peers = "node-1=127.0.0.1:" + ports.get(0) + ",node-2=127.0.0.1:" + ports.get(1)
                + ",node-3=127.0.0.1:" + ports.get(2);
        String members = "node-1=127.0.0.1:" + ports.get(3) + ",node-2=127.0.0.1:" + ports.get(4)
                + ",node-3=127.0.0.1:" + ports.get(5);
        for (int i = 0; i < 3; i++) {
            start(i, ports, peers);
        }
        for (int i = 0; i < 3; i++) {
            String line = nodes[i].awaitFirstLine(Duration.ofSeconds(60));
            assertTrue(line.startsWith("node-" + (i + 1) + " of cluster loopback running"), line);
        }
        String config = ROOT.resolve("examples/config/cluster/node-1.properties").toString();
        DemoIT.Run put = client(members, config, "put", "greeting", "hello");
        assertEquals(0, put.status(), put.err());
        assertTrue(put.out().startsWith("OK version "), put.out());
        DemoIT.Run get = client(members, config, "get", "greeting");
        assertTrue(get.out().startsWith("hello (version "), get.out() + get.err());

        // SIGTERM: the node closes cleanly through its shutdown hook
        assertTrue(nodes[0].stop(Duration.ofSeconds(30)), "node-1 did not stop on SIGTERM");
        DemoIT.Run put2 = client(members, config, "put", "greeting", "again");
        assertEquals(0, put2.status(), "two of three members keep serving: " + put2.err());

        start(0, ports, peers);
        nodes[0].awaitFirstLine(Duration.ofSeconds(60));
        DemoIT.Run bench = client(members, config, "bench", "--ops", "300",
                "--in-flight", "8");
        assertEquals(0, bench.status(), bench.err());
        assertTrue(bench.out().contains("300 puts (0 failed)"), bench.out());
        DemoIT.Run cas = client(members, config, "cas", "greeting", "1", "x");
        assertEquals(4, cas.status(), "a compare-and-set with a stale version reports NOT SET: " + cas.out());
        assertTrue(cas.out().startsWith("NOT SET: current version "), cas.out());

        // node-2 ran with --capture: once it has closed, inspect shows the put it replicated or received
        assertTrue(nodes[1].stop(Duration.ofSeconds(30)), "node-2 did not stop on SIGTERM");
        DemoIT.Run inspect = DemoIT.run("inspect", capture().toString());
        assertEquals(0, inspect.status(), inspect.err() + inspect.out());
        assertTrue(inspect.out().contains("  type: AppendEntriesRequestModel (110)"), inspect.out());
        assertTrue(inspect.out().contains("value: byte[15] 09 " + hex("greeting") + " 06 " + hex("hello")),
                "the kryo-encoded put of greeting=hello, in a log entry node-2 sent or received");
        DemoIT.Run sessions = DemoIT.run("inspect", capture() + ".clients");
        assertEquals(0, sessions.status(), sessions.err() + sessions.out());
    }

    private Path capture() {
        return data.resolve("node-2.rwcap");
    }

    private static String hex(String text) {
        return java.util.HexFormat.ofDelimiter(" ").formatHex(text.getBytes(StandardCharsets.UTF_8));
    }

    private void start(int i, List<Integer> ports, String peers) throws IOException {
        String id = "node-" + (i + 1);
        StringBuilder others = new StringBuilder();
        for (String p : peers.split(",")) {
            if (!p.startsWith(id + "=")) {
                others.append(others.length() == 0 ? "" : ",").append(p);
            }
        }
        List<String> jvm = List.of("-Xmx256m",
                "-Draftwire.node.address=127.0.0.1:" + ports.get(i),
                "-Draftwire.node.client-address=127.0.0.1:" + ports.get(3 + i),
                "-Draftwire.peers=" + others,
                "-Draftwire.node.data-dir=" + data.resolve(id));
        List<String> args = new ArrayList<>(List.of("--config",
                ROOT.resolve("examples/config/cluster/" + id + ".properties").toString()));
        if (id.equals("node-2")) {
            args.addAll(List.of("--capture", capture().toString()));
        }
        nodes[i] = NodeProcess.start(id, List.of(), jvm, args, data.resolve(id + ".err"));
    }
}
