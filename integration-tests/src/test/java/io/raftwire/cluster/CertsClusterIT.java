package io.raftwire.cluster;

import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.RaftwireCommand;
import io.raftwire.config.ConfigKeys;
import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.KvNodes;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A 3-member mutual-TLS cluster whose every certificate was made by {@code raftwire certs} (a CA, the three members,
 * a client and an admin) and nothing else: the members start and elect a leader with them, the client certificate
 * writes and reads, its Leave is refused with the cluster's reason, and the admin certificate's Transfer moves the
 * leadership.
 */
@ExtendWith(LeakDetectionExtension.class)
class CertsClusterIT {

    private static final String CLUSTER = "it-certs";
    private static final Duration WAIT = Duration.ofSeconds(30);

    /** The member that refuses the client's Leave says so on purpose. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.server.MembershipGuard");

    @TempDir
    Path dir;

    /** {@code raftwire args...} in this JVM: exit status, stdout, stderr. */
    private static String[] raftwire(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = RaftwireCommand.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new String[] {String.valueOf(status), out.toString().strip(), err.toString().strip()};
    }

    private static void ok(String[] run) {
        assertEquals(String.valueOf(ExitCodes.OK), run[0], "stderr: " + run[2]);
    }

    @Test
    @Timeout(120)
    void aClusterRunsOnCertificatesFromRaftwireCertsAndTheirRolesHold() throws Exception {
        Path certs = dir.resolve("certs");
        ok(raftwire("certs", "ca", "--dir", certs.toString(), "--cluster", CLUSTER));
        for (int i = 0; i < 3; i++) {
            ok(raftwire("certs", "member", "--dir", certs.toString(), "--id", LocalCluster.id(i)));
        }
        ok(raftwire("certs", "client", "--dir", certs.toString(), "--id", "carol"));
        ok(raftwire("certs", "admin", "--dir", certs.toString(), "--id", "ops"));

        Map<String, String> base = new LinkedHashMap<>();
        base.put("raftwire.cluster.id", CLUSTER);
        base.put("raftwire.raft.election-timeout-ms", "300");
        base.put("raftwire.raft.heartbeat-period-secs", "1");
        base.put("raftwire.raft.heartbeat-timeout-secs", "2");
        base.put("raftwire.transport.reconnect-initial-backoff-ms", "20");
        base.put("raftwire.transport.reconnect-max-backoff-ms", "200");
        // TLS is on by default: each member gets the files raftwire certs wrote for its id
        try (LocalCluster cluster = LocalCluster.start(3, base, Files.createDirectory(dir.resolve("data")),
                config -> member(config, certs))) {
            int leader = cluster.awaitLeader(WAIT);

            String[] put = client(cluster, certs, "client-carol", "put", "greeting", "hello");
            ok(put);
            assertTrue(put[1].startsWith("OK version "), put[1]);
            String[] get = client(cluster, certs, "client-carol", "get", "greeting");
            ok(get);
            assertTrue(get[1].startsWith("hello (version "), get[1]);

            String[] leave = client(cluster, certs, "client-carol", "leave", "node-3");
            assertEquals(String.valueOf(ExitCodes.FAILURE), leave[0], leave[2]);
            String refusal = "forbidden: LeaveRequest for member node-3 from client certificate raftwire://" + CLUSTER
                    + "/client/carol (expected: an admin certificate raftwire://" + CLUSTER + "/admin/<id>, or the"
                    + " member certificate of node-3 itself)";
            assertEquals("raftwire client leave: the cluster refused it: PROTOCOL_ERROR: " + refusal, leave[2]);
            logs.await("refused " + refusal);

            String target = LocalCluster.id((leader + 1) % 3);
            String[] transfer = client(cluster, certs, "admin-ops", "transfer", target);
            ok(transfer);
            assertEquals("OK", transfer[1]);
            Await.until(WAIT, () -> cluster.leaderIndex().map(LocalCluster::id).orElse("").equals(target),
                    () -> "leader " + cluster.leaderIndex().map(LocalCluster::id).orElse("none") + " (expected: "
                            + target + ", handed over with the admin certificate)");
            for (RaftwireNode node : cluster.running()) {
                assertEquals(3, node.raftNode().getCommittedMembers().getMembers().size(),
                        "the refused Leave changed nothing on " + node.memberId());
            }
        }
    }

    /** A KV member with the certificate {@code raftwire certs member} made for its id. */
    private static RaftwireNode member(RaftwireConfig config, Path certs) {
        Map<String, String> values = new LinkedHashMap<>(config.nonDefaults());
        String id = config.get(ConfigKeys.NODE_ID);
        values.put(ConfigKeys.TLS_CERTIFICATE_FILE.name(), certs.resolve("member-" + id + ".crt").toString());
        values.put(ConfigKeys.TLS_PRIVATE_KEY_FILE.name(), certs.resolve("member-" + id + ".key").toString());
        values.put(ConfigKeys.TLS_TRUST_FILE.name(), certs.resolve("ca.crt").toString());
        return KvNodes.node(RaftwireConfig.of(values));
    }

    /** {@code raftwire client} with the certificate files {@code who}.crt and .key and the CA as trust. */
    private static String[] client(LocalCluster cluster, Path certs, String who, String... operation) {
        List<String> args = new ArrayList<>(List.of("client", "--members", cluster.clientAddresses().stream()
                        .map(PeerAddress::toString).collect(Collectors.joining(",")), "--cluster-id", CLUSTER,
                "--timeout-ms", "20000", "--certificate", certs.resolve(who + ".crt").toString(), "--private-key",
                certs.resolve(who + ".key").toString(), "--trust", certs.resolve("ca.crt").toString()));
        args.addAll(List.of(operation));
        return raftwire(args.toArray(String[]::new));
    }
}
