package io.raftwire.cluster;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.LeaveResponse;
import io.raftwire.message.response.TransferResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.KvNodes;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.client.RaftwireClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.netty.testkit.LogCapture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Over plaintext nothing proves who asks, so a member refuses Join, Leave and Transfer unless
 * {@code raftwire.security.plaintext-admin} is set (the clusters of the other plaintext tests that change membership
 * set it, and so exercise the other side).
 */
class PlaintextMembershipIT {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.server.MembershipGuard");

    @Test
    @Timeout(60)
    void membershipAndLeadershipChangesAreRefusedOverPlaintextUnlessEnabled() throws Exception {
        Map<String, String> base = Map.of("raftwire.tls.enabled", "false", "raftwire.cluster.id", "it-plain",
                "raftwire.raft.election-timeout-ms", "300");
        try (LocalCluster cluster = LocalCluster.start(1, base, null, KvNodes::node);
             KvClient client = KvNodes.client(RaftwireClient.builder(cluster.config(0), KvNodes.registry(),
                     cluster.clientAddresses()).clientId("plain-1").operationTimeout(Duration.ofSeconds(30)))) {
            cluster.awaitLeader(Duration.ofSeconds(30));
            client.session().connect();
            String expected = " from plaintext client plain-1 (unverified) (expected:"
                    + " raftwire.security.plaintext-admin = true on the members to allow it over plaintext, or TLS"
                    + " with an admin certificate raftwire://it-plain/admin/<id>)";
            LeaveResponse leave = client.session().leave("node-1").get(30, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.ERROR, leave.status());
            assertEquals(new RaftError(RaftError.Type.PROTOCOL_ERROR, "forbidden: LeaveRequest for member node-1"
                    + expected, null), leave.error());
            TransferResponse transfer = client.session().transferLeadership("node-1").get(30, TimeUnit.SECONDS);
            assertEquals("forbidden: TransferRequest for member node-1" + expected, transfer.error().message());
            logs.await("refused forbidden: LeaveRequest for member node-1" + expected);
            assertEquals(1, cluster.node(0).raftNode().getCommittedMembers().getMembers().size());
        }
    }
}
