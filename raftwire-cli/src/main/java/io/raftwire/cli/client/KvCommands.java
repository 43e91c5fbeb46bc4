package io.raftwire.cli.client;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvLimits;
import io.raftwire.node.kv.KvResult;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The key-value client subcommands. Values are UTF-8 text. A single operation's output is one line:
 * {@code OK version N}, {@code <value> (version N)}, {@code (absent)}, or for a compare-and-set that did not write
 * {@code NOT SET: current version N} with exit status 4. {@code watch} prints one line per event.
 */
final class KvCommands {

    private KvCommands() {
    }

    /** Shared plumbing: the parent's connection and the output stream. */
    abstract static class Operation implements Callable<Integer> {
        @ParentCommand
        ClientCommand client;

        @Spec
        CommandSpec spec;

        /** Checks the arguments, the client's and then this operation's, and only then connects. */
        @Override
        public Integer call() {
            client.checkOptions();
            checkArguments();
            try (KvClient kv = client.connect()) {
                return run(kv);
            }
        }

        /**
         * Checks this operation's arguments against the store's limits before anything is connected.
         *
         * @throws ParameterException naming the argument, the value given and what is expected
         */
        abstract void checkArguments();

        abstract int run(KvClient kv);

        /** KEY must pass the store's key rule ({@link KvLimits#requireKeyLength}). */
        void checkKey(String key) {
            try {
                KvLimits.requireKeyLength(key, "KEY");
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }

        /** VALUE, as the UTF-8 bytes the command carries, must pass the store's value rule. */
        void checkValue(String value) {
            try {
                KvLimits.requireValueLength(value.getBytes(StandardCharsets.UTF_8).length, "VALUE (UTF-8)");
            } catch (IllegalArgumentException e) {
                throw usage(e.getMessage());
            }
        }

        ParameterException usage(String message) {
            return new ParameterException(spec.commandLine(), message);
        }

        /** Prints {@code line} and flushes; returns false if the output is closed (a pipe whose reader left). */
        boolean println(String line) {
            PrintWriter out = spec.commandLine().getOut();
            out.println(line);
            out.flush();
            return !out.checkError();
        }
    }

    @Command(name = "put", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
            description = "Sets KEY to VALUE.")
    static final class Put extends Operation {
        @Parameters(index = "0", paramLabel = "KEY")
        String key;
        @Parameters(index = "1", paramLabel = "VALUE")
        String value;

        @Override
        void checkArguments() {
            checkKey(key);
            checkValue(value);
        }

        @Override
        int run(KvClient kv) {
            KvResult r = client.await(kv.put(key, value.getBytes(StandardCharsets.UTF_8)));
            println("OK version " + r.version());
            return ExitCodes.OK;
        }
    }

    @Command(name = "get", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
            description = "Reads KEY (linearizable).")
    static final class Get extends Operation {
        @Parameters(index = "0", paramLabel = "KEY")
        String key;

        @Override
        void checkArguments() {
            checkKey(key);
        }

        @Override
        int run(KvClient kv) {
            KvResult r = client.await(kv.get(key));
            println(r.success() ? new String(r.value(), StandardCharsets.UTF_8) + " (version " + r.version() + ")"
                    : "(absent)");
            return ExitCodes.OK;
        }
    }

    @Command(name = "delete", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class, description = "Deletes KEY.")
    static final class Delete extends Operation {
        @Parameters(index = "0", paramLabel = "KEY")
        String key;

        @Override
        void checkArguments() {
            checkKey(key);
        }

        @Override
        int run(KvClient kv) {
            KvResult r = client.await(kv.delete(key));
            println(r.success() ? "OK deleted version " + r.version() : "(absent)");
            return ExitCodes.OK;
        }
    }

    @Command(name = "cas", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
            description = "Sets KEY to VALUE only if its version is EXPECTED_VERSION (0: only if absent).")
    static final class Cas extends Operation {
        @Parameters(index = "0", paramLabel = "KEY")
        String key;
        @Parameters(index = "1", paramLabel = "EXPECTED_VERSION")
        long expected;
        @Parameters(index = "2", paramLabel = "VALUE")
        String value;

