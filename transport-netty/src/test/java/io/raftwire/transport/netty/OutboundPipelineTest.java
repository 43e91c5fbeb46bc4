package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.transport.TransportException;
import io.raftwire.transport.TransportException.Reason;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.LocalSchema;
import io.raftwire.transport.netty.codec.SchemaDifferences;
import io.raftwire.transport.netty.codec.SchemaFrame;
import io.raftwire.transport.netty.codec.SchemaMarker;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Blob;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.transport.netty.testkit.TestTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pipeline of an outbound connection: handshake from the connecting side, then response correlation. */
@ExtendWith(LeakDetectionExtension.class)
class OutboundPipelineTest {

    private final FakeSerializer fake = FakeSerializer.standard();
    private final EmbeddedHarness harness = new EmbeddedHarness(EmbeddedHarness.quietSettings(),
            SerializerSet.of(fake));
    private final PeerLink link = harness.link();
    private final Connection connection = new Connection(link, Handshake.Lane.URGENT);
    private final CompletableFuture<Handshake> handshake = new CompletableFuture<>();

    @AfterEach
    void tearDown() {
        harness.close();
    }

    private EmbeddedChannel connected() {
        EmbeddedChannel ch = harness.outbound(connection, handshake);
        Frame hello = harness.nextOutbound(ch);
        assertEquals(FrameKind.HELLO, hello.kind());
        Handshake h = Handshake.readFrom(hello.payload());
        hello.release();
        assertEquals(EmbeddedHarness.REMOTE, h.targetId());
        assertEquals(EmbeddedHarness.LOCAL, h.nodeId());
        return ch;
    }

    private ByteBuf welcomeFrom(String nodeId, String cluster) {
        return harness.welcome(nodeId, cluster, harness.settings.maxFrameBytes(), harness.settings.idleTimeoutMs());
    }

    private PendingRequest<Echo> pending(long correlationId, CompletableFuture<Echo> future) {
        assertTrue(link.tryAcquirePending());
        return new PendingRequest<>(correlationId, "Echo", Echo.class, future, link, 60_000);
    }

