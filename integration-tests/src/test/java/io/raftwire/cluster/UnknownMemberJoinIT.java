package io.raftwire.cluster;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.JoinResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.message.value.RaftMember;
import io.raftwire.node.client.KvClient;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client may ask to add a member over the client port, but only a member the nodes can reach: a voter that is in
 * no member's {@code raftwire.peers} never answers, so it only raises the quorum, and three of them stop a 3-member
 * group for good (6 voters, quorum 4, 3 alive). The join is refused, naming the id and what is expected, and the
 * membership does not change.
 */
class UnknownMemberJoinIT {

    @Test
    @Timeout(120)
    void aJoinOfAMemberNoNodeCanReachIsRefusedAndChangesNothing() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo"); KvClient client = kv.client()) {
            JoinResponse joined = client.session().join("ghost-1", RaftMember.Type.ACTIVE).get(60, TimeUnit.SECONDS);

            assertEquals(RaftResponse.Status.ERROR, joined.status(), "join of ghost-1 answered " + joined);
            assertEquals(RaftError.Type.PROTOCOL_ERROR, joined.error().type(), String.valueOf(joined.error()));
            assertTrue(joined.error().message().contains("ghost-1")
                    && joined.error().message().contains("raftwire.peers"), joined.error().message());
            int leader = kv.awaitLeader();
            assertEquals(3, kv.cluster.node(leader).raftNode().getCommittedMembers().getMembers().size());
            assertTrue(client.put("after", "a".getBytes(StandardCharsets.UTF_8)).get(60, TimeUnit.SECONDS)
                    .success());
        }
    }
}
