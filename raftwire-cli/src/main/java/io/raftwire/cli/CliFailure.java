package io.raftwire.cli;

/**
 * A runtime failure with a message meant for the user as it is (one line: what failed and what was expected). The
 * program prints it and exits with {@link ExitCodes#FAILURE}; a stack trace only with {@code -vv}.
 */
public final class CliFailure extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed and what was expected, one line
     */
    public CliFailure(String message) {
        super(message);
    }

    /**
     * @param message what failed and what was expected, one line
     * @param cause   kept for {@code -vv}
     */
    public CliFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
