package io.raftwire.cli.client;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.KvNodes;
import io.raftwire.node.kv.KvLimits;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code raftwire client}: configuration from the standard sources without {@code --config}, arguments checked before
 * anything is connected, and each failure reported with its documented exit status.
 */
class ClientCommandTest {

    /** Plaintext, so that the client needs no certificate; nothing else set. */
    private static final Map<String, String> PLAINTEXT = Map.of("RAFTWIRE_TLS_ENABLED", "false");

    /** A member address with nothing listening (picked free): a client that got as far as connecting fails. */
    private static final String NOBODY = "node-1=127.0.0.1:" + FreePorts.pick(1).get(0);

    @Test
    @Timeout(60)
    void shouldApplyEnvironmentVariablesWithoutConfig() {
        Map<String, String> base = Map.of("raftwire.tls.enabled", "false", "raftwire.cluster.id", "cli-test",
                "raftwire.raft.election-timeout-ms", "500");
        try (LocalCluster cluster = LocalCluster.start(1, base, null, KvNodes::node)) {
            cluster.awaitLeader(Duration.ofSeconds(30));
            String members = cluster.clientAddresses().stream().map(PeerAddress::toString)
                    .collect(Collectors.joining(","));
            // TLS off and the cluster id both come from the environment: the built-in defaults would refuse both
            Map<String, String> env = Map.of("RAFTWIRE_TLS_ENABLED", "false", "RAFTWIRE_CLUSTER_ID", "cli-test");
            Run put = run(env, "client", "--members", members, "put", "greeting", "hello");
            assertEquals(ExitCodes.OK, put.status(), put.err());
            assertTrue(put.out().startsWith("OK version "), put.out());
            Run get = run(env, "client", "--members", members, "get", "greeting");
            assertEquals(ExitCodes.OK, get.status(), get.err());
            assertTrue(get.out().startsWith("hello (version "), get.out());
        }
    }

    @Test
    void shouldReportAMisspeltEnvironmentVariable() {
        Run run = run(Map.of("RAFTWIRE_TLS_ENABLED", "false", "RAFTWIRE_SERIALIZR", "jdk"), "client", "--members",
                NOBODY, "get", "a");
        assertEquals(ExitCodes.CONFIG, run.status(), run.err());
        assertEquals(List.of("raftwire client get: bad configuration: RAFTWIRE_SERIALIZR = jdk (unknown key; did you"
                + " mean RAFTWIRE_SERIALIZER?) [environment]"), run.errLines());
    }

    /** picocli checks a parent's required options before a subcommand's --help; --members is checked by us. */
    @Test
    void aSubcommandsHelpNeedsNoMembersButAnOperationDoes() {
        Run help = run(Map.of(), "client", "put", "--help");
        assertEquals(ExitCodes.OK, help.status(), help.err());
        assertTrue(help.out().startsWith("Usage: raftwire client put [-hVv] KEY VALUE"), help.out());
        Run put = run(Map.of(), "client", "put", "a", "b");
        assertEquals(ExitCodes.USAGE, put.status(), put.err());
        assertTrue(put.err().startsWith("raftwire client: Missing required option: '--members=ID=HOST:PORT,...'"
                + " (expected: every member's client address, raftwire.node.client-address, comma separated)"),
                put.err());
        Run usage = run(Map.of(), "client", "--help");
        assertTrue(usage.out().contains("[--config=FILE]\n                       --members=ID=HOST:PORT,..."
                + " [--serializer"), "the synopsis shows --members as required:\n" + usage.out());
    }

    @Test
    void shouldReportUnusableTlsSettingsAsBadConfiguration() {
        Run run = run(Map.of(), "client", "--members", NOBODY, "get", "a");
        assertEquals(ExitCodes.CONFIG, run.status(), run.err());
        assertEquals(1, run.errLines().size(), run.err());
        String line = run.errLines().get(0);
        assertTrue(line.startsWith("raftwire client get: bad configuration: raftwire.tls.certificate-file = \"\""
                + " (expected: the client's PEM certificate chain naming raftwire://raftwire/client/<id> or"
                + " raftwire://raftwire/admin/<id>, because raftwire.tls.enabled = true"), line);
        assertTrue(line.endsWith(" (these settings come from the built-in defaults without --config, then system"
                + " properties and RAFTWIRE_* environment variables)"), line);
        assertTrue(!line.contains("IllegalArgumentException") && !line.contains("-vv"), line);
    }

    @Test
    @Timeout(30)
    void shouldTalkToAMemberNamedClient() {
        String member = "client=" + NOBODY.substring("node-1=".length());
        Run run = run(PLAINTEXT, "client", "--members", member, "--timeout-ms", "300", "get", "a");
        assertEquals(ExitCodes.FAILURE, run.status(), "the configuration is accepted; nobody answers: " + run.err());
        assertTrue(run.err().startsWith("raftwire client get: cannot open a session with " + member + ": "),
                run.err());
    }

