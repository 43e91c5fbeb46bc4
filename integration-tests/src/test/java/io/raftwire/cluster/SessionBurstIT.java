package io.raftwire.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.raftwire.message.RaftResponse;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.RaftError;
import io.raftwire.node.local.LocalCluster;
import io.raftwire.node.server.ClientAdmission;
import io.raftwire.transport.netty.NettyTransport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A client that sends its opens all at once, without waiting for each answer, gets no more open sessions than one
 * that sends them one at a time: the cap counts the opens the receiving member has logged but not yet applied.
 */
class SessionBurstIT {

    private static final long WAIT_S = 60;

    @Test
    @Timeout(180)
    void opensSentAllAtOnceStillStopAtTheCap() throws Exception {
        try (KvCluster kv = KvCluster.start(3, "kryo");
                NettyTransport burst = ForeignSessionIT.rawClient(kv, "burst")) {
            burst.start();
            String leader = LocalCluster.id(kv.awaitLeader());
            int sent = ClientAdmission.MAX_SESSIONS_PER_CLIENT + 476;
            List<CompletableFuture<OpenSessionResponse>> answers = new ArrayList<>();
            for (int k = 0; k < sent; k++) {
                answers.add(burst.request(leader, ForeignSessionIT.openRequest("burst", 600_000),
                        OpenSessionResponse.class).toCompletableFuture());
            }
            int opened = 0;
            int capped = 0;
            for (CompletableFuture<OpenSessionResponse> a : answers) {
                OpenSessionResponse r = a.get(WAIT_S, TimeUnit.SECONDS);
                if (r.status() == RaftResponse.Status.OK) {
                    opened++;
                } else {
                    assertEquals(RaftError.Type.PROTOCOL_ERROR, r.error().type(), String.valueOf(r.error()));
                    assertTrue(r.error().message().startsWith("client burst holds "), r.error().message());
                    capped++;
                }
            }
            assertEquals(ClientAdmission.MAX_SESSIONS_PER_CLIENT, opened, "sessions opened by " + sent
                    + " opens sent at once (" + capped + " refused)");
        }
    }
}
