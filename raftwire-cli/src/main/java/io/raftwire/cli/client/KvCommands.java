package io.raftwire.cli.client;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.kv.KvResult;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The single-operation client subcommands. Values are UTF-8 text. Output is one line: {@code OK version N},
 * {@code <value> (version N)}, {@code (absent)}, or for a compare-and-set that did not write
 * {@code NOT SET: current version N} with exit status 4.
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
}
