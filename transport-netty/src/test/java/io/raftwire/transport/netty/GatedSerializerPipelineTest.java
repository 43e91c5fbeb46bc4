package io.raftwire.transport.netty;

import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.SchemaFrame;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.TestTypes;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.AfterEach;
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
 * A connection whose schemas differ and that both schema gates accepted was checked for one serializer only: the one
 * the connecting side sends with (by id, name and provider format version). Every message frame of it, in both
 * directions, must use that serializer: a frame of another serializer this node also accepts was never checked
 * against the peer's, so it is refused and the connection closes. This node ({@code local}) accepts serializer ids 1
 * and 2; the peer ({@code remote}, one type more) sends with 1 and accepts only 1.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class GatedSerializerPipelineTest {

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", ServerHandshakeHandler.class.getName());

    private final SerializerSet local = new SerializerSet(FakeSerializer.standard(),
            List.of(new FakeSerializer(2, "fake2", TestTypes.registry())));
    private final EmbeddedHarness harness = new EmbeddedHarness(EmbeddedHarness.quietSettings(), local);
    private final SerializerSet remote = SerializerSet.of(new FakeSerializer(1, "fake",
            TestTypes.registryWithExtra()));
    private final FakeSerializer unchecked = new FakeSerializer(2, "fake2", TestTypes.registryWithExtra());

    @AfterEach
    void tearDown() {
        harness.close();
    }

    private static final String REFUSAL = "serializer id = 2 on a connection whose schemas differ (expected: 1, the"
            + " serializer both sides checked at the handshake after their schema gates accepted)";

    @Test
    void acceptingSideRefusesARequestOfAnotherSerializerThanTheCheckedOne() {
        harness.schemaGate.set((own, peer) -> null);
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, Handshake.of(EmbeddedHarness.CLUSTER,
                EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL, Handshake.Lane.URGENT, 64 * 1024, 0, remote)));
        Frame ours = harness.nextOutbound(ch);
        assertTrue(SchemaFrame.is(ours), "answered with its schema: " + ours);
        ours.release();
        ch.writeInbound(harness.writer.schema(remote.schema()));
        Frame welcome = harness.nextOutbound(ch);
        assertEquals(FrameKind.WELCOME, welcome.kind());
        welcome.release();
        harness.context.handlers().onRequest(Echo.class,
                (from, e) -> CompletableFuture.completedFuture(new Echo(e.n() + 1, from)));

        ch.writeInbound(harness.writer.message(FrameKind.REQUEST, remote.sender(), TestTypes.ECHO_ID, 5,
                new Echo(1, "x")));
        Frame served = harness.nextOutbound(ch);
        assertEquals(FrameKind.RESPONSE, served.kind(), "the checked serializer is served");
        served.release();

        ch.writeInbound(harness.writer.message(FrameKind.REQUEST, unchecked, TestTypes.ECHO_ID, 6,
                new Echo(1, "x")));
        Frame refused = harness.nextOutbound(ch);
        assertEquals(FrameKind.ERROR, refused.kind(), "not served: " + refused);
        ErrorPayload error = EmbeddedHarness.errorOf(refused);
        assertEquals(ErrorCode.SERIALIZER_NOT_ACCEPTED, error.code());
        assertEquals(REFUSAL, error.message());
        assertFalse(ch.isOpen());
        assertEquals(REFUSAL, ch.attr(ChannelAttributes.CLOSE_REASON).get(), "the reason the error handler logs");
        assertEquals(List.of(), logs.lines());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void connectingSideRefusesAFrameOfAnotherSerializerThanTheCheckedOne() {
        harness.schemaGate.set((own, peer) -> null);
        CompletableFuture<Handshake> handshake = new CompletableFuture<>();
        EmbeddedChannel ch = harness.outbound(new Connection(harness.link(), Handshake.Lane.URGENT), handshake);
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.schema(remote.schema()));
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.handshake(FrameKind.WELCOME, Handshake.of(EmbeddedHarness.CLUSTER,
                EmbeddedHarness.REMOTE, "", Handshake.Lane.URGENT, 64 * 1024, 0, remote)));
        assertEquals(EmbeddedHarness.REMOTE, handshake.join().nodeId());

        ch.writeInbound(harness.writer.message(FrameKind.ONE_WAY, unchecked, TestTypes.ECHO_ID, 0,
                new Echo(1, "x")));
        Frame refused = harness.nextOutbound(ch);
        assertEquals(FrameKind.ERROR, refused.kind(), "not delivered: " + refused);
        ErrorPayload error = EmbeddedHarness.errorOf(refused);
        assertEquals(ErrorCode.SERIALIZER_NOT_ACCEPTED, error.code());
        assertEquals(REFUSAL, error.message());
        assertFalse(ch.isOpen());
        assertEquals(REFUSAL, ch.attr(ChannelAttributes.CLOSE_REASON).get(), "the reason the error handler logs");
        assertEquals(List.of(), logs.lines());
        assertFalse(ch.finishAndReleaseAll());
    }
}
