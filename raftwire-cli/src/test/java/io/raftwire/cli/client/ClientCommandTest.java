package io.raftwire.cli.client;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import io.raftwire.config.PeerAddress;
import io.raftwire.node.KvNodes;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.FreePorts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import picocli.CommandLine;

import java.time.Duration;
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

    @Test
    void shouldReportUnusableTlsSettingsAsBadConfiguration() {
        Run run = run(Map.of(), "client", "--members", NOBODY, "get", "a");
        assertEquals(ExitCodes.CONFIG, run.status(), run.err());
        assertEquals(1, run.errLines().size(), run.err());
        String line = run.errLines().get(0);
        assertTrue(line.startsWith("raftwire client get: bad configuration: invalid transport settings:"
                + " raftwire.tls.certificate-file = \"\" "), line);
        assertTrue(line.endsWith(" (these settings come from the built-in defaults without --config, then system"
                + " properties and RAFTWIRE_* environment variables)"), line);
        assertTrue(!line.contains("IllegalArgumentException") && !line.contains("-vv"), line);
    }

    /** Runs the program with {@code env} as the client's environment instead of this process's. */
    private static Run run(Map<String, String> env, String... args) {
        Consumer<CommandLine> setup = cmd -> ((ClientCommand) cmd.getSubcommands().get("client").getCommand())
                .environment(env);
        return Run.of(setup, args);
    }
}
