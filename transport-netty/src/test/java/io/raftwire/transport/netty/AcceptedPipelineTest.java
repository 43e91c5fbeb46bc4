package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.serializer.schema.Schema;
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
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.TestTypes;
import io.raftwire.testkit.Seeds;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pipeline of an accepted connection, on an {@link EmbeddedChannel}, with the fake serializer. */
@ExtendWith(LeakDetectionExtension.class)
class AcceptedPipelineTest {

    private static final int LIMIT = 64 * 1024;

    private final FakeSerializer fake = FakeSerializer.standard();
    private EmbeddedHarness harness;

    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", ServerHandshakeHandler.class.getName(),
            KeepAliveHandler.class.getName());

    @BeforeEach
    void setUp() {
        harness = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(fake));
        harness.context.handlers().onRequest(Echo.class,
                (from, echo) -> CompletableFuture.completedFuture(new Echo(echo.n() + 1, from + ":" + echo.text())));
        harness.context.handlers().onRequest(Blob.class, (from, blob) -> CompletableFuture.completedFuture(
                new Echo(blob.n(), Integer.toString(blob.data().length))));
    }

    @AfterEach
    void tearDown() {
        harness.close();
    }

    private EmbeddedChannel handshaken() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.hello(EmbeddedHarness.REMOTE));
        Frame welcome = harness.nextOutbound(ch);
        assertEquals(FrameKind.WELCOME, welcome.kind());
        Handshake h = Handshake.readFrom(welcome.payload());
        welcome.release();
        assertEquals(EmbeddedHarness.LOCAL, h.nodeId());
        return ch;
    }

    @Test
    void shouldAnswerRequestWithSameCorrelationIdAndSerializer() {
        EmbeddedChannel ch = handshaken();
        ch.writeInbound(harness.request(FrameKind.REQUEST, 77, new Echo(1, "hi")));
        Frame response = harness.nextOutbound(ch);
        assertEquals(FrameKind.RESPONSE, response.kind());
        assertEquals(77, response.correlationId());
        assertEquals(fake.id(), response.serializerId());
        assertEquals(new Echo(2, "remote:hi"), harness.decode(response));
        assertTrue(ch.isActive());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldStopReadingRequestsWhileResponsesCannotBeWritten() {
        EmbeddedChannel ch = handshaken();
        ch.config().setWriteBufferWaterMark(new WriteBufferWaterMark(512, 1024));
        assertTrue(ch.config().isAutoRead());
        ch.write(Unpooled.buffer(2048).writeZero(2048));
        assertFalse(ch.isWritable());
        assertFalse(ch.config().isAutoRead(), "reading continues while the peer does not take our responses");
        ch.flush();
        assertTrue(ch.isWritable());
        assertTrue(ch.config().isAutoRead(), "reading resumes once responses drain");
        ByteBuf written = ch.readOutbound();
        written.release();
    }

    @Test
    void shouldHoldRequestsOverMaxRequestsInFlightAndStopReadingUntilHalfAreAnswered() {
        harness.close();
        harness = new EmbeddedHarness(EmbeddedHarness.quietSettings().maxRequestsInFlight(2), SerializerSet.of(fake));
        List<CompletableFuture<Object>> answers = new ArrayList<>();
        List<Long> seen = new ArrayList<>();
        harness.context.handlers().onRequest(Echo.class, (from, echo) -> {
            seen.add(echo.n());
            CompletableFuture<Object> answer = new CompletableFuture<>();
            answers.add(answer);
            return answer;
        });
        EmbeddedChannel ch = handshaken();
        ByteBuf five = Unpooled.buffer();
        for (int i = 1; i <= 5; i++) {
            ByteBuf f = harness.request(FrameKind.REQUEST, i, new Echo(i, "q"));
            five.writeBytes(f);
            f.release();
        }
        ch.writeInbound(five);
        assertEquals(List.of(1L, 2L), seen, "only max-requests-in-flight requests reach the handler");
        assertFalse(ch.config().isAutoRead(), "the connection is not read while its requests wait");
        assertEquals(1, harness.context.metrics().readPauses.sum());

        answers.get(0).complete(new Echo(10, "a"));
        ch.runPendingTasks();
        assertEquals(List.of(1L, 2L, 3L), seen, "one answered, one more passed on");
        assertFalse(ch.config().isAutoRead(), "still at the limit");
        answers.get(1).complete(new Echo(20, "a"));
        ch.runPendingTasks();
        answers.get(2).complete(new Echo(30, "a"));
        ch.runPendingTasks();
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L), seen, "the waiting requests pass on in order");
        answers.get(3).complete(new Echo(40, "a"));
        ch.runPendingTasks();
        assertTrue(ch.config().isAutoRead(), "reading resumes at half of max-requests-in-flight");
        answers.get(4).complete(new Echo(50, "a"));
        ch.runPendingTasks();
        for (int i = 1; i <= 5; i++) {
            Frame r = harness.nextOutbound(ch);
            assertEquals(i, r.correlationId());
            r.release();
        }
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldReassembleFramesDeliveredOneByteAtATime() {
        EmbeddedChannel ch = harness.accepted();
        ByteBuf all = Unpooled.buffer();
        ByteBuf hello = harness.hello(EmbeddedHarness.REMOTE);
        all.writeBytes(hello);
        hello.release();
        for (int i = 0; i < 20; i++) {
            ByteBuf f = harness.request(FrameKind.REQUEST, i + 1, new Echo(i, "x".repeat(i)));
            all.writeBytes(f);
            f.release();
        }
        while (all.isReadable()) {
            ch.writeInbound(all.readRetainedSlice(1));
        }
        all.release();
        harness.nextOutbound(ch).release();
        for (int i = 0; i < 20; i++) {
            Frame r = harness.nextOutbound(ch);
            assertEquals(i + 1, r.correlationId());
            assertEquals(new Echo(i + 1, "remote:" + "x".repeat(i)), harness.decode(r));
        }
        assertNull(ch.readOutbound());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldReassembleFramesSplitAtRandomBoundaries() {
        long seed = Seeds.seed("AcceptedPipelineTest.shouldReassembleFramesSplitAtRandomBoundaries");
        SplittableRandom random = new SplittableRandom(seed);
        EmbeddedChannel ch = handshaken();
        int frames = 3000;
        ByteBuf all = Unpooled.buffer();
        for (int i = 0; i < frames; i++) {
            byte[] data = new byte[random.nextInt(0, i % 100 == 0 ? 60_000 : 600)];
            ByteBuf f = harness.request(FrameKind.REQUEST, i + 1, new Blob(i, data));
            all.writeBytes(f);
            f.release();
        }
        int answered = 0;
        while (all.isReadable()) {
            ch.writeInbound(all.readRetainedSlice(Math.min(all.readableBytes(), random.nextInt(1, 9000))));
            for (ByteBuf out = ch.readOutbound(); out != null; out = ch.readOutbound()) {
                Frame r = harness.parse(out);
                assertEquals(answered + 1, r.correlationId(), "seed " + seed);
                harness.decode(r);
                answered++;
            }
        }
        all.release();
        assertEquals(frames, answered, "seed " + seed);
        assertFalse(ch.finishAndReleaseAll());
    }

    @ParameterizedTest
    @ValueSource(longs = {0x7FFF_FFFFL, 0xFFFF_FFFFL, 64 * 1024 - 3, 64 * 1024})
    void shouldCloseOnFrameLongerThanTheLimit(long length) {
        EmbeddedChannel ch = handshaken();
        ByteBuf bad = Unpooled.buffer().writeInt((int) length).writeShort(FrameDescriptor.MAGIC).writeZero(20);
        ch.writeInbound(bad);
        String reason = "frame of " + (length + 4) + " bytes (length field " + length + ", unsigned; expected: <= "
                + LIMIT + ", raftwire.transport.max-frame-bytes of this node)";
        assertEquals(reason, refusal(ch, ErrorCode.FRAME_TOO_LARGE).message());
        assertEquals(reason, closeReason(ch));
        assertEquals(0, bad.refCnt());
    }

    @Test
    void shouldCloseOnBadMagic() {
        EmbeddedChannel ch = handshaken();
        ByteBuf f = harness.request(FrameKind.REQUEST, 1, new Echo(1, "a"));
        f.setShort(FrameDescriptor.MAGIC_OFFSET, 0x1234);
        ch.writeInbound(f);
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR, "magic = 0x1234 (expected: 0x5277)");
        assertEquals(0, f.refCnt());
        assertEquals(0, fake.decodeCalls());
    }

    @Test
    void shouldCloseOnOtherProtocolVersion() {
        EmbeddedChannel ch = harness.accepted();
        ByteBuf hello = harness.hello(EmbeddedHarness.REMOTE);
        hello.setByte(FrameDescriptor.VERSION_OFFSET, 1);
        ch.writeInbound(hello);
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR, "protocol version = 1 (expected: 2)");
        assertEquals(0, harness.context.metrics().established.sum());
    }

    @Test
    void shouldCloseOnReservedFlagBits() {
        EmbeddedChannel ch = handshaken();
        ByteBuf f = harness.request(FrameKind.REQUEST, 1, new Echo(1, "a"));
        f.setByte(FrameDescriptor.FLAGS_OFFSET, 0x80 | FrameKind.REQUEST.code());
        ch.writeInbound(f);
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR, "flags = 0x81");
    }

    @Test
    void shouldRefuseUnknownSerializerIdBeforeDecoding() {
        EmbeddedChannel ch = handshaken();
        ByteBuf f = harness.request(FrameKind.REQUEST, 1, new Echo(1, "a"));
        f.setByte(FrameDescriptor.SERIALIZER_ID_OFFSET, 99);
        ch.writeInbound(f);
        assertRefused(ch, ErrorCode.SERIALIZER_NOT_ACCEPTED, "serializer id = 99 (expected: one of fake (1))");
        assertEquals(0, fake.decodeCalls());
    }

    @Test
    void shouldRefuseSerializerThatExistsButIsNotAccepted() {
        FakeSerializer other = new FakeSerializer(2, "other", TestTypes.registry());
        EmbeddedChannel ch = handshaken();
        ch.writeInbound(harness.writer.message(FrameKind.REQUEST, other, TestTypes.ECHO_ID, 1, new Echo(1, "a")));
        assertRefused(ch, ErrorCode.SERIALIZER_NOT_ACCEPTED, "serializer id = 2");
        assertEquals(0, other.decodeCalls());
        assertEquals(0, fake.decodeCalls());
    }

    @Test
    void shouldRefuseUnknownTypeIdBeforeDecoding() {
        EmbeddedChannel ch = handshaken();
        ByteBuf f = harness.request(FrameKind.REQUEST, 1, new Echo(1, "a"));
        f.setShort(FrameDescriptor.TYPE_ID_OFFSET, 4000);
        ch.writeInbound(f);
        assertRefused(ch, ErrorCode.UNKNOWN_TYPE, "message type id = 4000");
        assertEquals(0, fake.decodeCalls());
    }

    @Test
    void shouldRefuseHeaderShorterThanHeaderLength() {
        EmbeddedChannel ch = handshaken();
        ch.writeInbound(Unpooled.buffer().writeInt(3).writeShort(FrameDescriptor.MAGIC).writeByte(1));
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR, "frame length = 3 (expected: >= 15)");
    }

    @Test
    void shouldRefuseRequestBeforeHandshake() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.request(FrameKind.REQUEST, 1, new Echo(1, "a")));
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR, "frame kind = REQUEST before the handshake (expected: HELLO)");
    }

    @Test
    void shouldRefuseResponseOnAcceptedConnection() {
        EmbeddedChannel ch = handshaken();
        ch.writeInbound(harness.request(FrameKind.RESPONSE, 1, new Echo(1, "a")));
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR, "frame kind = RESPONSE on an accepted connection");
    }

    @Test
    void shouldAnswerUndecodablePayloadWithErrorAndStayOpen() {
        EmbeddedChannel ch = handshaken();
        ByteBuf f = harness.request(FrameKind.REQUEST, 5, new Echo(1, "abc"));
        f.writerIndex(f.writerIndex() - 1).setInt(0, f.readableBytes() - 4);
        ch.writeInbound(f);
        Frame error = harness.nextOutbound(ch);
        assertEquals(FrameKind.ERROR, error.kind());
        assertEquals(5, error.correlationId());
        ErrorPayload p = EmbeddedHarness.errorOf(error);
        assertEquals(ErrorCode.DECODE_FAILED, p.code());
        assertTrue(ch.isActive());
        ch.writeInbound(harness.request(FrameKind.REQUEST, 6, new Echo(1, "ok")));
        assertEquals(new Echo(2, "remote:ok"), harness.decode(harness.nextOutbound(ch)));
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldAnswerRequestWithoutHandlerWithError() {
        EmbeddedHarness bare = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(fake));
        try {
            EmbeddedChannel ch = bare.accepted();
            ch.writeInbound(bare.hello(EmbeddedHarness.REMOTE));
            bare.nextOutbound(ch).release();
            ch.writeInbound(bare.request(FrameKind.REQUEST, 9, new Echo(1, "a")));
            ErrorPayload p = EmbeddedHarness.errorOf(bare.nextOutbound(ch));
            assertEquals(ErrorCode.NO_HANDLER, p.code());
            assertTrue(p.message().startsWith("no request handler for Echo (type 1024) on local"), p.message());
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            bare.close();
        }
    }

    @Test
    void shouldPreferTheMostSpecificHandler() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(fake));
        try {
            h.context.handlers().onRequest(Object.class,
                    (from, any) -> CompletableFuture.completedFuture(new Echo(-1, "catch-all")));
            h.context.handlers().onRequest(Echo.class, (from, e) -> CompletableFuture.completedFuture(e));
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.hello(EmbeddedHarness.REMOTE));
            h.nextOutbound(ch).release();
            ch.writeInbound(h.request(FrameKind.REQUEST, 1, new Echo(5, "specific")));
            ch.writeInbound(h.request(FrameKind.REQUEST, 2, new Blob(5, new byte[3])));
            assertEquals(new Echo(5, "specific"), h.decode(h.nextOutbound(ch)));
            assertEquals(new Echo(-1, "catch-all"), h.decode(h.nextOutbound(ch)));
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void shouldAnswerHandlerThatThrowsFailsOrReturnsNull() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(fake));
        try {
            h.context.handlers().onRequest(Echo.class, (from, e) -> switch ((int) e.n()) {
                case 0 -> throw new IllegalStateException("thrown");
                case 1 -> CompletableFuture.failedFuture(new IllegalArgumentException("failed"));
                default -> null;
            });
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.hello(EmbeddedHarness.REMOTE));
            h.nextOutbound(ch).release();
            List<String> messages = new ArrayList<>();
            for (int n = 0; n < 3; n++) {
                ch.writeInbound(h.request(FrameKind.REQUEST, n + 1, new Echo(n, "")));
                ErrorPayload p = EmbeddedHarness.errorOf(h.nextOutbound(ch));
                assertEquals(ErrorCode.HANDLER_FAILED, p.code());
                messages.add(p.message());
            }
            assertEquals(List.of("IllegalStateException: thrown", "IllegalArgumentException: failed",
                    "handler for Echo (type 1024) returned null (expected: a CompletionStage)"), messages);
            assertTrue(ch.isActive());
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void shouldDeliverOneWayMessagesWithoutAnswer() {
        List<Echo> received = new ArrayList<>();
        harness.context.handlers().onMessage(Echo.class, (from, e) -> received.add(e));
        EmbeddedChannel ch = handshaken();
        ch.writeInbound(harness.request(FrameKind.ONE_WAY, 0, new Echo(4, "one way")));
        assertEquals(List.of(new Echo(4, "one way")), received);
        assertNull(ch.readOutbound());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldTellAPeerFromAnotherClusterOnlyWhichCheckFailed() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, Handshake.of("other-cluster", EmbeddedHarness.REMOTE,
                EmbeddedHarness.LOCAL, Handshake.Lane.URGENT, LIMIT, 0, harness.serializers)));
        ErrorPayload told = refusal(ch, ErrorCode.HANDSHAKE_REFUSED);
        assertEquals("failed checks: cluster id", told.message());
        assertEquals("claimed member id remote: cluster id = other-cluster (expected: test-cluster)", closeReason(ch));
        assertEquals(1, harness.context.metrics().handshakeRefusals.sum());
    }

    @Test
    void shouldNotTellAPeerWithAnotherRegistryTheExpectedFingerprintOrTypeCount() {
        EmbeddedChannel ch = harness.accepted();
        // a release before schemas: no marker, so no schema exchange either
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, withoutMarker(extraHello())));
        ErrorPayload told = refusal(ch, ErrorCode.HANDSHAKE_REFUSED);
        assertEquals("failed checks: registry fingerprint", told.message());
        String local = closeReason(ch);
        int types = TestTypes.registry().models().size();
        String expectedPrint = String.format("%016x", TestTypes.registry().fingerprint());
        assertTrue(local.contains("with " + (types + 1) + " types (expected: " + expectedPrint + " with " + types
                + " types;"), local);
        assertTrue(local.endsWith("; remote announces no schema (a release before schemas): upgrade to this release"
                + " with unchanged types first, then change types (docs/upgrades.md §2.7)"), local);
    }

    @Test
    void shouldExchangeSchemasWithAMemberWhoseRegistryAloneDiffersAndListEveryDifference() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, extraHello()));
        Frame ours = harness.nextOutbound(ch);
        assertTrue(SchemaFrame.is(ours), "answered with this node's schema: " + ours);
        assertEquals(harness.serializers.schema().schema(), SchemaFrame.read(ours.payload()));
        ours.release();
        assertTrue(ch.isOpen(), "awaits the peer's schema");
        assertNull(ch.readOutbound());

        ch.writeInbound(harness.writer.schema(LocalSchema.of(TestTypes.registryWithExtra())));
        ErrorPayload told = refusal(ch, ErrorCode.HANDSHAKE_REFUSED);
        assertEquals("failed checks: registry fingerprint; schema gate: the two members' registered types differ",
                told.message(), "the peer is told which check failed and the gate's reason, no values");
        String extra = "Extra (type " + TestTypes.EXTRA_ID + ", " + TestTypes.Extra.class.getName()
                + "): only on remote: " + SchemaDifferences.COMPATIBLE;
        assertTrue(closeReason(ch).contains(extra), closeReason(ch));
        String line = logs.await("refused the handshake of");
        assertTrue(line.contains("claimed member id remote: registry fingerprint = ") && line.contains(extra)
                && line.contains("1 difference (0 refused by the evolution rules, 1 ") && line.endsWith(extra
                + "; refused by this node's schema gate: the two members' registered types differ"), line);
        assertEquals(1, harness.context.metrics().handshakeRefusals.sum());
    }

    @Test
    void shouldRefuseHostileSchemaBytesWithWhatWasExpected() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, extraHello()));
        harness.nextOutbound(ch).release();
        ch.writeInbound(harness.writer.raw(FrameKind.ONE_WAY, SchemaMarker.ID, SchemaFrame.TYPE_ID, 0,
                Unpooled.wrappedBuffer(new byte[] {'R', 'W', 'S', 9})));
        assertEquals("schema frame: schema bytes: at byte 3 (expected: version 1, found 9)",
                refusal(ch, ErrorCode.PROTOCOL_ERROR).message());
    }

    @Test
    void shouldRefuseASchemaFrameOverTheLimitOnItsLengthField() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings().maxFrameBytes(4 * 1024 * 1024),
                SerializerSet.of(fake));
        try {
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.writer.handshake(FrameKind.HELLO, extraHello()));
            h.nextOutbound(ch).release();
            ch.writeInbound(Unpooled.buffer().writeInt(SchemaFrame.MAX_FRAME_BYTES - 3).writeShort(0x5277));
            Frame error = h.nextOutbound(ch);
            ErrorPayload p = EmbeddedHarness.errorOf(error);
            assertEquals(ErrorCode.FRAME_TOO_LARGE, p.code());
            assertEquals("frame of " + (SchemaFrame.MAX_FRAME_BYTES + 1) + " bytes before the handshake completed"
                    + " (expected: <= " + SchemaFrame.MAX_FRAME_BYTES + ", the largest schema frame)", p.message());
            assertFalse(ch.isOpen());
            assertFalse(ch.finishAndReleaseAll());
            assertEquals(0, h.limits.buffered());
        } finally {
            h.close();
        }
    }

    @Test
    void shouldRefuseASchemaFrameBeforeAHelloAndAfterTheHandshake() {
        EmbeddedChannel first = harness.accepted();
        first.writeInbound(harness.writer.schema(LocalSchema.of(new Schema(List.of()))));
        assertEquals("frame kind = ONE_WAY before the handshake (expected: HELLO)",
                refusal(first, ErrorCode.PROTOCOL_ERROR).message());
        EmbeddedChannel large = harness.accepted();
        large.writeInbound(harness.writer.schema(harness.serializers.schema()));
        assertEquals("frame of " + (FrameDescriptor.HEADER_LENGTH + harness.serializers.schema().size()) + " bytes"
                + " before the handshake completed (expected: <= " + FrameDescriptor.MAX_HANDSHAKE_FRAME_BYTES
                + ", the largest handshake or error frame)", refusal(large, ErrorCode.FRAME_TOO_LARGE).message());
        EmbeddedChannel ch = handshaken();
        assertNull(ch.readOutbound(), "equal digests: a WELCOME, and no schema on the wire");
        ch.writeInbound(harness.writer.schema(harness.serializers.schema()));
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR, "schema frame after the handshake (expected: one only during a"
                + " handshake whose schema digests differ)");
    }

    /** The HELLO of member {@code remote} whose registry has one more type than this node's. */
    private static Handshake extraHello() {
        SerializerSet extra = SerializerSet.of(new FakeSerializer(1, "fake", TestTypes.registryWithExtra()));
        return Handshake.of(EmbeddedHarness.CLUSTER, EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL,
                Handshake.Lane.URGENT, LIMIT, 0, extra);
    }

    /** {@code h} as a release before schemas sends it: without the marker. */
    private static Handshake withoutMarker(Handshake h) {
        return new Handshake(h.clusterId(), h.nodeId(), h.targetId(), h.lane(), h.maxFrameBytes(), h.idleTimeoutMs(),
                h.registryFingerprint(), h.typeCount(), h.sendSerializerId(), h.serializers());
    }

    @Test
    void shouldNotTellAPeerWithoutCommonSerializerWhichSerializersAreAccepted() {
        EmbeddedChannel ch = harness.accepted();
        SerializerSet other = SerializerSet.of(new FakeSerializer(2, "other", TestTypes.registry()));
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, Handshake.of(EmbeddedHarness.CLUSTER,
                EmbeddedHarness.REMOTE, EmbeddedHarness.LOCAL, Handshake.Lane.URGENT, LIMIT, 0, other)));
        assertEquals("failed checks: serializer", refusal(ch, ErrorCode.HANDSHAKE_REFUSED).message());
        assertEquals("claimed member id remote: no common serializer: remote sends with other (2) (expected: one"
                + " that this node accepts: [fake (1)])", closeReason(ch));
    }

    @Test
    void shouldNotTellAPeerThatAddressedAnotherMemberWhoThisNodeIs() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, Handshake.of(EmbeddedHarness.CLUSTER,
                EmbeddedHarness.REMOTE, "node-7", Handshake.Lane.URGENT, LIMIT, 0, harness.serializers)));
        assertEquals("failed checks: target member id", refusal(ch, ErrorCode.HANDSHAKE_REFUSED).message());
        assertEquals("claimed member id remote: member id = local (expected by remote: node-7)", closeReason(ch));
    }

    @Test
    void shouldRefuseAMemberIdThatIsNotAPeerWithoutNamingThePeers() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.hello("node-9"));
        assertEquals("failed checks: member id", refusal(ch, ErrorCode.HANDSHAKE_REFUSED).message());
        assertEquals("claimed member id node-9: member id = node-9 (expected: one of this node's peers [remote])",
                closeReason(ch));
        assertEquals(0, harness.context.metrics().established.sum());
    }

    @Test
    void shouldRefuseThisNodesOwnMemberId() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.hello(EmbeddedHarness.LOCAL));
        assertEquals("failed checks: member id", refusal(ch, ErrorCode.HANDSHAKE_REFUSED).message());
        assertEquals("claimed member id local: member id = local (expected: a peer, not this node's own id)",
                closeReason(ch));
    }

    @Test
    void shouldListEveryFailedCheckButNoValue() {
        EmbeddedChannel ch = harness.accepted();
        SerializerSet other = SerializerSet.of(new FakeSerializer(2, "other", TestTypes.registry()));
        ch.writeInbound(harness.writer.handshake(FrameKind.HELLO, Handshake.of("blue", "node-9", "node-7",
                Handshake.Lane.URGENT, LIMIT, 0, other)));
        String told = refusal(ch, ErrorCode.HANDSHAKE_REFUSED).message();
        assertEquals("failed checks: cluster id, target member id, serializer, member id", told);
        for (String secret : List.of(EmbeddedHarness.CLUSTER, EmbeddedHarness.LOCAL, EmbeddedHarness.REMOTE,
                "fake")) {
            assertFalse(told.contains(secret), told);
        }
    }

    @Test
    void shouldNotNameAcceptedSerializersToAPeerBeforeTheHandshake() {
        EmbeddedChannel ch = harness.accepted();
        ByteBuf hello = harness.hello(EmbeddedHarness.REMOTE);
        hello.setByte(FrameDescriptor.SERIALIZER_ID_OFFSET, 99);
        hello.setByte(FrameDescriptor.FLAGS_OFFSET, FrameKind.REQUEST.code());
        ch.writeInbound(hello);
        assertEquals("serializer id = 99 is not accepted",
                refusal(ch, ErrorCode.SERIALIZER_NOT_ACCEPTED).message());
        assertEquals("serializer id = 99 (expected: one of fake (1))", closeReason(ch));
    }

    @Test
    void shouldRefuseAFrameLargerThanAHandshakeBeforeTheHandshakeOnItsLengthField() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(Unpooled.buffer().writeInt(LIMIT - 4).writeShort(FrameDescriptor.MAGIC));
        assertEquals("frame of " + LIMIT + " bytes before the handshake completed (expected: <= "
                + FrameDescriptor.MAX_HANDSHAKE_FRAME_BYTES + ", the largest handshake or error frame)",
                refusal(ch, ErrorCode.FRAME_TOO_LARGE).message());
        assertEquals(0, harness.limits.buffered());
    }

    @Test
    void shouldAcceptTheLargestPossibleHelloAndThenFullSizeFrames() {
        EmbeddedChannel ch = harness.accepted();
        List<Handshake.SerializerInfo> sixteen = new ArrayList<>();
        for (int id = 1; id <= Handshake.MAX_ACCEPTED; id++) {
            sixteen.add(new Handshake.SerializerInfo(id, "s".repeat(31) + (char) ('a' + id), id));
        }
        String id64 = "r".repeat(64);
        ByteBuf hello = harness.writer.handshake(FrameKind.HELLO, new Handshake("c".repeat(64), id64, "t".repeat(64),
                Handshake.Lane.URGENT, LIMIT, 0, 1, 1, 1, sixteen));
        assertEquals(FrameDescriptor.MAX_HANDSHAKE_FRAME_BYTES - 13, hello.readableBytes(),
                "the largest HELLO; error frames may be 13 bytes larger");
        ch.writeInbound(hello);
        // refused for its values, not for its size
        assertEquals(ErrorCode.HANDSHAKE_REFUSED, refusal(ch, ErrorCode.HANDSHAKE_REFUSED).code());

        EmbeddedChannel trusted = handshaken();
        trusted.writeInbound(harness.request(FrameKind.REQUEST, 8, new Blob(8, new byte[LIMIT / 2])));
        assertEquals(new Echo(8, Integer.toString(LIMIT / 2)), harness.decode(harness.nextOutbound(trusted)));
        assertFalse(trusted.finishAndReleaseAll());
    }

    @Test
    void shouldCountIncompleteFramesAgainstTheInboundBudgetAndGiveThemBackOnClose() {
        EmbeddedChannel ch = handshaken();
        ByteBuf blob = harness.request(FrameKind.REQUEST, 9, new Blob(9, new byte[LIMIT / 2]));
        ch.writeInbound(blob.readRetainedSlice(blob.readableBytes() - 10));
        assertTrue(harness.limits.buffered() >= LIMIT / 2, "held: " + harness.limits.buffered());
        blob.release();
        ch.close();
        assertEquals(0, harness.limits.buffered());
        assertFalse(ch.finishAndReleaseAll());
    }

    @Test
    void shouldCloseTheConnectionThatTakesTheBudgetOverItsLimit() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings().maxInboundBufferBytes(LIMIT),
                SerializerSet.of(fake));
        try {
            EmbeddedChannel first = h.accepted();
            first.writeInbound(h.hello(EmbeddedHarness.REMOTE));
            h.nextOutbound(first).release();
            EmbeddedChannel second = h.accepted();
            second.writeInbound(h.hello(EmbeddedHarness.REMOTE));
            h.nextOutbound(second).release();
            ByteBuf a = h.request(FrameKind.REQUEST, 1, new Blob(1, new byte[LIMIT - 200]));
            ByteBuf b = h.request(FrameKind.REQUEST, 2, new Blob(2, new byte[LIMIT - 200]));
            first.writeInbound(a.readRetainedSlice(a.readableBytes() - 1));
            assertTrue(first.isActive());
            second.writeInbound(b.readRetainedSlice(b.readableBytes() - 1));
            a.release();
            b.release();
            Frame error = h.nextOutbound(second);
            ErrorPayload p = EmbeddedHarness.errorOf(error);
            assertEquals(ErrorCode.OVERLOADED, p.code());
            assertTrue(p.message().startsWith("inbound buffers of all connections hold "), p.message());
            assertTrue(p.message().contains("(expected: <= max-inbound-buffer-bytes " + LIMIT + ")"), p.message());
            assertFalse(second.isOpen());
            assertTrue(first.isActive(), "the connection that was within the budget stays");
            assertEquals(1, h.context.metrics().overloadCloses.sum());
            first.close();
            assertEquals(0, h.limits.buffered());
            assertFalse(first.finishAndReleaseAll());
            assertFalse(second.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void shouldCloseWhenNoHandshakeArrivesInTime() {
        EmbeddedChannel ch = harness.accepted();
        ch.advanceTimeBy(harness.settings.handshakeTimeoutMs() + 1, TimeUnit.MILLISECONDS);
        ch.runScheduledPendingTasks();
        assertFalse(ch.isOpen());
        assertFalse(ch.finishAndReleaseAll());
        logs.await("no handshake from embedded within " + harness.settings.handshakeTimeoutMs()
                + " ms (expected: HELLO within handshake-timeout-ms)");
    }

    /** A ping carries nothing; one with a payload (an attacker's 100 bytes were taken silently) is refused. */
    @Test
    void shouldRefuseAPingWithAPayload() {
        EmbeddedChannel ch = handshaken();
        ByteBuf ping = harness.writer.ping().writeZero(100);
        ping.setInt(0, ping.readableBytes() - FrameDescriptor.LENGTH_FIELD_LENGTH);
        ch.writeInbound(ping);
        assertEquals("ping frame with 100 payload bytes (expected: none)",
                refusal(ch, ErrorCode.PROTOCOL_ERROR).message());
        assertEquals(0, ping.refCnt());
    }

    @Test
    void shouldPingWhenQuietAndCloseWhenNothingArrives() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings().idleTimeoutMs(300),
                SerializerSet.of(fake));
        try {
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.hello(EmbeddedHarness.REMOTE));
            h.nextOutbound(ch).release();
            ch.advanceTimeBy(101, TimeUnit.MILLISECONDS);
            ch.runScheduledPendingTasks();
            assertEquals(FrameKind.PING, release(h.nextOutbound(ch)).kind());
            ch.writeInbound(h.writer.ping());
            assertTrue(ch.isActive());
            for (int i = 0; i < 4 && ch.isOpen(); i++) {
                ch.advanceTimeBy(101, TimeUnit.MILLISECONDS);
                ch.runScheduledPendingTasks();
            }
            assertFalse(ch.isOpen());
            assertEquals(1, h.context.metrics().idleCloses.sum());
            logs.await("nothing received from remote for 300 ms (expected: a frame or ping within idle-timeout-ms);"
                    + " closing it as half-open");
            ch.finishAndReleaseAll();
        } finally {
            h.close();
        }
    }

    /**
     * A peer with a shorter idle timeout than this node's (or with idle detection on while this node has it off) must
     * hear from this node within its own timeout: pings go out at a third of the shorter one, and this node still
     * closes only after its own timeout (never, if off).
     */
    @ParameterizedTest
    @ValueSource(ints = {0, 3000})
    void shouldPingAtAThirdOfThePeersShorterIdleTimeout(int ownIdleMs) {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings().idleTimeoutMs(ownIdleMs),
                SerializerSet.of(fake));
        try {
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.hello(EmbeddedHarness.REMOTE, LIMIT, 300));
            h.nextOutbound(ch).release();
            for (int period = 0; period < 5; period++) {
                ch.advanceTimeBy(101, TimeUnit.MILLISECONDS);
                ch.runScheduledPendingTasks();
                assertEquals(FrameKind.PING, release(h.nextOutbound(ch)).kind(), "ping in period " + period);
                ch.writeInbound(h.writer.ping());
            }
            assertTrue(ch.isActive());
            assertEquals(0, h.context.metrics().idleCloses.sum());
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void shouldNotPingWhenBothSidesHaveIdleDetectionOff() {
        EmbeddedChannel ch = harness.accepted();
        ch.writeInbound(harness.hello(EmbeddedHarness.REMOTE, LIMIT, 0));
        harness.nextOutbound(ch).release();
        assertNull(ch.pipeline().get(Pipelines.IDLE));
        ch.advanceTimeBy(10, TimeUnit.SECONDS);
        ch.runScheduledPendingTasks();
        assertNull(ch.readOutbound());
        assertTrue(ch.isActive());
        assertFalse(ch.finishAndReleaseAll());
    }

    /** A response the requester could not read (above its declared limit) is refused here, not sent to close it. */
    @Test
    void shouldAnswerAResponseAboveThePeersLimitWithFrameTooLargeAndStayOpen() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(fake));
        try {
            h.context.handlers().onRequest(Echo.class, (from, e) -> CompletableFuture.completedFuture(
                    e.n() == 1 ? new Blob(1, new byte[2000]) : new Echo(e.n(), "small")));
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.hello(EmbeddedHarness.REMOTE, FrameDescriptor.MIN_MAX_FRAME_BYTES, 0));
            h.nextOutbound(ch).release();
            ch.writeInbound(h.request(FrameKind.REQUEST, 4, new Echo(1, "big answer")));
            Frame error = h.nextOutbound(ch);
            assertEquals(FrameKind.ERROR, error.kind());
            assertEquals(4, error.correlationId());
            ErrorPayload p = EmbeddedHarness.errorOf(error);
            assertEquals(ErrorCode.FRAME_TOO_LARGE, p.code());
            assertTrue(p.message().matches("response .*: frame of \\d+ bytes exceeds remote's max-frame-bytes = 1024"),
                    p.message());
            ch.writeInbound(h.request(FrameKind.REQUEST, 5, new Echo(2, "small answer")));
            assertEquals(new Echo(2, "small"), h.decode(h.nextOutbound(ch)));
            assertTrue(ch.isActive());
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void shouldCoalesceFlushesWhenConsolidationIsOn(boolean consolidate) {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings().flushConsolidation(consolidate),
                SerializerSet.of(fake));
        try {
            h.context.handlers().onRequest(Echo.class, (from, e) -> CompletableFuture.completedFuture(e));
            EmbeddedChannel ch = h.accepted();
            AtomicInteger flushes = new AtomicInteger();
            ch.pipeline().addFirst(new ChannelOutboundHandlerAdapter() {
                @Override
                public void flush(ChannelHandlerContext ctx) {
                    flushes.incrementAndGet();
                    ctx.flush();
                }
            });
            ByteBuf batch = Unpooled.buffer();
            ByteBuf hello = h.hello(EmbeddedHarness.REMOTE);
            batch.writeBytes(hello);
            hello.release();
            for (int i = 1; i <= 10; i++) {
                ByteBuf f = h.request(FrameKind.REQUEST, i, new Echo(i, "c"));
                batch.writeBytes(f);
                f.release();
            }
            ch.writeInbound(batch);
            ch.runPendingTasks();
            // WELCOME and ten responses, written while one read is in progress: one flush when coalesced
            assertEquals(consolidate ? 1 : 11, flushes.get(), "flushes reaching the socket");
            h.nextOutbound(ch).release();
            for (int i = 1; i <= 10; i++) {
                assertEquals(new Echo(i, "c"), h.decode(h.nextOutbound(ch)));
            }
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    @Test
    void shouldCloseOnASecondHello() {
        EmbeddedChannel ch = handshaken();
        ch.writeInbound(harness.hello("impostor"));
        assertRefused(ch, ErrorCode.PROTOCOL_ERROR,
                "frame kind = HELLO after the handshake (expected: one handshake per connection)");
        assertEquals(1, harness.context.metrics().protocolErrors.sum());
    }

    @Test
    void shouldAnswerAResponseAboveTheFrameLimitWithFrameTooLarge() {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(fake));
        try {
            h.context.handlers().onRequest(Echo.class,
                    (from, e) -> CompletableFuture.completedFuture(new Blob(1, new byte[h.settings.maxFrameBytes()])));
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.hello(EmbeddedHarness.REMOTE));
            h.nextOutbound(ch).release();
            ch.writeInbound(h.request(FrameKind.REQUEST, 4, new Echo(1, "big answer")));
            Frame error = h.nextOutbound(ch);
            assertEquals(4, error.correlationId());
            ErrorPayload p = EmbeddedHarness.errorOf(error);
            assertEquals(ErrorCode.FRAME_TOO_LARGE, p.code());
            assertTrue(p.message().startsWith("type 1025 encodes to a "), p.message());
            assertEquals(Reason.FRAME_TOO_LARGE, Connection.reasonOf(p.code()));
            assertTrue(ch.isActive());
            assertFalse(ch.finishAndReleaseAll());
        } finally {
            h.close();
        }
    }

    private static String closeReason(EmbeddedChannel ch) {
        return ch.attr(ChannelAttributes.CLOSE_REASON).get();
    }

    private static Frame release(Frame f) {
        f.release();
        return f;
    }

    /**
     * A frame refused after the header decoder (a ping with a payload, a second HELLO) makes the stream as untrusted as
     * a bad header: a request that arrived behind it in the same read must not be run, yet it was.
     */
    @ParameterizedTest
    @ValueSource(strings = {"ping with a payload", "second hello"})
    @Timeout(10)
    void shouldRunNoRequestThatFollowsARefusedFrameInTheSameRead(String refused) {
        AtomicInteger ran = new AtomicInteger();
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), SerializerSet.of(fake));
        try {
            h.context.handlers().onRequest(Echo.class, (from, e) -> {
                ran.incrementAndGet();
                return CompletableFuture.completedFuture(e);
            });
            EmbeddedChannel ch = h.accepted();
            ch.writeInbound(h.hello(EmbeddedHarness.REMOTE));
            h.nextOutbound(ch).release();
            ByteBuf bad;
            if (refused.startsWith("ping")) {
                bad = h.writer.ping().writeZero(100);
                bad.setInt(0, bad.readableBytes() - FrameDescriptor.LENGTH_FIELD_LENGTH);
            } else {
                bad = h.hello("impostor");
            }
            ch.writeInbound(Unpooled.wrappedBuffer(bad, h.request(FrameKind.REQUEST, 9, new Echo(1, "behind"))));

            Frame error = h.nextOutbound(ch);
            assertEquals(FrameKind.ERROR, error.kind());
            assertEquals(ErrorCode.PROTOCOL_ERROR, EmbeddedHarness.errorOf(error).code());
            assertEquals(0, ran.get(), "the request behind a refused " + refused + " was run");
            assertFalse(ch.isOpen());
            ch.finishAndReleaseAll();
        } finally {
            h.close();
        }
    }

    private ErrorPayload refusal(EmbeddedChannel ch, ErrorCode code) {
        Frame error = harness.nextOutbound(ch);
        assertEquals(FrameKind.ERROR, error.kind());
        assertEquals(0, error.correlationId());
        ErrorPayload p = EmbeddedHarness.errorOf(error);
        assertEquals(code, p.code(), p.message());
        assertFalse(ch.isOpen(), "closed after " + code);
        assertNull(ch.readOutbound());
        assertFalse(ch.finishAndReleaseAll());
        return p;
    }

    private void assertRefused(EmbeddedChannel ch, ErrorCode code, String messagePart) {
        ErrorPayload p = refusal(ch, code);
        assertTrue(p.message().contains(messagePart), p.message());
    }
}
