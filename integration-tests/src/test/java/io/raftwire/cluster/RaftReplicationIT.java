package io.raftwire.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.raftwire.config.RaftwireConfig;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.model.EngineType;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.testkit.Await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** MicroRaft over raftwire on real loopback sockets: election and replication, entry by entry, every serializer. */
public class RaftReplicationIT {

    public static final TypeRegistry REGISTRY = EngineType.registerAll(TypeRegistry.builder())
            .register(2001, RecordingStateMachine.Append.class)
            .register(2002, RecordingStateMachine.NewTerm.class)
            .register(2003, RecordingStateMachine.Chunk.class)
            .build();

    public static Map<String, String> base(String serializer) {
        return Map.of("raftwire.serializer", serializer, "raftwire.cluster.id", "it-replication",
                "raftwire.raft.election-timeout-ms", "300", "raftwire.raft.heartbeat-timeout-secs", "2",
                "raftwire.transport.reconnect-initial-backoff-ms", "20", "raftwire.tls.enabled", "false");
    }

    public static RaftwireNode node(RaftwireConfig config) {
        return RaftwireNode.builder(config, REGISTRY).stateMachine(new RecordingStateMachine()).build();
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    @Timeout(60)
    void threeMembersElectOneLeaderAndApplyEveryCommandInTheSameOrder(String serializer) {
        replicatesInOrder(3, serializer);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    @Timeout(60)
    void fiveMembersElectOneLeaderAndApplyEveryCommandInTheSameOrder(String serializer) {
        replicatesInOrder(5, serializer);
    }

    private static void replicatesInOrder(int members, String serializer) {
        try (LocalCluster cluster = LocalCluster.start(members, base(serializer), null, RaftReplicationIT::node)) {
            int leader = cluster.awaitLeader(Duration.ofSeconds(20));
            List<CompletableFuture<?>> results = new ArrayList<>();
            List<RecordingStateMachine.Append> sent = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                RecordingStateMachine.Append a = new RecordingStateMachine.Append("c1", i, new byte[] {(byte) i});
                sent.add(a);
                results.add(cluster.node(leader).raftNode().replicate(a));
            }
            CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).join();
            for (int i = 0; i < cluster.size(); i++) {
                RecordingStateMachine sm = (RecordingStateMachine) cluster.node(i).stateMachine();
                Await.until(Duration.ofSeconds(20), () -> sm.applied().size() == sent.size(),
                        () -> "applied " + sm.applied().size());
                List<RecordingStateMachine.Append> applied = sm.applied();
                for (int k = 0; k < sent.size(); k++) {
                    assertEquals(sent.get(k).sequence(), applied.get(k).sequence(), "entry " + k + " on " + i);
                }
            }
            for (RaftwireNode n : cluster.running()) {
                assertEquals(0, n.raftStats().refusedSender(), n.memberId());
                assertEquals(0, n.raftStats().unknownGroup(), n.memberId());
            }
        }
    }
}
