package io.raftwire.cli;

import io.raftwire.config.ConfigException;
import io.raftwire.config.ConfigViolation;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The entry point: help, version, and one-line errors with their documented exit codes. */
class RaftwireCommandTest {

    @Test
    void shouldListEverySubcommandInItsHelp() {
        Run run = Run.of("--help");
        assertEquals(ExitCodes.OK, run.status());
        assertTrue(run.out().startsWith("Usage: raftwire "), run.out());
        assertTrue(run.out().contains("inspect"), run.out());
        assertTrue(run.out().contains("codecs"), run.out());
        assertTrue(run.out().replaceAll("\\s+", " ").contains("Exit status: 0 success; 1 runtime failure; 2 bad"
                + " arguments; 3 bad configuration; 4 the command found a problem"), run.out());
        assertEquals("", run.err());
    }

    @Test
    void shouldGiveHelpOnEachSubcommand() {
        for (String sub : List.of("inspect", "codecs")) {
            Run run = Run.of(sub, "--help");
            assertEquals(ExitCodes.OK, run.status(), sub);
            assertTrue(run.out().startsWith("Usage: raftwire " + sub + " "), run.out());
            assertTrue(run.out().contains("-v "), "-v is inherited by " + sub + ": " + run.out());
        }
    }

    @Test
    void shouldPrintTheBuildVersion() {
        Run run = Run.of("--version");
        assertEquals(ExitCodes.OK, run.status());
        String first = run.outLines().get(0);
        assertTrue(first.matches("raftwire \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), first);
        assertEquals(first, Run.of("inspect", "--version").outLines().get(0));
    }

    @Test
    void shouldRefuseAnUnknownOptionInOneLine() {
        Run run = Run.of("inspect", "--hexx", "00");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(1, run.errLines().size(), run.err());
        assertEquals("raftwire inspect: Unknown option: '--hexx' (did you mean: --hex, --help; expected: raftwire"
                + " inspect [-hVv] [--format=FORMAT] [--hex=HEX] [FILE]; see 'raftwire inspect --help')",
                run.errLines().get(0));
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseAMissingSubcommandNamingThem() {
        Run run = Run.of();
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(List.of("raftwire: a subcommand is missing (expected: one of demo, node, client, status, admin, certs, inspect, codecs) (see 'raftwire"
                + " --help')"), run.errLines());
    }

    @Test
    void shouldRefuseAValueOfTheWrongType() {
        Run run = Run.of("codecs", "--repetitions", "many");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(1, run.errLines().size(), run.err());
        assertTrue(run.errLines().get(0).startsWith("raftwire codecs: Invalid value for option '--repetitions':"
                + " 'many' is not an int (expected: raftwire codecs "), run.err());
    }

    @Test
    void shouldRefuseABadEnumValueListingTheChoices() {
        Run run = Run.of("inspect", "--format", "pcap", "--hex", "00");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(1, run.errLines().size(), run.err());
        assertTrue(run.err().contains("'pcap'") && run.err().contains("AUTO, RAW, CAPTURE"), run.err());
    }

    @Test
    void shouldReportBadConfigurationInOneLineWithEveryViolation() {
        ConfigException bad = new ConfigException(List.of(
                new ConfigViolation("raftwire.serializer", "yaml", "expected: one of jdk, kryo, protostuff",
                        "file node.properties"),
                new ConfigViolation("raftwire.transport.max-frame-bytes", "12", "expected: 1024..1073741824", "")));
        Run run = Run.of(failing(bad), "fail");
        assertEquals(ExitCodes.CONFIG, run.status());
        assertEquals(List.of("raftwire fail: bad configuration: raftwire.serializer = yaml (expected: one of jdk,"
                + " kryo, protostuff) [file node.properties]; raftwire.transport.max-frame-bytes = 12 (expected:"
                + " 1024..1073741824)"), run.errLines());
    }

    @Test
    void shouldReportAnUnreadableConfigFileOnceWithoutRepeatingItsCause() {
        ConfigException unreadable = new ConfigException("cannot read config file /etc/raftwire.properties: no such"
                + " file (expected: a readable properties file in UTF-8)",
                new java.nio.file.NoSuchFileException("/etc/raftwire.properties"));
        Run run = Run.of(failing(unreadable), "fail");
        assertEquals(ExitCodes.CONFIG, run.status());
        assertEquals(List.of("raftwire fail: bad configuration: cannot read config file /etc/raftwire.properties:"
                + " no such file (expected: a readable properties file in UTF-8)"), run.errLines());
    }

    @Test
    void shouldReportARuntimeFailureInOneLine() {
        Run run = Run.of(failing(new CliFailure("cannot bind 127.0.0.1:7001 (expected: a free port)")), "fail");
        assertEquals(ExitCodes.FAILURE, run.status());
        assertEquals(List.of("raftwire fail: cannot bind 127.0.0.1:7001 (expected: a free port)"), run.errLines());
    }

    @Test
    void shouldShowAStackTraceOnlyWithDoubleVerbose() {
        IllegalStateException bug = new IllegalStateException("something\nbroke");
        Run quiet = Run.of(failing(bug), "fail");
        assertEquals(ExitCodes.FAILURE, quiet.status());
        assertEquals(List.of("raftwire fail: failed: java.lang.IllegalStateException: something broke (run with -vv"
                + " for the stack trace)"), quiet.errLines());

        Run verbose = Run.of(failing(bug), "fail", "-vv");
        assertEquals(ExitCodes.FAILURE, verbose.status());
        assertEquals("raftwire fail: failed: java.lang.IllegalStateException: something broke",
                verbose.errLines().get(0));
        assertTrue(verbose.err().contains("\tat io.raftwire.cli.RaftwireCommandTest"), verbose.err());

        Run single = Run.of(failing(bug), "-v", "fail");
        assertFalse(single.err().contains("\tat "), "-v alone shows no stack trace: " + single.err());
    }

    /** A test subcommand plugged in the way demo, node and client will be: it throws {@code failure}. */
    private static Consumer<CommandLine> failing(RuntimeException failure) {
        return cmd -> cmd.addSubcommand("fail", new Failing(failure));
    }

    @Command(name = "fail", mixinStandardHelpOptions = true)
    private static final class Failing implements Callable<Integer> {
        private final RuntimeException failure;

        Failing(RuntimeException failure) {
            this.failure = failure;
        }

        @Override
        public Integer call() {
            throw failure;
        }
    }
}
