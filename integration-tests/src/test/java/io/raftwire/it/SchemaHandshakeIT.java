package io.raftwire.it;

import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.netty.NettyTransport;
import io.raftwire.transport.netty.TlsSettings;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two members whose registries differ, over real sockets. Their schemas are exchanged in the handshake and each side's
 * {@link SchemaGate} decides: with the default gate each refuses the other, and each one's refusal lists every
 * difference of the two schemas and the gate's reason (the connecting member's in its failed request and its lane's
 * warning, the accepting member's in its warning); when both gates accept, the members connect (with TLS) and exchange
 * requests in both directions, each announcing the other's schema digest; when one gate refuses, both refuse with its
 * reason and every difference.
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
            assertTrue(a.endsWith(" refused by this node's schema gate: the two members' registered types differ"), a);
            assertTrue(b.endsWith(" a refused the connection (handshake refused: failed checks: registry fingerprint;"
                    + " schema gate: the two members' registered types differ)"), b);
        }
    }

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void membersWhoseGatesBothAcceptConnectOverTlsAndExchangeRequestsBothWays(String serializer) {
        TypeRegistry v1 = TypeRegistry.builder().register(PUT, PutV1.class).build();
        TypeRegistry v2 = TypeRegistry.builder().register(PUT, PutV2.class).register(TOUCH, Touch.class).build();
        List<String> asked = new CopyOnWriteArrayList<>();
        TestPki pki = new TestPki(dir, "raftwire-test-ca");
        try (LoopbackCluster c = pair(v1, v2, serializer, id -> ItSupport.settings().clusterId("it")
                .tls(tls(pki, id)), t -> t.schemaGate(recording(t.memberId(), asked, null)))) {
            c.awaitConnected(ItSupport.WAIT);
            for (String[] pair : new String[][] {{"a", "b"}, {"b", "a"}}) {
                VoteResponse r = Await.value(c.node(pair[0]).request(pair[1],
                        ItSupport.FIXTURES.realistic(MessageType.VOTE_REQUEST), VoteResponse.class), ItSupport.WAIT);
                assertEquals(ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE), r, pair[0] + " -> " + pair[1]);
            }
            assertEquals(OptionalLong.of(v2.schema().digest()), c.node("a").peerSchemaDigest("b"));
            assertEquals(OptionalLong.of(v1.schema().digest()), c.node("b").peerSchemaDigest("a"));
            String aAsked = "a: own " + hex(v1.schema()) + ", peer " + hex(v2.schema());
            String bAsked = "b: own " + hex(v2.schema()) + ", peer " + hex(v1.schema());
            assertTrue(asked.contains(aAsked) && asked.contains(bAsked), asked.toString());
            assertTrue(asked.stream().allMatch(x -> x.equals(aAsked) || x.equals(bAsked)), asked.toString());
            IllegalStateException started = assertThrows(IllegalStateException.class,
                    () -> c.node("a").schemaGate(SchemaGate.REFUSE_ALL));
            assertEquals("transport a is started (expected: the schema gate is set before start())",
                    started.getMessage());
        }
        assertTrue(logs.lines().isEmpty(), logs.lines().toString());
    }

    @Test
    void oneRefusingGateRefusesOnBothSidesWithItsReasonAndEveryDifference() {
        TypeRegistry v1 = TypeRegistry.builder().register(PUT, PutV1.class).build();
        TypeRegistry v2 = TypeRegistry.builder().register(PUT, PutV2.class).register(TOUCH, Touch.class).build();
        List<String> asked = new CopyOnWriteArrayList<>();
        String reason = "b keeps feature level 1 until every member runs v2";
        try (LoopbackCluster c = pair(v1, v2, "kryo", id -> ItSupport.settings().clusterId("it"),
                t -> t.schemaGate(recording(t.memberId(), asked, t.memberId().equals("b") ? reason : null)))) {
            String note = "PutV1 (type 1100, " + PutV1.class.getName() + ") component note (tag 3) STRING: only on b"
                    + OK + ";";
            // a connects, b accepts: a's gate accepts, b's refuses; a fails with b's reason and every difference
            String a = refusedVote(c).getMessage();
            assertTrue(a.startsWith("handshake with b refused by b: registry schemas differ: "), a);
            assertTrue(a.contains(note) && a.contains("3 differences (0 refused by the evolution rules, 3 "), a);
            assertTrue(a.endsWith(" b refused the connection (handshake refused): failed checks: registry fingerprint;"
                    + " schema gate: " + reason), a);
            String bLog = logs.await("claimed member id a: registry fingerprint = "); // b accepting a's connection
            assertTrue(bLog.endsWith(" refused by this node's schema gate: " + reason) && bLog.contains("Touch (type"
                    + " 1101, " + Touch.class.getName() + "): only on this node" + OK), bLog);
            // b connects, a accepts: b's own gate refuses; a logs b's reason and every difference
            String aLog = logs.await("claimed member id b: registry fingerprint = ");
            assertTrue(aLog.contains("Touch (type 1101, " + Touch.class.getName() + "): only on b" + OK)
                    && aLog.endsWith(" b refused the connection (handshake refused: failed checks: registry"
                    + " fingerprint; schema gate: " + reason + ")"), aLog);
            String bLane = logs.await("handshake with a refused by both: registry schemas differ");
            assertTrue(bLane.contains(" refused by this node's schema gate: " + reason), bLane);
            assertEquals(OptionalLong.empty(), c.node("a").peerSchemaDigest("b"));
            assertEquals(OptionalLong.empty(), c.node("b").peerSchemaDigest("a"));
            assertTrue(asked.contains("a: own " + hex(v1.schema()) + ", peer " + hex(v2.schema())), asked.toString());
        }
    }

    /** A gate that records each call as {@code member: own <digest>, peer <digest>} and answers {@code refusal}. */
    private static SchemaGate recording(String member, List<String> asked, String refusal) {
        return (own, peer) -> {
            asked.add(member + ": own " + hex(own) + ", peer " + hex(peer));
            return refusal;
        };
    }

    private static String hex(Schema s) {
        return Long.toHexString(s.digest());
    }

    private static TlsSettings tls(TestPki pki, String member) {
        TestPki.MemberFiles files = pki.member("it", member);
        return TlsSettings.of(files.certificate(), files.privateKey(), files.trust());
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
        return pair(a, b, "kryo", id -> ItSupport.settings().clusterId("it"), t -> { });
    }

    /** Members a and b sending with {@code serializer} and answering votes; {@code setUp} runs on each before start. */
    private static LoopbackCluster pair(TypeRegistry a, TypeRegistry b, String serializer,
            Function<String, io.raftwire.transport.netty.TransportSettings.Builder> settings,
            Consumer<NettyTransport> setUp) {
        return new LoopbackCluster(List.of("a", "b"), settings,
                id -> ItSupport.serializers(id.equals("a") ? a : b, serializer),
                t -> {
                    setUp.accept(t);
                    t.onRequest(VoteRequest.class, (from, v) -> CompletableFuture.completedFuture(
                            ItSupport.FIXTURES.realistic(MessageType.VOTE_RESPONSE)));
                });
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
