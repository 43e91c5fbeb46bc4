package io.raftwire.cli.admin;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code raftwire admin} and {@code raftwire status}: bad arguments are usage errors, found before connecting. */
@Timeout(30)
class AdminCommandTest {

    @Test
    void badArgumentsAreUsageErrorsNamingWhatIsExpected() {
        Map<List<String>, String> cases = Map.of(
                List.of("admin", "snapshot"), "raftwire admin snapshot: Missing required option:"
                        + " '--members=ID=HOST:PORT,...' (expected: members' client addresses,"
                        + " raftwire.node.client-address, comma separated) (see 'raftwire admin snapshot --help')",
                List.of("admin", "--members", "node-1=127.0.0.1:7102", "snapshot", "--member", "node-2"),
                "raftwire admin snapshot: --member = node-2 (expected: one of the ids in --members: node-1)"
                        + " (see 'raftwire admin snapshot --help')",
                List.of("admin", "--members", "node-1=127.0.0.1:7102", "remove-member", "Node-1"),
                "raftwire admin remove-member: ID = Node-1 (expected: an id matching [a-z0-9][a-z0-9._-]{0,63})"
                        + " (see 'raftwire admin remove-member --help')",
                List.of("status", "--member", "node-1=127.0.0.1:7102,node-2=127.0.0.1:7103"),
                "raftwire status: --member = node-1=127.0.0.1:7102,node-2=127.0.0.1:7103 (expected: one"
                        + " id=host:port; other members go in --members) (see 'raftwire status --help')",
                List.of("status", "--member", "node-1"), "raftwire status: --member = node-1 (expected: ",
                List.of("admin", "--members", "node-1=127.0.0.1:7102", "--group", "raftwire-3", "balance-leaders"),
                "raftwire admin balance-leaders: balance-leaders with --group = raftwire-3 (expected: no --group: it"
                        + " balances every group)",
                List.of("admin", "--members", "node-1=127.0.0.1:7102", "--group", "raftwire-3", "add-member",
                        "--all-groups", "node-4"),
                "raftwire admin add-member: --all-groups and --group = raftwire-3 (expected: one of them)");
        cases.forEach((args, expected) -> {
            Run run = run(args.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, run.status(), args + ": " + run.err());
            assertEquals(1, run.errLines().size(), run.err());
            assertEquals(true, run.errLines().get(0).startsWith(expected), args + ": " + run.err());
        });
    }

    @Test
    void withoutASubcommandAdminSaysWhichThereAre() {
        Run run = run("admin");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(true, run.err().startsWith("raftwire admin: a subcommand is missing (expected: one of add-member,"
                + " remove-member, transfer-leadership, snapshot, balance-leaders)"), run.err());
    }

    /** With no environment the configuration would be unusable (TLS without files): nothing got that far. */
    private static Run run(String... args) {
        Consumer<CommandLine> setup = cmd -> {
            ((AdminCommand) cmd.getSubcommands().get("admin").getCommand()).environment(Map.of());
            ((StatusCommand) cmd.getSubcommands().get("status").getCommand()).environment(Map.of());
        };
        return Run.of(setup, args);
    }
}
