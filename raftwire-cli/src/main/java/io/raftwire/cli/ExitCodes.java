package io.raftwire.cli;

/**
 * The exit statuses of the {@code raftwire} program, the same for every subcommand. Scripts may rely on them.
 *
 * <table>
 *   <caption>exit statuses</caption>
 *   <tr><th>code</th><th>meaning</th></tr>
 *   <tr><td>0</td><td>success</td></tr>
 *   <tr><td>1</td><td>a runtime failure: unreadable input, a node that could not start, any unexpected error</td></tr>
 *   <tr><td>2</td><td>bad arguments (picocli's usage error code), an empty input to {@code inspect} included</td></tr>
 *   <tr><td>3</td><td>bad configuration: the config file or overrides broke a rule ({@code ConfigException})</td></tr>
 *   <tr><td>4</td><td>the command ran and found a problem in what it examined: a frame {@code inspect} could not
 *       decode, a codec that failed the round-trip check of {@code codecs}</td></tr>
 * </table>
 */
public final class ExitCodes {

    /** Success. */
    public static final int OK = 0;
    /** A runtime failure; the one-line message says what failed. */
    public static final int FAILURE = 1;
    /** Bad arguments: picocli's {@code ExitCode.USAGE}. */
    public static final int USAGE = 2;
    /** Bad configuration. */
    public static final int CONFIG = 3;
    /** The command completed and reports a problem in its input or subject. */
    public static final int FOUND_PROBLEMS = 4;

    private ExitCodes() {
    }
}
