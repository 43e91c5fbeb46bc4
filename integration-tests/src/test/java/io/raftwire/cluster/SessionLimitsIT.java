package io.raftwire.cluster;

import static io.raftwire.cluster.ForeignSessionIT.openRequest;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.CloseSessionRequest;
import io.raftwire.message.response.CloseSessionResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.server.ClientAdmission;
import io.raftwire.transport.netty.NettyTransport;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every member keeps every open session until it is closed or expires, so a client may hold at most
 * {@link ClientAdmission#MAX_SESSIONS_PER_CLIENT} open sessions, each with a timeout of at most one hour: an open
 * beyond either is refused, naming the limit, and a closed session makes room again.
 */
class SessionLimitsIT {

    private static final long WAIT_S = 30;

    @Test
    @Timeout(180)
    void aClientsSessionsAreCappedInNumberAndTimeout() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo");
                NettyTransport greedy = ForeignSessionIT.rawClient(kv, "greedy")) {
            greedy.start();
            String leader = LocalCluster.id(kv.awaitLeader());
            OpenSessionResponse forever = greedy.request(leader, openRequest("greedy", Long.MAX_VALUE),
                    OpenSessionResponse.class).get(WAIT_S, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.ERROR, forever.status());
            assertEquals(RaftError.Type.PROTOCOL_ERROR, forever.error().type());
            assertTrue(forever.error().message().startsWith("session timeout 9223372036854775807 ms (expected: at most"
                    + " 3600000 ms, one hour;"), forever.error().message());

            long first = 0;
            for (int k = 0; k < ClientAdmission.MAX_SESSIONS_PER_CLIENT; k++) { // one at a time: each applied first
                OpenSessionResponse r = greedy.request(leader, openRequest("greedy", 600_000),
                        OpenSessionResponse.class).get(WAIT_S, TimeUnit.SECONDS);
                assertEquals(RaftResponse.Status.OK, r.status(), "open " + k + ": " + r.error());
                first = k == 0 ? r.session() : first;
            }
            OpenSessionResponse over = greedy.request(leader, openRequest("greedy", 600_000), OpenSessionResponse.class)
                    .get(WAIT_S, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.ERROR, over.status());
            assertEquals("client greedy holds 1024 open sessions (expected: at most 1024 per client; close the"
                    + " sessions it no longer uses, or let them expire)", over.error().message());

            CloseSessionResponse closed = greedy.request(leader, new CloseSessionRequest(first, false),
                    CloseSessionResponse.class).get(WAIT_S, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.OK, closed.status(), String.valueOf(closed.error()));
            OpenSessionResponse again = greedy.request(leader, openRequest("greedy", 600_000),
                    OpenSessionResponse.class).get(WAIT_S, TimeUnit.SECONDS);
            assertEquals(RaftResponse.Status.OK, again.status(), "a closed session makes room: " + again.error());
        }
    }
}
