package io.raftwire.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.config.PeerAddress;
import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.VoteRequestModel;
import io.raftwire.transport.Transport;
import io.raftwire.transport.netty.NettyTransportFactory;
import io.raftwire.transport.netty.testkit.Await;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import io.raftwire.transport.netty.testkit.LogCapture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.Timeout;

/**
 * A process that connects to a member's Raft port as one member and sends messages claiming to come from another is
 * refused before the engine sees them, and counted; the group's term is untouched.
 */
class ImpostorSenderIT {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.node.transport.RaftMessageRouter");

    @Test
    @Timeout(60)
    void aMessageClaimingAnotherSenderThanItsConnectionIsRefusedAndCounted() {
        Map<String, String> base = RaftReplicationIT.base("kryo");
        try (LocalCluster cluster = LocalCluster.start(3, base, null, RaftReplicationIT::node)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(20));
            int victim = (leader + 1) % 3;
            int termBefore = cluster.node(victim).raftNode().getTerm().getTerm();
            Map<String, String> rogue = new HashMap<>(base);
            rogue.put("raftwire.node.id", LocalCluster.id((victim + 1) % 3));
            rogue.put("raftwire.node.address", "127.0.0.1:0");
            rogue.put("raftwire.peers", LocalCluster.id(victim) + "=" + cluster.node(victim).peerAddress());
            try (Transport impostor = NettyTransportFactory.create(RaftwireConfig.of(rogue),
                    RaftReplicationIT.REGISTRY)) {
                impostor.start();
                Await.value(impostor.whenReachable(LocalCluster.id(victim)), Duration.ofSeconds(10));
                // claims to be the current leader, asks for a vote in a far-future term
                NodeEndpoint claimed = new NodeEndpoint(LocalCluster.id(leader));
                for (int i = 0; i < 5; i++) {
                    impostor.send(LocalCluster.id(victim), new VoteRequestModel(cluster.node(victim).groupId(),
                            claimed, termBefore + 100, Integer.MAX_VALUE, Long.MAX_VALUE, true));
                }
                Await.until(Duration.ofSeconds(10), () -> cluster.node(victim).raftStats().refusedSender() == 5,
                        () -> "refused " + cluster.node(victim).raftStats());
            }
            logs.await("it claims sender " + LocalCluster.id(leader) + " (expected: "
                    + LocalCluster.id((victim + 1) % 3) + ")");
            int termAfter = cluster.node(victim).raftNode().getTerm().getTerm();
            // a real election during the test (a stall on a loaded machine) may raise the term by a few; the forged
            // request would have raised it to its own term
            assertTrue(termAfter < termBefore + 100, () -> "term " + termBefore + " -> " + termAfter
                    + ": the forged vote request must not reach the engine");
        }
    }
}