    /**
     * Each bad argument is a usage error, found before anything is connected: with no environment the client's
     * configuration is unusable (TLS without files), so anything that got past the check would exit 3.
     */
    @Test
    void shouldRefuseBadArgumentsBeforeConnecting() {
        String longKey = "k".repeat(KvLimits.MAX_KEY_LENGTH + 1);
        List<List<String>> cases = List.of(
                List.of("watch --count -1 k", "raftwire client watch: --count = -1 (expected: 0 for no limit, or a"
                        + " positive number) (see 'raftwire client watch --help')"),
                List.of("cas k -3 v", "raftwire client cas: EXPECTED_VERSION = -3 (expected: >= 0; 0 sets KEY only if"
                        + " it is absent) (see 'raftwire client cas --help')"),
                List.of("put '' v", "raftwire client put: KEY length = 0 (expected: 1.." + KvLimits.MAX_KEY_LENGTH
                        + " characters) (see 'raftwire client put --help')"),
                List.of("get " + longKey, "raftwire client get: KEY length = " + longKey.length() + " (expected: 1.."
                        + KvLimits.MAX_KEY_LENGTH + " characters) (see 'raftwire client get --help')"),
                List.of("put k " + "v".repeat(KvLimits.MAX_VALUE_BYTES + 1),
                        "raftwire client put: VALUE (UTF-8) length = " + (KvLimits.MAX_VALUE_BYTES + 1)
                        + " bytes (expected: 0.." + KvLimits.MAX_VALUE_BYTES
                        + ") (see 'raftwire client put --help')"),
                List.of("delete ''", "raftwire client delete: KEY length = 0 (expected: 1.." + KvLimits.MAX_KEY_LENGTH
                        + " characters) (see 'raftwire client delete --help')"),
                List.of("--timeout-ms 0 get a", "raftwire client: --timeout-ms = 0 (expected: 1..86400000"
                        + " milliseconds) (see 'raftwire client --help')"),
                List.of("--timeout-ms -5 get a", "raftwire client: --timeout-ms = -5 (expected: 1..86400000"
                        + " milliseconds) (see 'raftwire client --help')"),
                List.of("--timeout-ms 9223372036854775807 bench", "raftwire client: --timeout-ms = 9223372036854775807"
                        + " (expected: 1..86400000 milliseconds) (see 'raftwire client --help')"),
                List.of("--serializer yaml get a", "raftwire client: --serializer = yaml (expected: one of the"
                        + " installed serializers fory, jdk, kryo, protostuff) (see 'raftwire client --help')"),
                List.of("--cluster-id Bad! get a", "raftwire client: --cluster-id = Bad! (expected: "),
                List.of("leave Node-1", "raftwire client leave: MEMBER = Node-1 (expected: an id matching"
                        + " [a-z0-9][a-z0-9._-]{0,63}) (see 'raftwire client leave --help')"),
                List.of("transfer ''", "raftwire client transfer: MEMBER = \"\" (expected: an id matching"),
                List.of("--certificate c.pem --trust ca.pem get a", "raftwire client: --certificate = c.pem,"
                        + " --private-key = null, --trust = ca.pem (expected: all three, or none to take raftwire.tls.*"
                        + " from the configuration) (see 'raftwire client --help')"));
        for (List<String> c : cases) {
            List<String> args = new ArrayList<>(List.of("client", "--members", NOBODY));
            for (String word : c.get(0).split(" ")) {
                args.add(word.equals("''") ? "" : word);
            }
            Run run = run(Map.of(), args.toArray(String[]::new));
            assertEquals(ExitCodes.USAGE, run.status(), c.get(0) + ": " + run.err());
            assertEquals(1, run.errLines().size(), run.err());
            assertTrue(run.errLines().get(0).startsWith(c.get(1)), c.get(0) + ": " + run.err());
            assertEquals("", run.out());
        }
    }

    @Test
    void shouldNameMembersOptionInItsErrors() {
        Map<String, String> cases = Map.of(
                "", "raftwire client: --members = \"\" (expected: id=host:port of at least one member's client"
                        + " address, comma separated) (see 'raftwire client --help')",
                "node-1", "raftwire client: --members = node-1 (expected: ",
                NOBODY + "," + NOBODY, "raftwire client: --members = " + NOBODY + "," + NOBODY + " (expected: ",
                "node-1=127.0.0.1:0", "raftwire client: --members = node-1=127.0.0.1:0 (expected: comma-separated"
                        + " id=host:port; entry node-1=127.0.0.1:0: port is 0 (a peer needs 1..65535)) (see 'raftwire"
                        + " client --help')");
        cases.forEach((members, expected) -> {
            Run run = run(Map.of(), "client", "--members", members, "get", "a");
            assertEquals(ExitCodes.USAGE, run.status(), members + ": " + run.err());
            assertEquals(1, run.errLines().size(), run.err());
            assertTrue(run.errLines().get(0).startsWith(expected), members + ": " + run.err());
            assertTrue(!run.err().contains("raftwire.peers ="), run.err());
        });
    }

    /** Runs the program with {@code env} as the client's environment instead of this process's. */
    private static Run run(Map<String, String> env, String... args) {
        Consumer<CommandLine> setup = cmd -> ((ClientCommand) cmd.getSubcommands().get("client").getCommand())
                .environment(env);
        return Run.of(setup, args);
    }
}
