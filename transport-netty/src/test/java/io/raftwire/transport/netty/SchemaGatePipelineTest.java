package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.SchemaGate;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.LocalSchema;
import io.raftwire.transport.netty.codec.SchemaDifferences;
import io.raftwire.transport.netty.codec.SchemaFrame;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.TestTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The schema gate in both handshake handlers, on {@link EmbeddedChannel}s: this node ({@code local}) has
 * {@link TestTypes#registry()}, the peer ({@code remote}) one type more ({@link TestTypes#registryWithExtra()}), both
 * with the marker, so their schemas are exchanged and each side's gate decides.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class SchemaGatePipelineTest {

    private static final String EXTRA = "Extra (type " + TestTypes.EXTRA_ID + ", " + TestTypes.Extra.class.getName()
            + "): only on remote: " + SchemaDifferences.COMPATIBLE + ";";

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", ServerHandshakeHandler.class.getName());

    private final EmbeddedHarness harness = new EmbeddedHarness(EmbeddedHarness.quietSettings(),
            SerializerSet.of(FakeSerializer.standard()));
    private final SerializerSet remote = SerializerSet.of(new FakeSerializer(1, "fake",
            TestTypes.registryWithExtra()));
    /** Every call of the gate under test: the two schemas it was asked about. */
    private final List<List<Schema>> asked = new ArrayList<>();

    @AfterEach
    void tearDown() {
        harness.close();
    }

    /** A gate that records its calls and answers {@code refusal}. */
    private SchemaGate gate(String refusal) {
        return (own, peer) -> {
            asked.add(List.of(own, peer));
            return refusal;
        };
    }

    // ---- the accepting side ----

    /** An accepted channel that got the peer's HELLO and answered with its schema. */
    private EmbeddedChannel exchanging() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, Handshake.of(EmbeddedHarness.CLUSTER,
                EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL, Handshake.Lane.URGENT, 64 * 1024, 0, remote)));
        Frame ours = harness.nextOutbound(ch);
        assertTrue(SchemaFrame.is(ours), "answered with its schema: " + ours);
        ours.release();
        return ch;
    }

    @Test
    void acceptingSideWelcomesAPeerBothGatesAcceptAndServesItsRequests() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel ch = exchanging();
        ch.writeInbound(harness.writer.schema(remote.schema()));
        Frame welcome = harness.nextOutbound(ch);
        assertEquals(FrameKind.WELCOME, welcome.kind());
        assertEquals(EmbeddedHarness.LOCAL, Handshake.readFrom(welcome.payload()).nodeId());
        welcome.release();
        assertEquals(List.of(List.of(harness.serializers.schema().schema(), remote.schema().schema())), asked,
                "asked once, with (own, peer)");
        assertTrue(ChannelAttributes.authenticated(ch));
        assertEquals(EmbeddedHarness.REMOTE, ch.attr(ChannelAttributes.PEER_ID).get());
        assertEquals(remote.schema().digest(), ch.attr(ChannelAttributes.PEER_SCHEMA_DIGEST).get());

        harness.context.handlers().onRequest(Echo.class,
                (from, e) -> CompletableFuture.completedFuture(new Echo(e.n() + 1, from)));
        ch.writeInbound(harness.writer.message(FrameKind.REQUEST, remote.sender(), TestTypes.ECHO_ID, 5,
                new Echo(1, "x")));
        Frame response = harness.nextOutbound(ch);
        assertEquals(FrameKind.RESPONSE, response.kind());
        assertEquals(5, response.correlationId());
        assertEquals(new Echo(2, EmbeddedHarness.REMOTE), harness.decode(response));
        assertTrue(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
        assertTrue(logs.lines().isEmpty(), logs.lines().toString());
    }

    @Test
    void acceptingSideWhoseGateRefusesTellsThePeerItsReasonAndLogsEveryDifference() {
        harness.schemaGate.set(gate("the cluster is at feature level 3"));
        EmbeddedChannel ch = exchanging();
        ch.writeInbound(harness.writer.schema(remote.schema()));
        ByteBuf error = ch.readOutbound();
        String told = "failed checks: registry fingerprint; schema gate: the cluster is at feature level 3";
        assertEquals(errorFrameHex(told), ByteBufUtil.hexDump(error), "an error frame, code 5, the reason");
        error.release();
        assertFalse(ch.isOpen());
        String line = logs.await("refused the handshake of");
        assertTrue(line.contains("claimed member id remote: registry fingerprint = ") && line.contains(EXTRA)
                && line.endsWith(EXTRA + " refused by this node's schema gate: the cluster is at feature level 3"),
                line);
        assertEquals(1, harness.context.metrics().handshakeRefusals.sum());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void acceptingSideLogsThePeersRefusalWithEveryDifferenceAndDoesNotAskItsGate() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel ch = exchanging();
        ch.writeInbound(harness.writer.error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED,
                "failed checks: registry fingerprint; schema gate: too new")));
        assertTrue(ch.isOpen(), "awaits the peer's schema after its refusal");
        ch.writeInbound(harness.writer.schema(remote.schema()));
        assertFalse(ch.isOpen());
        assertNull(ch.readOutbound(), "the peer refused and closes: nothing to tell it");
        String line = logs.await("refused the handshake of");
        assertTrue(line.contains(EXTRA) && line.endsWith(EXTRA + " remote refused the connection (handshake refused:"
                + " failed checks: registry fingerprint; schema gate: too new)"), line);
        assertEquals(List.of(), asked, "the peer refused: this node's gate is not asked");
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void acceptingSideLogsAPeerThatRefusedAndClosedWithoutItsSchema() {
        EmbeddedChannel ch = exchanging();
        ch.writeInbound(harness.writer.error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED,
                "failed checks: registry fingerprint")));
        ch.close();
        String line = logs.await("refused the handshake of");
        assertTrue(line.endsWith("; remote refused the connection (handshake refused: failed checks: registry"
                + " fingerprint) and sent no schema"), line);
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void acceptingSideRefusesWhenItsGateThrowsNamingTheException() {
        harness.schemaGate.set((own, peer) -> {
            throw new IllegalStateException("no level state yet");
        });
        EmbeddedChannel ch = exchanging();
        ch.writeInbound(harness.writer.schema(remote.schema()));
        ErrorPayload told = EmbeddedHarness.errorOf(harness.nextOutbound(ch));
        assertEquals("failed checks: registry fingerprint; schema gate: the schema gate failed:"
                + " java.lang.IllegalStateException: no level state yet", told.message());
        assertTrue(logs.await("refused the handshake of").endsWith(" refused by this node's schema gate: the schema"
                + " gate failed: java.lang.IllegalStateException: no level state yet"));
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void acceptingSideRefusesFramesOutOfPlaceDuringTheExchange() {
        EmbeddedChannel request = exchanging();
        request.writeInbound(harness.writer.message(FrameKind.REQUEST, remote.sender(), TestTypes.ECHO_ID, 1,
                new Echo(1, "early")));
        ErrorPayload early = EmbeddedHarness.errorOf(harness.nextOutbound(request));
        assertEquals(ErrorCode.PROTOCOL_ERROR, early.code());
        assertEquals("frame kind = REQUEST during the schema exchange (expected: the peer's schema frame, or an error"
                + " frame and then its schema frame)", early.message());
        assertFalse(request.finishAndReleaseAll());

        EmbeddedChannel twice = exchanging();
        ErrorPayload refusal = new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED, "failed checks: registry fingerprint");
        twice.writeInbound(harness.writer.error(0, 0, refusal));
        twice.writeInbound(harness.writer.error(0, 0, refusal));
        assertEquals("frame kind = ERROR during the schema exchange (expected: the peer's schema frame after its error"
                + " frame)", EmbeddedHarness.errorOf(harness.nextOutbound(twice)).message());
        assertFalse(twice.finishAndReleaseAll());
        assertEquals(List.of(), asked);
    }

    @Test
    void acceptingSideRefusesASchemaWhoseDigestIsNotTheOneTheHelloAnnounced() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel ch = exchanging();
        ch.writeInbound(harness.writer.schema(harness.serializers.schema()));
        ErrorPayload told = EmbeddedHarness.errorOf(harness.nextOutbound(ch));
        assertEquals(ErrorCode.PROTOCOL_ERROR, told.code());
        assertEquals("schema frame of digest " + hex(harness.serializers.schema().digest()) + " (expected: "
                + hex(remote.schema().digest()) + ", the digest its HELLO's marker announced)", told.message());
        assertEquals(List.of(), asked, "the gate judges only the schema the marker announced");
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void acceptingSideRefusesAPeerBothGatesAcceptWhenItSendsWithASerializerOfAnotherName() {
        harness.schemaGate.set(gate(null));
        SerializerSet other = SerializerSet.of(new FakeSerializer(1, "other", TestTypes.registryWithExtra()));
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, Handshake.of(EmbeddedHarness.CLUSTER,
                EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL, Handshake.Lane.URGENT, 64 * 1024, 0, other)));
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.schema(other.schema()));
        assertEquals("failed checks: serializer", EmbeddedHarness.errorOf(harness.nextOutbound(ch)).message());
        assertTrue(logs.await("refused the handshake of").endsWith(" both schema gates accepted, but: no common"
                + " serializer: remote sends with other (1) (expected: one that this node accepts: [fake (1)])"));
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void acceptingSideRefusesAPeerBothGatesAcceptWhoseProviderWritesAnotherFormatVersion() {
        Serializer kryo = Serializers.create("kryo", TestTypes.registry(), SerializerOptions.defaults());
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(kryo));
        try {
            h.schemaGate.set(gate(null));
            SerializerSet theirs = SerializerSet.of(Serializers.create("kryo", TestTypes.registryWithExtra(),
                    SerializerOptions.defaults()));
            Handshake real = Handshake.of(EmbeddedHarness.CLUSTER, EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL,
                    Handshake.Lane.URGENT, 64 * 1024, 0, theirs);
            long otherVersion = Schema.sha256Prefix(("kryo/" + kryo.id() + "/999/"
                    + TestTypes.registryWithExtra().fingerprint()).getBytes(StandardCharsets.UTF_8));
            Handshake.SerializerInfo declared = new Handshake.SerializerInfo(kryo.id(), "kryo", otherVersion);
            Handshake hello = new Handshake(real.clusterId(), real.nodeId(), real.targetId(), real.lane(),
                    real.maxFrameBytes(), real.idleTimeoutMs(), real.registryFingerprint(), real.typeCount(),
                    real.sendSerializerId(), List.of(declared, real.accepted().get(1)));
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.writer.handshake(FrameKind.HELLO, hello));
            assertTrue(SchemaFrame.is(release(h.nextOutbound(ch))));
            ch.writeInbound(h.writer.schema(theirs.schema()));
            assertEquals("failed checks: serializer", EmbeddedHarness.errorOf(h.nextOutbound(ch)).message());
            String line = logs.await("refused the handshake of");
            assertTrue(line.endsWith(" both schema gates accepted, but: serializer kryo (" + kryo.id()
                    + ") fingerprint = " + hex(otherVersion) + " on remote (expected: "
                    + hex(theirs.sender().fingerprint()) + ", this node's over remote's registry; the same provider"
                    + " format version on every node)"), line);
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void acceptingSideWelcomesAPeerOfTheSameProviderFormatVersion() {
        Serializer kryo = Serializers.create("kryo", TestTypes.registry(), SerializerOptions.defaults());
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(kryo));
        try {
            h.schemaGate.set(gate(null));
            SerializerSet theirs = SerializerSet.of(Serializers.create("kryo", TestTypes.registryWithExtra(),
                    SerializerOptions.defaults()));
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.writer.handshake(FrameKind.HELLO, Handshake.of(EmbeddedHarness.CLUSTER,
                    EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL, Handshake.Lane.URGENT, 64 * 1024, 0, theirs)));
            assertTrue(SchemaFrame.is(release(h.nextOutbound(ch))));
            ch.writeInbound(h.writer.schema(theirs.schema()));
            assertEquals(FrameKind.WELCOME, release(h.nextOutbound(ch)).kind());
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void equalSchemasAndPeersWithoutMarkerNeverReachTheGate() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel equal = harness.accepted();
        equal.writeInbound(harness.hello(EmbeddedHarness.REMOTE));
        assertEquals(FrameKind.WELCOME, release(harness.nextOutbound(equal)).kind());
        assertEquals(harness.serializers.schema().digest(), equal.attr(ChannelAttributes.PEER_SCHEMA_DIGEST).get());
        assertFalse(equal.finishAndReleaseAll());

        Handshake h = Handshake.of(EmbeddedHarness.CLUSTER, EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL,
                Handshake.Lane.URGENT, 64 * 1024, 0, remote);
        EmbeddedChannel old = harness.accepted();
        old.writeInbound(harness.writer.handshake(FrameKind.HELLO, new Handshake(h.clusterId(), h.nodeId(),
                h.targetId(), h.lane(), h.maxFrameBytes(), h.idleTimeoutMs(), h.registryFingerprint(), h.typeCount(),
                h.sendSerializerId(), h.serializers())));
        assertEquals("failed checks: registry fingerprint", EmbeddedHarness.errorOf(harness.nextOutbound(old))
                .message(), "a release before schemas is refused at once, as before");
        assertNull(old.attr(ChannelAttributes.PEER_SCHEMA_DIGEST).get());
        assertTrue(old.attr(ChannelAttributes.CLOSE_REASON).get().endsWith("; remote announces no schema (a release"
                + " before schemas): upgrade to this release with unchanged types first, then change types"
                + " (docs/upgrades.md §2.7)"), old.attr(ChannelAttributes.CLOSE_REASON).get());
        assertFalse(old.finishAndReleaseAll());
        assertEquals(List.of(), asked);
    }

    // ---- the connecting side ----

    private final CompletableFuture<Handshake> handshake = new CompletableFuture<>();

    /** An outbound channel to {@code remote} that sent HELLO and received the peer's schema. */
    private EmbeddedChannel receivedSchema() {
        EmbeddedChannel ch = harness.outbound(new Connection(harness.link(), Handshake.Lane.URGENT), handshake);
        assertEquals(FrameKind.HELLO, release(harness.nextOutbound(ch)).kind());
        ch.writeInbound(harness.writer.schema(remote.schema()));
        return ch;
    }

    private ByteBuf remoteWelcome() {
        return harness.writer.handshake(FrameKind.WELCOME, Handshake.of(EmbeddedHarness.CLUSTER,
                EmbeddedHarness.REMOTE, "", Handshake.Lane.URGENT, 64 * 1024, 0, remote));
    }

    @Test
    void connectingSideWhoseGateAcceptsSendsItsSchemaAndConnectsOnWelcome() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel ch = receivedSchema();
        Frame ours = harness.nextOutbound(ch);
        assertTrue(SchemaFrame.is(ours), "answered with its schema alone: " + ours);
        assertEquals(harness.serializers.schema().schema(), SchemaFrame.read(ours.payload()));
        ours.release();
        assertNull(ch.readOutbound());
        assertTrue(ch.isOpen(), "awaits the peer's decision");
        assertFalse(handshake.isDone());
        assertEquals(List.of(List.of(harness.serializers.schema().schema(), remote.schema().schema())), asked);

        ch.writeInbound(remoteWelcome());
        assertEquals(EmbeddedHarness.REMOTE, handshake.join().nodeId());
        assertTrue(ChannelAttributes.authenticated(ch));
        assertEquals(remote.schema().digest(), ch.attr(ChannelAttributes.PEER_SCHEMA_DIGEST).get());
        assertNull(ch.pipeline().get(ClientHandshakeHandler.class));
        assertTrue(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void connectingSideRefusesAWelcomeWhoseDigestIsNotTheOneOfTheSchemaItSent() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel ch = receivedSchema();
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.welcome(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER, 64 * 1024, 0));
        TransportException e = failure(handshake);
        assertEquals(Reason.HANDSHAKE_REFUSED, e.reason());
        assertTrue(e.getMessage().startsWith("handshake with remote refused by this node: schema digest in the WELCOME"
                + " = " + hex(harness.serializers.schema().digest()) + " (expected: " + hex(remote.schema().digest())
                + ", the digest of the schema remote sent); registry schemas differ: "), e.getMessage());
        assertEquals("failed checks: registry fingerprint", EmbeddedHarness.errorOf(harness.nextOutbound(ch))
                .message());
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void connectingSideRefusesAWelcomeWhoseProviderWritesAnotherFormatVersion() {
        Serializer kryo = Serializers.create("kryo", TestTypes.registry(), SerializerOptions.defaults());
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(kryo));
        try {
            h.schemaGate.set(gate(null));
            SerializerSet theirs = SerializerSet.of(Serializers.create("kryo", TestTypes.registryWithExtra(),
                    SerializerOptions.defaults()));
            EmbeddedChannel ch = h.outbound(new Connection(h.link(), Handshake.Lane.URGENT), handshake);
            release(h.nextOutbound(ch));
            ch.writeInbound(h.writer.schema(theirs.schema()));
            assertTrue(SchemaFrame.is(release(h.nextOutbound(ch))), "accepted: answered with its schema");
            Handshake real = Handshake.of(EmbeddedHarness.CLUSTER, EmbeddedHarness.REMOTE, "", Handshake.Lane.URGENT,
                    64 * 1024, 0, theirs);
            Handshake welcome = new Handshake(real.clusterId(), real.nodeId(), real.targetId(), real.lane(),
                    real.maxFrameBytes(), real.idleTimeoutMs(), real.registryFingerprint(), real.typeCount(),
                    real.sendSerializerId(), List.of(new Handshake.SerializerInfo(kryo.id(), "kryo", 7),
                    real.accepted().get(1)));
            ch.writeInbound(h.writer.handshake(FrameKind.WELCOME, welcome));
            TransportException e = failure(handshake);
            assertTrue(e.getMessage().startsWith("handshake with remote refused by this node: serializer kryo ("
                    + kryo.id() + ") fingerprint = 0000000000000007 on remote (expected: "
                    + hex(theirs.sender().fingerprint()) + ", this node's over remote's registry; the same provider"
                    + " format version on every node); registry schemas differ: "), e.getMessage());
            assertEquals("failed checks: serializer", EmbeddedHarness.errorOf(h.nextOutbound(ch)).message());
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void connectingSideFailsWithThePeersReasonAndEveryDifferenceWhenThePeerRefuses() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel ch = receivedSchema();
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED,
                "failed checks: registry fingerprint; schema gate: too old")));
        TransportException e = failure(handshake);
        assertEquals(Reason.HANDSHAKE_REFUSED, e.reason());
        assertTrue(e.getMessage().startsWith("handshake with remote refused by remote: registry schemas differ: "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(EXTRA + " remote refused the connection (handshake refused): failed"
                + " checks: registry fingerprint; schema gate: too old"), e.getMessage());
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void connectingSideWhoseGateRefusesSendsItsReasonThenItsSchemaAndCloses() {
        harness.schemaGate.set(gate("below the cluster's level"));
        EmbeddedChannel ch = receivedSchema();
        TransportException e = failure(handshake);
        assertEquals(Reason.HANDSHAKE_REFUSED, e.reason());
        assertTrue(e.getMessage().startsWith("handshake with remote refused by both: registry schemas differ: "),
                e.getMessage());
        assertTrue(e.getMessage().endsWith(EXTRA + " refused by this node's schema gate: below the cluster's level"),
                e.getMessage());
        ByteBuf error = ch.readOutbound();
        assertEquals(errorFrameHex("failed checks: registry fingerprint; schema gate: below the cluster's level"),
                ByteBufUtil.hexDump(error));
        error.release();
        Frame ours = harness.nextOutbound(ch);
        assertTrue(SchemaFrame.is(ours), "then its schema: " + ours);
        ours.release();
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    /**
     * A hostile peer whose schema this node's gate refused sends, in the same read, a WELCOME that passes every check
     * (it claims this node's registry) and a one-way message: the refused connection must not come up, deliver the
     * message, nor record a schema digest.
     */
    @Test
    void connectingSideWhoseGateRefusedTakesNoWelcomeNorMessageFromTheSameRead() {
        harness.schemaGate.set(gate("below the cluster's level"));
        List<Echo> delivered = new ArrayList<>();
        harness.context.handlers().onMessage(Echo.class, (from, e) -> delivered.add(e));
        EmbeddedChannel ch = harness.outbound(new Connection(harness.link(), Handshake.Lane.URGENT), handshake);
        harness.nextOutbound(ch).release();
        ByteBuf read = Unpooled.wrappedBuffer(harness.writer.schema(remote.schema()),
                harness.welcome(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER, 64 * 1024, 0),
                harness.writer.message(FrameKind.ONE_WAY, harness.serializers.sender(), TestTypes.ECHO_ID, 0,
                        new Echo(1, "pushed")));
        ch.writeInbound(read);
        assertTrue(failure(handshake).getMessage().endsWith(" refused by this node's schema gate: below the"
                + " cluster's level"));
        assertEquals(List.of(), delivered, "nothing delivered from a refused peer");
        assertFalse(ChannelAttributes.authenticated(ch));
        assertNull(ch.attr(ChannelAttributes.PEER_SCHEMA_DIGEST).get());
        assertFalse(ch.isOpen());
        ch.finishAndReleaseAll();
    }

    @Test
    void connectingSideRefusesWhenItsGateThrowsNamingTheException() {
        harness.schemaGate.set((own, peer) -> {
            throw new UnsupportedOperationException("gate not wired");
        });
        EmbeddedChannel ch = receivedSchema();
        assertTrue(failure(handshake).getMessage().endsWith(" refused by this node's schema gate: the schema gate"
                + " failed: java.lang.UnsupportedOperationException: gate not wired"));
        assertEquals("failed checks: registry fingerprint; schema gate: the schema gate failed:"
                + " java.lang.UnsupportedOperationException: gate not wired",
                EmbeddedHarness.errorOf(harness.nextOutbound(ch)).message());
        harness.nextOutbound(ch).release();
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void connectingSideRefusesASecondSchemaFrame() {
        harness.schemaGate.set(gate(null));
        EmbeddedChannel ch = receivedSchema();
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.schema(remote.schema()));
        TransportException e = failure(handshake);
        assertEquals(Reason.PROTOCOL_ERROR, e.reason());
        assertEquals("handshake with remote failed: a second schema frame (expected: WELCOME or ERROR after the schema"
                + " exchange)", e.getMessage());
        ErrorPayload told = EmbeddedHarness.errorOf(harness.nextOutbound(ch));
        assertEquals(ErrorCode.PROTOCOL_ERROR, told.code());
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
        assertEquals(1, asked.size());
    }

    @Test
    void connectingSideWithEqualSchemasNeverAsksTheGate() {
        harness.schemaGate.set(gate("never asked"));
        EmbeddedChannel ch = harness.outbound(new Connection(harness.link(), Handshake.Lane.URGENT), handshake);
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.welcome(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER, 64 * 1024, 0));
        assertEquals(EmbeddedHarness.REMOTE, handshake.join().nodeId());
        assertEquals(harness.serializers.schema().digest(), ch.attr(ChannelAttributes.PEER_SCHEMA_DIGEST).get());
        assertEquals(List.of(), asked);
        assertFalse(ch.finishAndReleaseAll());
    }

    /**
     * The documented bytes of a connection-level error frame with code HANDSHAKE_REFUSED (5): length, magic 0x5277,
     * version 2, serializer 0, flags 4 (ERROR), type 0, correlation 0, then code, UTF-8 length and the message.
     */
    private static String errorFrameHex(String message) {
        byte[] text = message.getBytes(StandardCharsets.UTF_8);
        return String.format("%08x", 15 + 3 + text.length) + "5277" + "02" + "00" + "04" + "0000" + "0000000000000000"
                + "05" + String.format("%04x", text.length) + ByteBufUtil.hexDump(text);
    }

    private static String hex(long v) {
        return String.format("%016x", v);
    }

    private static Frame release(Frame f) {
        f.release();
        return f;
    }

    private static TransportException failure(CompletableFuture<?> f) {
        CompletionException e = assertThrows(CompletionException.class, f::join);
        return assertInstanceOf(TransportException.class, e.getCause());
    }
}
