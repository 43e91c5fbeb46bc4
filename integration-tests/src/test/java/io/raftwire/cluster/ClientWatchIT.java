package io.raftwire.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.session.SessionTable;
import io.raftwire.transport.netty.testkit.LogCapture;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code raftwire client watch} against a 3-member KV cluster in this JVM: it prints each change of the watched key
 * (or prefix) as one line, only those, in order, with the versions the writers were told, and stops after
 * {@code --count} changes.
 */
@Timeout(120)
class ClientWatchIT {

    /** The session closed at the event bound, provoked on purpose: asserted, not printed. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.session.SessionTable");

    private static KvCluster cluster;
    private static KvClient writer;
    private static String members;
    /** The client's settings: the cluster's id, plaintext (the cluster is on loopback without certificates). */
    private static Path config;

    @BeforeAll
    static void start(@TempDir Path dir) throws IOException {
        config = Files.writeString(dir.resolve("client.properties"),
                "raftwire.cluster.id = it-kv\nraftwire.tls.enabled = false\n");
        cluster = KvCluster.start(3, "kryo");
        cluster.awaitLeader();
        writer = cluster.client();
        members = cluster.cluster.clientAddresses().stream().map(PeerAddress::toString)
                .collect(Collectors.joining(","));
    }

    @AfterAll
    static void stop() {
        if (writer != null) {
            writer.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void printsEveryChangeOfTheWatchedKeyAndStopsAfterCount() throws Exception {
        Watching w = watch("watch", "greeting", "--count", "3");
        long v1 = writer.put("greeting", bytes("hello")).get(30, TimeUnit.SECONDS).version();
        writer.put("greetings", bytes("not this key")).get(30, TimeUnit.SECONDS);
        long v2 = writer.compareAndSet("greeting", v1, bytes("again")).get(30, TimeUnit.SECONDS).version();
        long deleted = writer.delete("greeting").get(30, TimeUnit.SECONDS).version();

        assertEquals(0, w.status.get(60, TimeUnit.SECONDS), w::transcript);
        List<String> lines = w.lines();
        assertEquals(List.of("WATCHING key greeting", "PUT greeting = hello (version " + v1 + ")",
                "PUT greeting = again (version " + v2 + ")"), lines.subList(0, 3), w::transcript);
        assertEquals(v2, deleted, "the delete removed the value the compare-and-set wrote");
        Matcher delete = Pattern.compile("DELETE greeting \\(version (\\d+)\\)").matcher(lines.get(3));
        assertTrue(delete.matches(), lines::toString);
        assertTrue(Long.parseLong(delete.group(1)) > v2,
                () -> "a delete's version is its own log index, after the write it removed: " + lines);
        assertEquals(4, lines.size(), lines::toString);
    }

    @Test
    void aPrefixWatchPrintsTheKeysUnderItOnly() throws Exception {
        Watching w = watch("watch", "--prefix", "user/", "--count", "2");
        long a = writer.put("user/ada", bytes("1815")).get(30, TimeUnit.SECONDS).version();
        writer.put("users", bytes("not under user/")).get(30, TimeUnit.SECONDS);
        long b = writer.put("user/bob", bytes("ünïcode")).get(30, TimeUnit.SECONDS).version();

        assertEquals(0, w.status.get(60, TimeUnit.SECONDS), w::transcript);
        assertEquals(List.of("WATCHING keys starting with user/", "PUT user/ada = 1815 (version " + a + ")",
                "PUT user/bob = ünïcode (version " + b + ")"), w.lines(), w::transcript);
    }

    /**
     * A watch whose terminal stops reading stops acknowledging events; past the cluster's bound the cluster closes its
     * session, and the command, once its output moves again, ends with status 1 naming why instead of waiting forever.
     */
    @Test
    void aWatchWhoseSessionTheClusterClosedEndsSayingWhy() throws Exception {
        CountDownLatch terminal = new CountDownLatch(1);
        Watching w = watch(terminal, false, "watch", "hot");
        int writes = SessionTable.MAX_UNACKNOWLEDGED_EVENT_BATCHES + 1;
        for (int from = 0; from < writes; from += 128) {
            List<CompletableFuture<?>> window = new ArrayList<>();
            for (int i = from; i < Math.min(writes, from + 128); i++) {
                window.add(writer.put("hot", bytes("v" + i)));
            }
            CompletableFuture.allOf(window.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
        }
        logs.await("closed session ");
        terminal.countDown();

        assertEquals(1, w.status.get(60, TimeUnit.SECONDS), w::transcript);
        String err = w.err.toString().strip();
        assertTrue(err.matches("raftwire client watch: the session ended after \\d+ change\\(s\\): session \\d+ is"
                + " not open on the cluster any more .*"), err);
    }

    /** {@code raftwire client watch k | head -1}: once the reader of its output left, the command ends. */
    @Test
    void aWatchWhoseOutputWasClosedEnds() throws Exception {
        Watching w = watch(new CountDownLatch(0), true, "watch", "piped");
        writer.put("piped", bytes("into a closed pipe")).get(30, TimeUnit.SECONDS);
        assertEquals(0, w.status.get(60, TimeUnit.SECONDS), w::transcript);
        assertEquals(List.of("WATCHING key piped"), w.lines());
    }

    @Test
    void aNegativeCountIsRefusedNamingTheOptionAndWhatItTakes() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), "client",
                "--members", members, "--config", config.toString(), "watch", "--count", "-1", "greeting");
        assertEquals(ExitCodes.USAGE, status, out + "\n" + err); // checked before connecting, as a usage error
        assertEquals("raftwire client watch: --count = -1 (expected: 0 for no limit, or a positive number) (see"
                + " 'raftwire client watch --help')", err.toString().strip());
    }

