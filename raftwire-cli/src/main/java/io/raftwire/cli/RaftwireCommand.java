package io.raftwire.cli;

import io.raftwire.cli.certs.CertsCommand;
import io.raftwire.node.server.BuildVersion;
import io.raftwire.cli.codecs.CodecsCommand;
import io.raftwire.cli.admin.AdminCommand;
import io.raftwire.cli.admin.StatusCommand;
import io.raftwire.cli.client.ClientCommand;
import io.raftwire.cli.demo.DemoCommand;
import io.raftwire.cli.node.NodeCommand;
import io.raftwire.cli.inspect.InspectCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * The {@code raftwire} program: one entry point whose subcommands do the work.
 *
 * <p><b>Adding a subcommand</b> ({@code demo}, {@code node}, {@code client}): write a class annotated with
 * {@code @Command(name = "...", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class)}
 * implementing {@code Callable<Integer>} (return an {@link ExitCodes} value, print the report to
 * {@code spec.commandLine().getOut()} through an injected {@code @Spec CommandSpec}), and add it to the
 * {@code subcommands} list below. Errors need no handling of their own: throw {@code ParameterException} for a bad
 * argument value, let {@code io.raftwire.config.ConfigException} escape for bad configuration, throw
 * {@link CliFailure} with a one-line message for a runtime failure; {@link ErrorReporter} turns each into one line on
 * stderr and its exit code. {@code -v} is inherited by every subcommand.
 */
@Command(name = "raftwire", mixinStandardHelpOptions = true, versionProvider = RaftwireCommand.VersionProvider.class,
        description = "raftwire: Raft messages over a pluggable serialization layer. Logs go to stderr (WARN unless"
                + " -v); reports go to stdout.",
        subcommands = {DemoCommand.class, NodeCommand.class, ClientCommand.class, StatusCommand.class,
                AdminCommand.class, CertsCommand.class, InspectCommand.class, CodecsCommand.class},
        footer = {"", "Exit status: 0 success; 1 runtime failure; 2 bad arguments; 3 bad configuration; 4 the command"
                + " found a problem (an undecodable frame, a codec that failed its round trip)."})
public final class RaftwireCommand implements Runnable {

    @Spec
    private CommandSpec spec;

    @Option(names = Verbosity.OPTION, scope = ScopeType.INHERIT,
            description = "More output on stderr: -v logs INFO, -vv DEBUG and shows stack traces of failures.")
    private boolean[] verbose = new boolean[0];

    /** Without a subcommand there is nothing to do: a usage error naming the subcommands. */
    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a subcommand is missing (expected: one of "
                + String.join(", ", spec.subcommands().keySet()) + ")");
    }

    /** Runs the program and exits with its status. */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int status = execute(out, err, args);
        out.flush();
        err.flush();
        System.exit(status);
    }

    /**
     * Runs the program in this JVM, as {@link #main} does but without exiting (for tests and embedding).
     *
     * @param out  receives the report (stdout)
     * @param err  receives errors and help after an error (stderr)
     * @param args the command line
     * @return the exit status, one of {@link ExitCodes}
     */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return newCommandLine(out, err).execute(args);
    }

    /**
     * The configured command line: streams, one-line error reporting, exit codes, verbosity.
     *
     * @param out receives the report
     * @param err receives errors
     */
    public static CommandLine newCommandLine(PrintWriter out, PrintWriter err) {
        CommandLine cmd = new CommandLine(new RaftwireCommand());
        ErrorReporter reporter = new ErrorReporter();
        cmd.setOut(out);
        cmd.setErr(err);
        cmd.setCaseInsensitiveEnumValuesAllowed(true);
        cmd.setParameterExceptionHandler(reporter::parameterError);
        cmd.setExecutionExceptionHandler(reporter::executionError);
        cmd.setExecutionStrategy(parseResult -> {
            int level = Verbosity.of(parseResult);
            Verbosity.apply(level);
            reporter.verbosity(level);
            return new CommandLine.RunLast().execute(parseResult);
        });
        return cmd;
    }

    /** The version of the build: raft-node's, which the same reactor build writes ({@link BuildVersion}). */
    public static final class VersionProvider implements IVersionProvider {

        @Override
        public String[] getVersion() {
            return new String[] {"raftwire " + version(), "Java " + Runtime.version() + " ("
                    + System.getProperty("java.vm.name") + ")"};
        }

        /** The project version, for example {@code 0.1.0-SNAPSHOT}. */
        public static String version() {
            return BuildVersion.version();
        }
    }
}
