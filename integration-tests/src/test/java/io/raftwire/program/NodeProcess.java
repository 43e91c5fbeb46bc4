package io.raftwire.program;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One {@code raftwire node} JVM started from {@code raftwire-cli/target/raftwire.jar}: its stdout's first line (the
 * node's {@code ... running: ...} line, or why it ended) and its stderr in a file.
 */
public final class NodeProcess {

    /** The repository root (integration-tests' parent). */
    public static final Path ROOT = Path.of(System.getProperty("basedir", "."), "..").normalize();
    /** The program's jar, built by raftwire-cli's {@code package} before integration-tests runs. */
    public static final Path JAR = ROOT.resolve("raftwire-cli/target/raftwire.jar");

    private final String name;
    private final Process process;
    private final Path stderr;
    private final CompletableFuture<String> firstLine = new CompletableFuture<>();

    private NodeProcess(String name, Process process, Path stderr) {
        this.name = name;
        this.process = process;
        this.stderr = stderr;
    }

    /**
     * Starts {@code prefix} (a command that runs what follows it, such as {@code ip netns exec NS}; may be empty),
     * then this JVM's {@code java} with {@code jvmArgs}, {@code -jar raftwire.jar node} and {@code nodeArgs}; stderr
     * goes to {@code stderr}.
     */
    public static NodeProcess start(String name, List<String> prefix, List<String> jvmArgs, List<String> nodeArgs,
            Path stderr) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(List.of("-jar", JAR.toString(), "node"));
        command.addAll(nodeArgs);
        Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        NodeProcess node = new NodeProcess(name, p, stderr);
        Thread reader = new Thread(node::readStdout, name + "-stdout");
        reader.setDaemon(true);
        reader.start();
        return node;
    }

    private void readStdout() {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = r.readLine();
            firstLine.complete(line == null ? "(no output; exit " + process.waitFor() + ")" : line);
            while (r.readLine() != null) {
                // drain
            }
        } catch (IOException | InterruptedException e) {
            firstLine.completeExceptionally(e);
        }
    }

    /** The node's first stdout line, waiting at most {@code wait}; throws with its stderr if there is none by then. */
    public String awaitFirstLine(Duration wait) throws InterruptedException {
        try {
            return firstLine.get(wait.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError(name + " printed no line within " + wait.toSeconds() + " s; stderr: "
                    + stderr(), e);
        }
    }

    /** The first stdout line as a future. */
    public CompletableFuture<String> firstLine() {
        return firstLine;
    }

    /** What the node wrote to stderr so far. */
    public String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** SIGTERM (the node closes cleanly through its shutdown hook); true if it ended within {@code wait}. */
    public boolean stop(Duration wait) throws InterruptedException {
        process.destroy();
        return process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** SIGKILL, waiting at most {@code wait} for it to end. */
    public void kill(Duration wait) throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(wait.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Whether the process still runs. */
    public boolean isAlive() {
        return process.isAlive();
    }
}
