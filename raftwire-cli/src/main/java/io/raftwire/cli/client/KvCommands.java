package io.raftwire.cli.client;

import io.raftwire.cli.CliFailure;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvResult;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

        @Override
        public Integer call() {
            try (KvClient kv = client.connect()) {
                return run(kv);
            }
        }

        abstract int run(KvClient kv);

        void println(String line) {
            spec.commandLine().getOut().println(line);
            spec.commandLine().getOut().flush();
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
                    + " (a delete's too). Runs until --count changes were printed, or until interrupted (Ctrl-C).",
                    "Its first line, 'WATCHING ...', is printed once the cluster has registered the watch."})
    static final class Watch extends Operation {
        @Parameters(index = "0", paramLabel = "KEY")
        String key;
        @Option(names = "--prefix", description = "Watch every key that starts with KEY.")
        boolean prefix;
        @Option(names = "--count", defaultValue = "0", paramLabel = "N",
                description = "Stop after N changes (default: 0, never).")
        long count;

        @Override
        int run(KvClient kv) {
            if (count < 0) {
                throw new CliFailure("--count = " + count + " (expected: 0 for no limit, or a positive number)");
            }
            CountDownLatch done = new CountDownLatch(1);
            AtomicLong printed = new AtomicLong();
            AtomicReference<String> closed = new AtomicReference<>();
            kv.onEvent(e -> {
                if (count == 0 || printed.get() < count) {
                    println(e.deleted() ? "DELETE " + e.key() + " (version " + e.version() + ")"
                            : "PUT " + e.key() + " = " + new String(e.value(), StandardCharsets.UTF_8) + " (version "
                                    + e.version() + ")");
                    if (printed.incrementAndGet() == count) {
                        done.countDown();
                    }
                }
            }, reason -> {
                closed.set(reason);
                done.countDown();
            });
            client.await(kv.watch(key, prefix));
            println("WATCHING " + (prefix ? "keys starting with " : "key ") + key);
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return ExitCodes.OK;
            }
            if (closed.get() != null && (count == 0 || printed.get() < count)) {
                throw new CliFailure("the session ended after " + printed.get() + " change(s): " + closed.get());
            }
            return ExitCodes.OK;
        }
    }
}
