package io.raftwire.cli;

import picocli.CommandLine.ParseResult;

/**
 * The {@code -v} option: how much the program logs (to stderr; stdout carries only the report) and whether a failure
 * shows its stack trace. Level 0 logs WARN and above (the Raft engine's ERRORs only), 1 ({@code -v}) INFO, 2 or more
 * ({@code -vv}) DEBUG and stack traces.
 *
 * <p>slf4j-simple fixes its level when the first logger is created, so {@link #apply} runs after parsing and before
 * any subcommand code; in one JVM the first run's level stays (which only matters to in-process tests). An explicit
 * {@code -Dorg.slf4j.simpleLogger.defaultLogLevel} wins over {@code -v}.
 */
public final class Verbosity {

    /** The option's name. */
    static final String OPTION = "-v";
    private static final String LEVEL_PROPERTY = "org.slf4j.simpleLogger.defaultLogLevel";
    private static final String ENGINE_PROPERTY = "org.slf4j.simpleLogger.log.io.microraft";
    private static final String LOGGER_PROPERTY_PREFIX = "org.slf4j.simpleLogger.log.";

    /** The level of the last {@link #apply}: this run's, as runs in one JVM follow each other. */
    private static volatile int current;

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
        current = level;
        if (level > 0 && System.getProperty(LEVEL_PROPERTY) == null) {
            System.setProperty(LEVEL_PROPERTY, level == 1 ? "info" : "debug");
        }
        // MicroRaft reports routine protocol events (an election time-out, a stale response ignored) at WARN; at the
        // default verbosity only its errors reach stderr, with -v everything
        if (level == 0 && System.getProperty(ENGINE_PROPERTY) == null) {
            System.setProperty(ENGINE_PROPERTY, "error");
        }
    }

    /** How many times {@code -v} was given to the running command (0: WARN and above are logged). */
    public static int level() {
        return current;
    }

    /**
     * Logs only the ERRORs of {@code logger}, unless the user set its level
     * ({@code -Dorg.slf4j.simpleLogger.log.NAME}): for the WARNs a command provokes on purpose and reports in its own words. Call it before the logger is first
     * used; slf4j-simple fixes a logger's level when it creates it, once per JVM.
     *
     * @param logger the logger's name, for example {@code io.raftwire.transport.plaintext}
     */
    public static void errorsOnly(String logger) {
        String property = LOGGER_PROPERTY_PREFIX + logger;
        if (System.getProperty(property) == null) {
            System.setProperty(property, "error");
        }
    }
}
