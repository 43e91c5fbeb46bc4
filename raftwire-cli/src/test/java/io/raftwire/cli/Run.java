package io.raftwire.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.function.Consumer;

/**
 * One in-process run of the program, with stdout and stderr captured.
 *
 * @param status the exit status
 * @param out    everything written to stdout
 * @param err    everything written to stderr
 */
public record Run(int status, String out, String err) {

    /** Runs {@code raftwire args...} in this JVM. */
    public static Run of(String... args) {
        return of(cmd -> { }, args);
    }

    /** Runs {@code raftwire args...} after {@code setup} has adjusted the command line (extra test subcommands). */
    public static Run of(Consumer<CommandLine> setup, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cmd = RaftwireCommand.newCommandLine(new PrintWriter(out, true), new PrintWriter(err, true));
        setup.accept(cmd);
        int status = cmd.execute(args);
        return new Run(status, out.toString(), err.toString());
    }

    /** The stderr lines, without the trailing empty one. */
    public List<String> errLines() {
        return err.lines().toList();
    }

    /** The stdout lines. */
    public List<String> outLines() {
        return out.lines().toList();
    }
}
