package io.raftwire.cli.admin;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import io.raftwire.node.level.FeatureLevel;
import io.raftwire.node.level.FeatureLevels;
import io.raftwire.node.shard.LeaderBalance.Group;
import io.raftwire.node.shard.LeaderBalance.Transfer;
import io.raftwire.node.shard.LeaderBalancer;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.TypeSchema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;
import java.util.Set;
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
                + " remove-member, transfer-leadership, snapshot, balance-leaders, feature-level)"), run.err());
    }

    @Test
    void balanceLeadersSaysEachPassSkippedGroupsAndWhereTheLeadersEndedUp() {
        Set<String> three = Set.of("m-1", "m-2", "m-3");
        LeaderBalancer.Outcome outcome = new LeaderBalancer.Outcome(
                List.of(List.of(new Transfer(0, "m-1", "m-2"), new Transfer(1, "m-1", "m-3")),
                        List.of(new Transfer(0, "m-3", "m-2"))),
                List.of(new Group(0, "m-2", three), new Group(1, "m-3", three), new Group(2, "m-1", three),
                        new Group(3, null, three)),
                List.of("group 3: leader m-4 is not among its voters [m-1, m-2, m-3], left alone as leaderless"));

        assertEquals(String.join(System.lineSeparator(),
                "pass 1: 2 transfer(s): group 0: m-1 -> m-2; group 1: m-1 -> m-3",
                "pass 2: 1 transfer(s): group 0: m-3 -> m-2",
                "skipped group 3: leader m-4 is not among its voters [m-1, m-2, m-3], left alone as leaderless",
                "OK after 2 pass(es), leaders: m-1 leads 1 (2); m-2 leads 1 (0); m-3 leads 1 (1); no leader: 3"),
                AdminCommand.BalanceLeaders.lines(outcome, 4));
        assertEquals("OK the leaders of 2 group(s) are balanced: no transfer; leaders: m-1 leads 1 (0); m-2 leads 1"
                + " (1)", AdminCommand.BalanceLeaders.lines(new LeaderBalancer.Outcome(List.of(),
                        List.of(new Group(0, "m-1", three), new Group(1, "m-2", three)), List.of()), 2));
    }

    @Test
    void featureLevelPrintsEachLevelsNumberAndDigestWithTheCurrentOneMarked() {
        Schema v1 = new Schema(List.of(new TypeSchema(2000, "app.A", false, List.of())));
        Schema v2 = new Schema(List.of(new TypeSchema(2000, "app.A", false, List.of()),
                new TypeSchema(2001, "app.B", false, List.of())));
        FeatureLevels levels = FeatureLevels.NONE.raisedTo(new FeatureLevel(1, v1)).raisedTo(new FeatureLevel(2, v2));

        assertEquals(String.join(System.lineSeparator(),
                "  level 1  schema " + Long.toHexString(v1.digest()),
                "* level 2  schema " + Long.toHexString(v2.digest()) + "  (current)"),
                FeatureLevelCommand.lines(levels));
        assertEquals("no feature level recorded", FeatureLevelCommand.lines(FeatureLevels.NONE));
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
