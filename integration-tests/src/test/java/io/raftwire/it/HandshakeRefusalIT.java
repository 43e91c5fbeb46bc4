package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import io.raftwire.transport.netty.testkit.TestTypes;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Incompatible nodes never exchange a message: the handshake is refused. The refusing node counts it and logs what
 * differed; the connecting node learns only which check failed (in the failed request), never the refusing node's
 * values: an unauthenticated peer must not be able to learn a valid handshake from refusals. The one exception: a
 * member of this cluster whose registry alone differs gets this node's schema, so that both can list the
 * differences.
 */
@ExtendWith(LeakDetectionExtension.class)
class HandshakeRefusalIT {

    /** The refusals this class provokes: logged by the refusing node and by the connecting one. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane", "io.raftwire.transport.netty.ChannelErrorHandler",
            "io.raftwire.transport.netty.ServerHandshakeHandler");

    private static LoopbackCluster pair(Function<String, String> cluster, Function<String, SerializerSet> serializers) {
        return new LoopbackCluster(List.of("a", "b"), id -> ItSupport.settings().clusterId(cluster.apply(id)),
                serializers, t -> t.onRequest(VoteRequest.class, (from, v) -> CompletableFuture.completedFuture(
                        ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE))));
    }

    private static TransportException refusedVote(LoopbackCluster c) {
        // a's first attempt may fail otherwise (b not listening yet): ask until the refusal is what a reports
        TransportException[] last = new TransportException[1];
        Await.until(ItSupport.WAIT, () -> {
            CompletableFuture<VoteResponse> f = c.node("a").request("b",
                    ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST), VoteResponse.class);
            last[0] = (TransportException) Await.failure(f, ItSupport.WAIT);
            return last[0].reason() == Reason.HANDSHAKE_REFUSED;
        }, () -> "a's request failed because b refused the handshake (last: " + last[0] + ")");
        TransportException e = last[0];
        assertFalse(c.node("a").isReachable("b"));
        assertEquals(0, c.node("b").stats().messages().size(), "b decoded no message");
        return e;
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldRefuseAnotherCluster(String serializer) {
        try (LoopbackCluster c = pair(id -> id.equals("a") ? "blue" : "green",
                id -> ItSupport.serializers(serializer))) {
            TransportException e = refusedVote(c);
            assertTrue(e.getMessage().contains("b refused the connection (handshake refused): failed checks:"
                    + " cluster id"), e.getMessage());
            assertFalse(e.getMessage().contains("green"), "b does not tell a its cluster id: " + e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldRefuseAnotherRegistry(String serializer) {
        try (LoopbackCluster c = pair(id -> "it", id -> ItSupport.serializers(
                id.equals("a") ? TestTypes.registryWithExtra() : TestTypes.registry(), serializer))) {
            TransportException e = refusedVote(c);
            // a member of this cluster whose registry alone differs: the two exchange schemas (SchemaHandshakeIT)
            assertTrue(e.getMessage().contains("handshake with b refused by both: registry schemas differ: "),
                    e.getMessage());
            assertTrue(e.getMessage().contains("Extra (type " + TestTypes.EXTRA_ID + ", "
                    + TestTypes.Extra.class.getName() + "): only on this node"), e.getMessage());
            String bPrint = String.format("%016x", TestTypes.registry().fingerprint());
            assertFalse(e.getMessage().contains(bPrint), "b does not tell a its fingerprint: " + e.getMessage());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldRefuseWhenNoSerializerIsShared(String serializer) {
        String other = serializer.equals("kryo") ? "protostuff" : "kryo";
        try (LoopbackCluster c = pair(id -> "it", id -> ItSupport.serializers(TypeRegistry.catalog(),
                id.equals("a") ? serializer : other))) {
            TransportException e = refusedVote(c);
            assertTrue(e.getMessage().contains("b refused the connection (handshake refused): failed checks:"
                    + " serializer"), e.getMessage());
            assertFalse(e.getMessage().contains(other), "b does not tell a what it accepts: " + e.getMessage());
        }
    }
}
