package io.raftwire.node.server;

import io.raftwire.message.RaftResponse.Status;
import io.raftwire.message.log.CloseSessionEntry;
import io.raftwire.message.log.InitializeEntry;
import io.raftwire.message.log.OpenSessionEntry;
import io.raftwire.message.response.OpenSessionResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.message.value.ReadConsistency;
import io.raftwire.node.kv.KvStateMachine;
import io.raftwire.node.kv.KvTypes;
import io.raftwire.node.kv.OperationCodec;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.testkit.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

@Timeout(30)
@ExtendWith(LeakDetectionExtension.class)
class SessionTrackingStateMachineTest {

    private static final TypeRegistry REGISTRY = KvTypes.registerAll(TypeRegistry.builder()).build();

    private final KvStateMachine kv = new KvStateMachine(List.of(new OperationCodec(
            Serializers.create("kryo", REGISTRY, SerializerOptions.defaults()))), () -> 1_000);
    private final SessionConsistency consistency = new SessionConsistency();
    private final SessionTrackingStateMachine sm = new SessionTrackingStateMachine(kv, consistency);

    private long open(long index, long timestamp, long timeout) {
        OpenSessionResponse r = (OpenSessionResponse) sm.runOperation(index, new OpenSessionEntry(1, timestamp,
                new MemberId("client-1"), "kv", "kv", new byte[0], ReadConsistency.SEQUENTIAL, timeout, timeout));
        assertEquals(Status.OK, r.status(), String.valueOf(r.error()));
        return r.session();
    }

    /**
     * The node notes each session's read consistency when it opens; a session that expires, or that the cluster
     * closes, must be forgotten too, or every member keeps an entry for every session ever opened.
     */
    @Test
    void expiredSessionsAreForgottenLikeClosedOnes() {
        long expiring = open(1, 1_000, 100);
        long closing = open(2, 1_000, 60_000);
        long staying = open(3, 1_000, 60_000);
        assertEquals(3, consistency.size());
        assertEquals(ReadConsistency.SEQUENTIAL, consistency.of(expiring));

        sm.runOperation(4, new InitializeEntry(0, 2_000)); // moves the session clock past the first one's deadline
        sm.runOperation(5, new CloseSessionEntry(1, 2_001, closing, false, false));

        assertFalse(kv.isSessionOpen(expiring));
        assertFalse(kv.isSessionOpen(closing));
        assertEquals(1, consistency.size(), "sessions still noted after they expired or closed");
        assertEquals(ReadConsistency.SEQUENTIAL, consistency.of(staying));
        assertEquals(ReadConsistency.LINEARIZABLE, consistency.of(expiring), "an expired session is unknown");
    }
}
