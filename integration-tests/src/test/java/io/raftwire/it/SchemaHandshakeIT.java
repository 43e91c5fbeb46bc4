package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.SchemaDifferences;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two members whose registries differ, over real sockets: each refuses the other (no feature level exists yet), and
 * each one's refusal lists every difference of the two schemas, exchanged in the handshake: the connecting member's
 * in its failed request and its lane's warning, the accepting member's in its warning.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(60)
class SchemaHandshakeIT {

    /** The refusals this class provokes, on both members, in both roles. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane",
            "io.raftwire.transport.netty.ServerHandshakeHandler", "io.raftwire.transport.netty.ChannelErrorHandler");

    private static final int PUT = 1100;
    private static final int TOUCH = 1101;
    private static final String OK = ": " + SchemaDifferences.COMPATIBLE;

    /** A command as a first build of an application has it. */
    record PutV1(long key, String value) {
    }

    /** The same command with a field added. */
    record PutV2(long key, String value, String note) {
    }

    /** A command only the second build has. */
    record Touch(long key) {
    }

    /** The command with the type of its key changed. */
    record PutRetyped(String key, String value) {
    }

    @Test
    void anAddedFieldAndAnAddedTypeAreListedByBothMembersAsCompatibleOnceTheLevelExists() {
        TypeRegistry v1 = TypeRegistry.builder().register(PUT, PutV1.class).build();
        TypeRegistry v2 = TypeRegistry.builder().register(PUT, PutV2.class).register(TOUCH, Touch.class).build();
        try (LoopbackCluster c = pair(v1, v2)) {
            String a = refusedVote(c).getMessage();
            String note = "PutV1 (type 1100, " + PutV1.class.getName() + ") component note (tag 3) STRING: only on b"
                    + OK;
            String touch = "Touch (type 1101, " + Touch.class.getName() + "): only on b" + OK;
            assertTrue(a.startsWith("handshake with b refused by both: registry schemas differ: "), a);
            assertTrue(a.contains(note) && a.contains(touch), a);
            assertTrue(a.contains("3 differences (0 refused by the evolution rules, 3 "), a); // and the class name
            String b = logs.await("claimed member id a: registry fingerprint = "); // b accepting a's connection
            assertTrue(b.contains(" WARN io.raftwire.transport.netty.ServerHandshakeHandler - "), b);
            assertTrue(b.contains("PutV2 (type 1100, " + PutV2.class.getName() + ") component note (tag 3) STRING:"
                    + " only on this node" + OK), b);
            assertTrue(b.contains("Touch (type 1101, " + Touch.class.getName() + "): only on this node" + OK), b);
            logs.await("refused by both: registry schemas differ");
        }
    }

    @Test
    void aChangedTypeIsRefusedByBothMembersNamingBothShapes() {
        TypeRegistry v1 = TypeRegistry.builder().register(PUT, PutV1.class).build();
        TypeRegistry retyped = TypeRegistry.builder().register(PUT, PutRetyped.class).build();
        try (LoopbackCluster c = pair(v1, retyped)) {
            String a = refusedVote(c).getMessage();
            assertTrue(a.contains("2 differences (2 refused by the evolution rules, 0 "), a);
            assertTrue(a.contains("this node reading b's bytes: PutV1 (type 1100) component key (tag 1): written as"
                    + " STRING, read as LONG (non-null): the type changed"), a);
            assertTrue(a.contains("b reading this node's bytes: PutRetyped (type 1100) component key (tag 1): written"
                    + " as LONG (non-null), read as STRING: the type changed"), a);
            String b = logs.await("claimed member id a: registry fingerprint = "); // b accepting a's connection
            assertTrue(b.contains("this node reading a's bytes: PutRetyped (type 1100) component key (tag 1): written"
                    + " as LONG (non-null), read as STRING: the type changed"), b);
            assertTrue(b.contains("a reading this node's bytes: PutV1 (type 1100) component key (tag 1): written as"
                    + " STRING, read as LONG (non-null)"), b);
        }
    }

    private static LoopbackCluster pair(TypeRegistry a, TypeRegistry b) {
        return new LoopbackCluster(List.of("a", "b"), id -> ItSupport.settings().clusterId("it"),
                id -> ItSupport.serializers(id.equals("a") ? a : b, "kryo"),
                t -> t.onRequest(VoteRequest.class, (from, v) -> CompletableFuture.completedFuture(
                        ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE))));
    }

    /** a's vote to b, until it fails because the handshake was refused; b decoded no message. */
    private static TransportException refusedVote(LoopbackCluster c) {
        TransportException[] last = new TransportException[1];
        Await.until(ItSupport.WAIT, () -> {
            CompletableFuture<VoteResponse> f = c.node("a").request("b",
                    ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST), VoteResponse.class);
            last[0] = (TransportException) Await.failure(f, ItSupport.WAIT);
            return last[0].reason() == Reason.HANDSHAKE_REFUSED && last[0].getMessage().contains("schemas differ");
        }, () -> "a's request failed because the schemas differ (last: " + last[0] + ")");
        assertFalse(c.node("a").isReachable("b"));
        assertEquals(0, c.node("b").stats().messages().size(), "b decoded no message");
        return last[0];
    }
}
