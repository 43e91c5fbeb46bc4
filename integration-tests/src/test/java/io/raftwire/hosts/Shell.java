package io.raftwire.hosts;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Runs a short system command (ip, nft) to completion within a bound, stdout and stderr merged. */
final class Shell {

    /** A finished command: its exit status and everything it printed. */
    record Result(int status, String output) {
    }

    private static final Duration BOUND = Duration.ofSeconds(20);

    private Shell() {
    }

    /** Runs {@code command}, feeding it {@code stdin} (may be empty), and returns how it ended. */
    static Result run(List<String> command, String stdin) {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Result(-1, "cannot run " + String.join(" ", command) + ": " + e.getMessage());
        }
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        try (OutputStream in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // the command does not read its input; its output and status say what happened
        }
        try {
            if (!p.waitFor(BOUND.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
                return new Result(-1, String.join(" ", command) + " did not finish within " + BOUND.toSeconds() + " s");
            }
            return new Result(p.exitValue(), output.get(BOUND.toMillis(), TimeUnit.MILLISECONDS).strip());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Result(-1, "interrupted while running " + String.join(" ", command));
        } catch (ExecutionException | TimeoutException e) {
            return new Result(p.exitValue(), "(output unreadable: " + e + ")");
        }
    }

    /** Runs {@code command} and returns its output; throws naming the command and its output if it failed. */
    static String check(String... command) {
        return checkWithInput("", command);
    }

    /** As {@link #check}, with {@code stdin} as the command's input. */
    static String checkWithInput(String stdin, String... command) {
        Result r = run(List.of(command), stdin);
        if (r.status() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + r.status() + "): "
                    + r.output());
        }
        return r.output();
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
