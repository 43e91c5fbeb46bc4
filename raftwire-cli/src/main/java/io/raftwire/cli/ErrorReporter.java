package io.raftwire.cli;

import io.raftwire.config.ConfigException;
import io.raftwire.config.ConfigViolation;
import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.PrintWriter;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns every failure of the program into one line on stderr and an {@link ExitCodes exit status}; never a stack
 * trace, except with {@code -vv}. The line names the command, what was wrong and what was expected:
 *
 * <pre>
 *  raftwire inspect: Unknown option: '--hexx' (did you mean: --hex; expected: raftwire inspect [-hvV] ...)
 *  raftwire node: bad configuration: raftwire.serializer = yaml (expected: one of jdk, kryo, protostuff)
 * </pre>
 */
final class ErrorReporter {

    private int verbosity;

    void verbosity(int level) {
        this.verbosity = level;
    }

    /** Bad arguments: one line, the usage synopsis as what was expected, {@link ExitCodes#USAGE}. */
    int parameterError(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String message = oneLine(ex.getMessage());
        StringBuilder line = new StringBuilder(cmd.getCommandSpec().qualifiedName()).append(": ").append(message);
        StringBuilder hints = new StringBuilder();
        if (ex instanceof UnmatchedArgumentException u && !u.getSuggestions().isEmpty()) {
            hints.append("did you mean: ").append(String.join(", ", u.getSuggestions())).append("; ");
        }
        if (!message.contains("(expected") && !message.contains("(available")) {
            hints.append("expected: ").append(synopsis(cmd)).append("; ");
        }
        hints.append("see '").append(cmd.getCommandSpec().qualifiedName()).append(" --help'");
        line.append(" (").append(hints).append(')');
        PrintWriter err = rootErr(cmd);
        err.println(line);
        err.flush();
        return ExitCodes.USAGE;
    }

    /** A failure while running: bad configuration, a {@link CliFailure}, or anything unexpected. */
    int executionError(Exception ex, CommandLine cmd, ParseResult parseResult) {
        PrintWriter err = rootErr(cmd);
        String name = cmd.getCommandSpec().qualifiedName();
        int status;
        if (ex instanceof ConfigException config) {
            err.println(name + ": bad configuration: " + describe(config));
            status = ExitCodes.CONFIG;
        } else if (ex instanceof CliFailure) {
            err.println(name + ": " + oneLine(ex.getMessage()));
            status = ExitCodes.FAILURE;
        } else {
            err.println(name + ": failed: " + oneLine(String.valueOf(ex)) + (verbosity >= 2 ? ""
                    : " (run with -vv for the stack trace)"));
            status = ExitCodes.FAILURE;
        }
        if (verbosity >= 2) {
            ex.printStackTrace(err);
        }
        err.flush();
        return status;
    }

    /**
     * Every violation on one line, separated by {@code ;}, or the I/O failure, whose message says why in words (its
     * cause is in the stack trace of {@code -vv}).
     */
    static String describe(ConfigException e) {
        List<ConfigViolation> violations = e.violations();
        if (!violations.isEmpty()) {
            return violations.stream().map(v -> oneLine(v.toString())).collect(Collectors.joining("; "));
        }
        return oneLine(e.getMessage());
    }

    /** The program's stderr, also for subcommands added after the streams were set. */
    private static PrintWriter rootErr(CommandLine cmd) {
        return cmd.getCommandSpec().root().commandLine().getErr();
    }

    private static String synopsis(CommandLine cmd) {
        Help help = new Help(cmd.getCommandSpec(), Help.defaultColorScheme(Help.Ansi.OFF));
        return oneLine(help.synopsis(0));
    }

    /** Folds line breaks and runs of blanks into single spaces, and trims. */
    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").trim();
    }
}
