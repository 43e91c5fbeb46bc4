package io.raftwire.cluster;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.CommandRequest;
import io.raftwire.message.response.CommandResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.DefaultOperationId;
import io.raftwire.message.value.OperationType;
import io.raftwire.message.value.PrimitiveOperation;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.RaftwireNode;
import io.raftwire.node.client.KvClient;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.transport.netty.NettyTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client request is decoded by the state machine only once it is logged, so the KV store's own limits do not stop a
 * command whose operation bytes are far larger. An entry close to max-frame-bytes makes an AppendEntries frame above
 * it, which is never sent: the leader stops replicating, loses its quorum and its leadership, and may win the next
 * election with the same entry. The node refuses such a request before logging it, naming its size and the limit.
 */
class OversizedClientEntryIT {

    private static final long WAIT_S = 30;

    @Test
    @Timeout(120)
    void aCommandTooLargeForAnAppendEntriesFrameIsRefusedBeforeItIsLoggedAndTheLeaderStays() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo"); KvClient writer = kv.client();
                NettyTransport client = ForeignSessionIT.rawClient(kv, "big-client")) {
            client.start();
            int leaderIndex = kv.awaitLeader();
            RaftwireNode leader = kv.cluster.node(leaderIndex);
            String leaderId = LocalCluster.id(leaderIndex);
            long term = leader.raftNode().getTerm().getTerm();
            OpenSessionResponse open = client.request(leaderId, ForeignSessionIT.openRequest("big-client", 30_000),
                    OpenSessionResponse.class).get(WAIT_S, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.OK, open.status(), String.valueOf(open.error()));
            PrimitiveOperation huge = new PrimitiveOperation(new DefaultOperationId("1100@kryo",
                    OperationType.COMMAND), new byte[16 * 1024 * 1024 - 2048]); // just under the client's max-payload-bytes (16 MiB less 1 KiB)

            CommandResponse r = client.request(leaderId, new CommandRequest(open.session(), 1, huge),
                    CommandResponse.class, Duration.ofSeconds(WAIT_S)).get(WAIT_S + 5, TimeUnit.SECONDS);

            assertEquals(RaftResponse.Status.ERROR, r.status(), "answered " + r);
            assertEquals(RaftError.Type.PROTOCOL_ERROR, r.error().type(), r.error().toString());
            assertTrue(r.error().message().contains("CommandRequest") && r.error().message().contains("327680")
                    && r.error().message().contains("raftwire.transport.max-frame-bytes"), r.error().message());
            assertTrue(writer.put("after", "a".getBytes(StandardCharsets.UTF_8)).get(WAIT_S, TimeUnit.SECONDS)
                    .success());
            assertTrue(leader.isLeader(), "the leader lost its leadership");
            assertEquals(term, leader.raftNode().getTerm().getTerm(), "an election took place");
        }
    }
}