    /** Starts {@code raftwire client ... args} on a thread of its own and returns once it printed its first line. */
    private static Watching watch(String... args) throws Exception {
        return watch(new CountDownLatch(0), false, args);
    }

    /**
     * As {@link #watch(String...)}, its output blocking after the first line until {@code gate} opens, or failing
     * after the first line as a pipe whose reader left.
     */
    private static Watching watch(CountDownLatch gate, boolean brokenAfterFirstLine, String... args)
            throws Exception {
        List<String> argv = new ArrayList<>(List.of("client", "--members", members, "--config", config.toString()));
        argv.addAll(List.of(args));
        Watching w = new Watching(gate, brokenAfterFirstLine);
        StringWriter err = new StringWriter();
        w.err = err;
        w.status = CompletableFuture.supplyAsync(() -> RaftwireCommand.execute(new PrintWriter(w.out, true),
                new PrintWriter(err, true), argv.toArray(String[]::new)));
        String first = w.out.lines.poll(60, TimeUnit.SECONDS);
        assertNotNull(first, () -> "no line within 60 s; stderr: " + err);
        assertTrue(first.startsWith("WATCHING "), () -> first + "; stderr: " + err);
        w.first = first;
        return w;
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** A running watch: its exit status, and its stdout as lines as they come. */
    private static final class Watching {
        final LineWriter out;
        StringWriter err;
        CompletableFuture<Integer> status;
        String first;

        List<String> lines() {
            List<String> all = new ArrayList<>(List.of(first));
            out.lines.drainTo(all);
            return all;
        }

        Watching(CountDownLatch gate, boolean brokenAfterFirstLine) {
            out = new LineWriter(gate, brokenAfterFirstLine);
        }

        String transcript() {
            return "stdout so far: " + out.lines + "; stderr: " + err;
        }
    }

    /**
     * Collects what is written into complete lines; with a gate, every line after the first blocks its writer until
     * the gate opens (a terminal that stopped reading).
     */
    private static final class LineWriter extends Writer {
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final StringBuilder line = new StringBuilder();
        private final CountDownLatch gate;
        private final boolean brokenAfterFirstLine;
        private int count;

        LineWriter(CountDownLatch gate, boolean brokenAfterFirstLine) {
            this.gate = gate;
            this.brokenAfterFirstLine = brokenAfterFirstLine;
        }

        @Override
        public void write(char[] buf, int off, int len) throws IOException {
            if (brokenAfterFirstLine && count >= 1) {
                throw new IOException("Broken pipe");
            }
            for (int i = off; i < off + len; i++) {
                if (buf[i] == '\n') {
                    lines.add(line.toString());
                    line.setLength(0);
                    if (++count > 1 && !awaitGate()) {
                        throw new IOException("the gate did not open within 120 s");
                    }
                } else if (buf[i] != '\r') {
                    line.append(buf[i]);
                }
            }
        }

        private boolean awaitGate() {
            try {
                return gate.await(120, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