    @Test
    void shouldCompleteHandshakeAndCorrelateResponses() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        assertEquals(EmbeddedHarness.REMOTE, handshake.join().nodeId());
        CompletableFuture<Echo> first = new CompletableFuture<>();
        CompletableFuture<Echo> second = new CompletableFuture<>();
        connection.write(harness.request(FrameKind.REQUEST, 11, new Echo(1, "a")), pending(11, first), null);
        connection.write(harness.request(FrameKind.REQUEST, 12, new Echo(2, "b")), pending(12, second), null);
        assertEquals(2, link.pendingCount());
        harness.nextOutbound(ch).release();
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.request(FrameKind.RESPONSE, 12, new Echo(20, "B")));
        ch.writeInbound(harness.request(FrameKind.RESPONSE, 11, new Echo(10, "A")));
        assertEquals(new Echo(10, "A"), first.join());
        assertEquals(new Echo(20, "B"), second.join());
        assertEquals(0, link.pendingCount());
        ch.writeInbound(harness.request(FrameKind.RESPONSE, 11, new Echo(10, "again")));
        assertEquals(1, harness.context.metrics().lateResponses.sum());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldFailRequestWithThePeersErrorAndStayOpen() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        CompletableFuture<Echo> f = new CompletableFuture<>();
        connection.write(harness.request(FrameKind.REQUEST, 5, new Echo(1, "a")), pending(5, f), null);
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.error(5, 1024, new ErrorPayload(ErrorCode.NO_HANDLER, "nobody home")));
        TransportException e = failure(f);
        assertEquals(Reason.NO_HANDLER, e.reason());
        assertEquals("remote could not answer Echo (no handler): nobody home", e.getMessage());
        assertTrue(ch.isActive());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldFailEveryPendingRequestWhenTheConnectionCloses() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        CompletableFuture<Echo> f = new CompletableFuture<>();
        connection.write(harness.request(FrameKind.REQUEST, 5, new Echo(1, "a")), pending(5, f), null);
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.error(0, 0, new ErrorPayload(ErrorCode.SHUTTING_DOWN, "bye")));
        assertFalse(ch.isOpen());
        connection.failAll(new TransportException(Reason.CONNECTION_CLOSED, "remote", "closed", null));
        assertEquals(Reason.CONNECTION_CLOSED, failure(f).reason());
        assertEquals(0, link.pendingCount());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldTimeOutUnansweredRequest() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        CompletableFuture<Echo> f = new CompletableFuture<>();
        assertTrue(link.tryAcquirePending());
        connection.write(harness.request(FrameKind.REQUEST, 8, new Echo(1, "a")),
                new PendingRequest<>(8, "Echo", Echo.class, f, link, 20), null);
        harness.nextOutbound(ch).release();
        TransportException e = assertInstanceOf(TransportException.class,
                assertThrows(java.util.concurrent.ExecutionException.class, () -> f.get(10, TimeUnit.SECONDS))
                        .getCause());
        assertEquals(Reason.TIMEOUT, e.reason());
        assertEquals("no response from remote to Echo within 20 ms", e.getMessage());
        assertEquals(1, harness.context.metrics().timeouts.sum());
        assertEquals(0, link.pendingCount());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldRefuseWelcomeFromAnotherMemberAndTellIt() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom("impostor", EmbeddedHarness.CLUSTER));
        TransportException e = failure(handshake);
        assertEquals(Reason.HANDSHAKE_REFUSED, e.reason());
        assertEquals("handshake with remote refused by this node: member id = impostor (expected: remote)",
                e.getMessage());
        Frame error = harness.nextOutbound(ch);
        ErrorPayload p = EmbeddedHarness.errorOf(error);
        assertEquals(ErrorCode.HANDSHAKE_REFUSED, p.code());
        assertEquals("failed checks: member id", p.message(), "the answering side learns which check, not the id");
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldRefuseAPeersSchemaWithTheDefaultGateAndSendItsOwnListingEveryDifference() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(harness.writer.schema(LocalSchema.of(TestTypes.registryWithExtra())));
        TransportException e = failure(handshake);
        assertEquals(Reason.HANDSHAKE_REFUSED, e.reason());
        assertTrue(e.getMessage().startsWith("handshake with remote refused by both: registry schemas differ: this"
                + " node's " + String.format("%016x", harness.serializers.schema().digest()) + " with "
                + harness.serializers.registry().models().size() + " types, remote's "), e.getMessage());
        assertTrue(e.getMessage().contains("1) Extra (type " + TestTypes.EXTRA_ID + ", "
                + TestTypes.Extra.class.getName() + "): only on remote: " + SchemaDifferences.COMPATIBLE + ";"),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("; refused by this node's schema gate: the two members' registered types"
                + " differ"), e.getMessage());
        ErrorPayload told = EmbeddedHarness.errorOf(harness.nextOutbound(ch));
        assertEquals(ErrorCode.HANDSHAKE_REFUSED, told.code());
        assertEquals("failed checks: registry fingerprint; schema gate: the two members' registered types differ",
                told.message(), "the gate's reason first, then the schema, so the peer can list the differences");
        Frame answer = harness.nextOutbound(ch);
        assertTrue(SchemaFrame.is(answer), "answered with this node's schema: " + answer);
        assertEquals(harness.serializers.schema().schema(), SchemaFrame.read(answer.payload()));
        answer.release();
        assertFalse(ch.isOpen(), "closed after its schema");
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldRefuseHostileSchemaBytesFromThePeer() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(harness.writer.raw(FrameKind.ONE_WAY, SchemaMarker.ID, SchemaFrame.TYPE_ID, 0,
                Unpooled.wrappedBuffer(new byte[] {'R', 'W', 'S', 1, (byte) 0x80})));
        TransportException e = failure(handshake);
        assertEquals(Reason.PROTOCOL_ERROR, e.reason());
        assertEquals("handshake with remote failed: schema frame: schema bytes: at byte 5 (expected: type count,"
                + " found the end of the bytes)", e.getMessage());
        ErrorPayload told = EmbeddedHarness.errorOf(harness.nextOutbound(ch));
        assertEquals(ErrorCode.PROTOCOL_ERROR, told.code());
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldSurfaceThePeersRefusal() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(harness.writer.error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED,
                "failed checks: cluster id\n2026-11-23 INFO forged line")));
        TransportException e = failure(handshake);
        assertEquals(Reason.HANDSHAKE_REFUSED, e.reason());
        assertEquals("remote refused the connection (handshake refused): failed checks: cluster id\\n2026-11-23 INFO"
                + " forged line", e.getMessage(), "the peer's text is escaped");
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldFailHandshakeWhenNoAnswerArrivesInTime() {
        EmbeddedChannel ch = connected();
        ch.advanceTimeBy(harness.settings.handshakeTimeoutMs() + 1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        TransportException e = failure(handshake);
        assertEquals(Reason.UNREACHABLE, e.reason());
        assertTrue(e.getMessage().startsWith("no handshake answer from remote within 2000 ms"), e.getMessage());
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldRunTheMessageHandlerOfAOneWayMessageThePeerPushed() {
        List<String> received = new java.util.ArrayList<>();
        harness.context.handlers().onMessage(Echo.class, (from, echo) -> received.add(from + ":" + echo.text()));
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        ch.writeInbound(harness.request(FrameKind.ONE_WAY, 0, new Echo(1, "pushed")));
        ch.writeInbound(harness.request(FrameKind.ONE_WAY, 0, new Echo(2, "again")));
        assertEquals(List.of(EmbeddedHarness.REMOTE + ":pushed", EmbeddedHarness.REMOTE + ":again"), received);
        assertTrue(ch.isOpen(), "a pushed one-way message is ordinary traffic on an outbound connection");
        assertNull(ch.readOutbound(), "nothing is answered");
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldDropAPushedOneWayMessageWithoutAHandlerAndStayOpen() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        ch.writeInbound(harness.request(FrameKind.ONE_WAY, 0, new Echo(1, "nobody listens")));
        assertTrue(ch.isOpen());
        assertNull(ch.readOutbound(), "nothing is answered");
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldRefuseRequestFrameOnOutboundConnection() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        ch.writeInbound(harness.request(FrameKind.REQUEST, 1, new Echo(1, "a")));
        ErrorPayload p = EmbeddedHarness.errorOf(harness.nextOutbound(ch));
        assertEquals(ErrorCode.PROTOCOL_ERROR, p.code());
        assertTrue(p.message().startsWith("frame kind = REQUEST on an outbound connection"), p.message());
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldFailASendOnAJustClosedConnectionAsClosedNotOverloaded() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        ChannelAttributes.closeReason(ch, "peer went away");
        ch.close();
        CompletableFuture<Echo> request = new CompletableFuture<>();
        CompletableFuture<Void> oneWay = new CompletableFuture<>();
        connection.write(harness.request(FrameKind.REQUEST, 3, new Echo(1, "a")), pending(3, request), null);
        connection.write(harness.request(FrameKind.ONE_WAY, 0, new Echo(2, "b")), null, oneWay);
        for (CompletableFuture<?> f : List.of(request, oneWay)) {
            TransportException e = failure(f);
            assertEquals(Reason.CONNECTION_CLOSED, e.reason());
            assertEquals("connection to remote closed: peer went away", e.getMessage());
        }
        assertEquals(0, harness.context.metrics().rejected.sum(), "not counted as refused for back-pressure");
        assertEquals(0, link.pendingCount());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldCloseOnASecondWelcome() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(welcomeFrom(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER));
        assertEquals(EmbeddedHarness.REMOTE, handshake.join().nodeId());
        ch.writeInbound(welcomeFrom("impostor", EmbeddedHarness.CLUSTER));
        ErrorPayload p = EmbeddedHarness.errorOf(harness.nextOutbound(ch));
        assertEquals(ErrorCode.PROTOCOL_ERROR, p.code());
        assertEquals("frame kind = WELCOME after the handshake (expected: one handshake per connection)", p.message());
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
    }

    /**
     * A peer that reads smaller frames than this node may write: a frame between the two limits used to go out, make
     * the peer close the connection, and fail with a retriable CONNECTION_CLOSED, so a caller that retried was stuck.
     * It must fail at once with FRAME_TOO_LARGE, not retriable, without touching the connection.
     */
    @Test
    void shouldFailAFrameAboveThePeersLimitFastAndKeepTheConnection() {
        EmbeddedChannel ch = connected();
        ch.writeInbound(harness.welcome(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER,
                FrameDescriptor.MIN_MAX_FRAME_BYTES, 0));
        CompletableFuture<Echo> big = new CompletableFuture<>();
        CompletableFuture<Void> bigOneWay = new CompletableFuture<>();
        ByteBuf bigFrame = harness.request(FrameKind.REQUEST, 6, new Blob(1, new byte[2000]));
        int bigBytes = bigFrame.readableBytes();
        assertTrue(bigBytes > FrameDescriptor.MIN_MAX_FRAME_BYTES && bigBytes <= harness.settings.maxFrameBytes());
        connection.write(bigFrame, pending(6, big), null);
        connection.write(harness.request(FrameKind.ONE_WAY, 0, new Blob(2, new byte[2000])), null, bigOneWay);
        TransportException e = failure(big);
        assertEquals(Reason.FRAME_TOO_LARGE, e.reason());
        assertFalse(e.retriable());
        assertEquals("frame of " + bigBytes + " bytes exceeds remote's max-frame-bytes = 1024", e.getMessage());
        assertEquals(Reason.FRAME_TOO_LARGE, failure(bigOneWay).reason());
        assertNull(ch.readOutbound(), "nothing written");
        assertEquals(0, link.pendingCount());

        CompletableFuture<Echo> small = new CompletableFuture<>();
        connection.write(harness.request(FrameKind.REQUEST, 7, new Echo(1, "small")), pending(7, small), null);
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.request(FrameKind.RESPONSE, 7, new Echo(2, "answer")));
        assertEquals(new Echo(2, "answer"), small.join());
        assertTrue(ch.isActive());
        assertFalse(ch.finishAndReleaseAll());
    }

    /** Frames queued while connecting are checked against the peer's limit once its WELCOME tells it. */
    @Test
    void shouldFailAQueuedFrameAboveThePeersLimitOnceTheHandshakeTellsIt() {
        EmbeddedChannel[] channel = new EmbeddedChannel[1];
        PeerLink queueing = new PeerLink(link.address(), harness.context, new Lane.Connector() {
            @Override
            public io.netty.channel.ChannelFuture connect(Connection c, CompletableFuture<Handshake> h) {
                channel[0] = harness.outbound(c, h);
                return channel[0].newSucceededFuture();
            }

            @Override
            public java.util.concurrent.Future<?> schedule(Runnable task, long delayMs) {
                return CompletableFuture.completedFuture(null);
            }
        });
        CompletableFuture<Void> big = new CompletableFuture<>();
        CompletableFuture<Void> small = new CompletableFuture<>();
        queueing.urgent().submit(harness.request(FrameKind.ONE_WAY, 0, new Blob(1, new byte[2000])), null, big);
        queueing.urgent().submit(harness.request(FrameKind.ONE_WAY, 0, new Echo(1, "small")), null, small);
        EmbeddedChannel ch = channel[0];
        assertEquals(FrameKind.HELLO, release(harness.nextOutbound(ch)).kind());
        assertFalse(big.isDone());
        ch.writeInbound(harness.welcome(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER,
                FrameDescriptor.MIN_MAX_FRAME_BYTES, 0));
        assertEquals(Reason.FRAME_TOO_LARGE, failure(big).reason());
        assertEquals(new Echo(1, "small"), harness.decode(harness.nextOutbound(ch)));
        assertTrue(small.isDone() && !small.isCompletedExceptionally());
        assertTrue(ch.isActive());
        queueing.close(new TransportException(Reason.CLOSED, EmbeddedHarness.REMOTE, "test over", null));
        ch.finishAndReleaseAll();
    }

    /** This node has idle detection off; the peer has 300 ms: this node must still ping it, at 100 ms. */
    @Test
    void shouldPingAPeerWithIdleDetectionWhenThisNodeHasItOff() {
        EmbeddedChannel ch = connected();
        assertNull(ch.pipeline().get(Pipelines.IDLE));
        ch.writeInbound(harness.welcome(EmbeddedHarness.REMOTE, EmbeddedHarness.CLUSTER,
                harness.settings.maxFrameBytes(), 300));
        for (int period = 0; period < 5; period++) {
            ch.advanceTimeBy(101, TimeUnit.MILLISECONDS);
            ch.runScheduledPendingTasks();
            assertEquals(FrameKind.PING, release(harness.nextOutbound(ch)).kind(), "ping in period " + period);
        }
        assertTrue(ch.isActive(), "no reader idle close: this node's timeout is off");
        assertEquals(0, harness.context.metrics().idleCloses.sum());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldPingAtAThirdOfTheShorterNonZeroIdleTimeout() {
        assertEquals(0, Pipelines.pingIntervalMs(0, 0));
        assertEquals(100, Pipelines.pingIntervalMs(0, 300));
        assertEquals(100, Pipelines.pingIntervalMs(300, 0));
        assertEquals(100, Pipelines.pingIntervalMs(3000, 300));
        assertEquals(100, Pipelines.pingIntervalMs(300, 3000));
        assertEquals(1000, Pipelines.pingIntervalMs(3000, 3000));
    }

    private static Frame release(Frame f) {
        f.release();
        return f;
    }

    private static TransportException failure(CompletableFuture<?> f) {
        assertTrue(f.isCompletedExceptionally(), "future not failed: " + f);
        CompletionException e = assertThrows(CompletionException.class, f::join);
        return assertInstanceOf(TransportException.class, e.getCause());
    }
}
