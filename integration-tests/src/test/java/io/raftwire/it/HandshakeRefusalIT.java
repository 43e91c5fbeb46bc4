package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.LeakDetectionExtension;
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
 * Incompatible nodes never exchange a message: the handshake is refused with an error naming what differed, on the
 * refusing node (counted, logged, sent as an error frame) and on the connecting node (in the failed request).
 */
@ExtendWith(LeakDetectionExtension.class)
class HandshakeRefusalIT {

    /** The refusals this class provokes: logged by the refusing node and by the connecting one. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", "io.raftwire.transport.netty.Lane", "io.raftwire.transport.netty.ChannelErrorHandler");

    private static LoopbackCluster pair(Function<String, String> cluster, Function<String, SerializerSet> serializers) {
        return new LoopbackCluster(List.of("a", "b"), id -> ItSupport.settings().clusterId(cluster.apply(id)),
                serializers, t -> t.onRequest(VoteRequest.class, (from, v) -> CompletableFuture.completedFuture(
                        ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE))));
    }

    private static TransportException refusedVote(LoopbackCluster c) {
        Await.until(ItSupport.WAIT, () -> c.node("b").stats().connections().handshakeRefusals() > 0,
                () -> "b refused a's handshake");
        CompletableFuture<VoteResponse> f = c.node("a").request("b",
                ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST), VoteResponse.class);
        TransportException e = ItSupport.failure(f, Reason.HANDSHAKE_REFUSED);
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
            assertTrue(e.getMessage().contains("b refused the connection (handshake refused): cluster id = blue "
                    + "(expected: green)"), e.getMessage());
            logs.await("refused the handshake of a: cluster id = blue (expected: green)");
            logs.await("b refused the connection (handshake refused): cluster id = blue (expected: green)");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldRefuseAnotherRegistry(String serializer) {
        try (LoopbackCluster c = pair(id -> "it", id -> ItSupport.serializers(
                id.equals("a") ? TestTypes.registryWithExtra() : TestTypes.registry(), serializer))) {
            TransportException e = refusedVote(c);
            int types = TestTypes.registry().models().size();
            assertTrue(e.getMessage().contains("registry fingerprint = "), e.getMessage());
            assertTrue(e.getMessage().contains("with " + (types + 1) + " types (expected: "), e.getMessage());
            logs.await("refused the handshake of a: registry fingerprint = ");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldRefuseWhenNoSerializerIsShared(String serializer) {
        String other = serializer.equals("kryo") ? "protostuff" : "kryo";
        try (LoopbackCluster c = pair(id -> "it", id -> ItSupport.serializers(TypeRegistry.catalog(),
                id.equals("a") ? serializer : other))) {
            TransportException e = refusedVote(c);
            assertTrue(e.getMessage().contains("no common serializer: a sends with " + serializer), e.getMessage());
            logs.await("refused the handshake of a: no common serializer: a sends with " + serializer);
        }
    }
}