        @Override
        void checkArguments() {
            checkKey(key);
            if (expected < 0) {
                throw usage("EXPECTED_VERSION = " + expected + " (expected: >= 0; 0 sets KEY only if it is absent)");
            }
            checkValue(value);
        }

        @Override
        int run(KvClient kv) {
            KvResult r = client.await(kv.compareAndSet(key, expected, value.getBytes(StandardCharsets.UTF_8)));
            if (r.success()) {
                println("OK version " + r.version());
                return ExitCodes.OK;
            }
            println("NOT SET: current version " + r.version());
            return ExitCodes.FOUND_PROBLEMS;
        }
    }

    @Command(name = "watch", mixinStandardHelpOptions = true,
            versionProvider = RaftwireCommand.VersionProvider.class,
            description = {"Prints every later change of KEY (with --prefix, of every key starting with KEY), one line"
                    + " each: 'PUT key = value (version N)' or 'DELETE key (version N)', N being the write's log index"
                    + " (a delete's too). Runs until --count changes were printed, the output is closed, or Ctrl-C"
                    + " (which closes the session first).",
                    "Its first line, 'WATCHING ...', is printed once the cluster has registered the watch, before any"
                    + " change."})
    static final class Watch extends Operation {
        @Parameters(index = "0", paramLabel = "KEY")
        String key;
        @Option(names = "--prefix", description = "Watch every key that starts with KEY.")
        boolean prefix;
        @Option(names = "--count", defaultValue = "0", paramLabel = "N",
                description = "Stop after N changes (default: 0, never).")
        long count;

        /** Opened when the command should stop: enough changes, the session or the output gone, or Ctrl-C. */
        private final CountDownLatch done = new CountDownLatch(1);
        /** Opened once WATCHING is printed (or the watch failed): changes wait for it, so they come after it. */
        private final CountDownLatch announced = new CountDownLatch(1);
        /** Why the cluster ended the session, if it did before the watch was done; null otherwise. */
        private final AtomicReference<String> sessionEnded = new AtomicReference<>();
        private volatile boolean stopped;

        /**
         * Runs the watch with a shutdown hook, so that Ctrl-C ends the session on the cluster (its watch with it)
         * instead of leaving it to expire: the hook stops the watch and waits for the client to close.
         */
        @Override
        public Integer call() {
            CountDownLatch clientClosed = new CountDownLatch(1);
            Thread hook = new Thread(() -> {
                done.countDown();
                awaitQuietly(clientClosed, client.timeoutMs() + 1000);
            }, "raftwire-watch-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                return super.call();
            } finally {
                clientClosed.countDown();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: it ends when the client is closed, which it now is
                }
            }
        }

        @Override
        void checkArguments() {
            checkKey(key);
            if (count < 0) {
                throw usage("--count = " + count + " (expected: 0 for no limit, or a positive number)");
            }
        }

        @Override
        int run(KvClient kv) {
            AtomicLong printed = new AtomicLong();
            kv.onEvent(e -> {
                awaitQuietly(announced, Long.MAX_VALUE);
                if (stopped || (count > 0 && printed.get() >= count)) {
                    return;
                }
                boolean written = println(e.deleted() ? "DELETE " + e.key() + " (version " + e.version() + ")"
                        : "PUT " + e.key() + " = " + new String(e.value(), StandardCharsets.UTF_8) + " (version "
                                + e.version() + ")");
                if (!written || printed.incrementAndGet() == count) {
                    done.countDown();
                }
            }, reason -> {
                if (count == 0 || printed.get() < count) {
                    sessionEnded.compareAndSet(null, "the session ended after " + printed.get() + " change(s): "
                            + reason);
                }
                done.countDown();
            });
            try {
                try {
                    client.await(kv.watch(key, prefix));
                    println("WATCHING " + (prefix ? "keys starting with " : "key ") + key);
                } finally {
                    announced.countDown();
                }
                awaitQuietly(done, Long.MAX_VALUE);
            } finally {
                stopped = true; // nothing is printed after this command returned
            }
            String why = sessionEnded.get();
            if (why != null) {
                throw new CliFailure(why);
            }
            return ExitCodes.OK;
        }

        private static void awaitQuietly(CountDownLatch latch, long millis) {
            try {
                latch.await(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
