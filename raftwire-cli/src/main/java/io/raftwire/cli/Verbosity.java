package io.raftwire.cli;

import picocli.CommandLine.ParseResult;

/**
 * The {@code -v} option: how much the program logs (to stderr; stdout carries only the report) and whether a failure
 * shows its stack trace. Level 0 logs WARN and above, 1 ({@code -v}) INFO, 2 or more ({@code -vv}) DEBUG and stack
 * traces.
 *
 * <p>slf4j-simple fixes its level when the first logger is created, so {@link #apply} runs after parsing and before
 * any subcommand code; in one JVM the first run's level stays (which only matters to in-process tests). An explicit
 * {@code -Dorg.slf4j.simpleLogger.defaultLogLevel} wins over {@code -v}.
 */
final class Verbosity {

    /** The option's name. */
    static final String OPTION = "-v";
    private static final String LEVEL_PROPERTY = "org.slf4j.simpleLogger.defaultLogLevel";

    private Verbosity() {
    }

    /** How many times {@code -v} was given, on the top command and its subcommands together. */
    static int of(ParseResult parseResult) {
        int level = 0;
        for (ParseResult pr = parseResult; pr != null; pr = pr.subcommand()) {
            if (pr.hasMatchedOption(OPTION)) {
                boolean[] flags = pr.matchedOptionValue(OPTION, new boolean[0]);
                level += flags.length;
            }
        }
        return level;
    }

    /** Sets the log level for the given verbosity, unless the user set it explicitly. */
    static void apply(int level) {
        if (level > 0 && System.getProperty(LEVEL_PROPERTY) == null) {
            System.setProperty(LEVEL_PROPERTY, level == 1 ? "info" : "debug");
        }
    }
}
