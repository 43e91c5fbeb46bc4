package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.TestTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The frame layout of {@link FrameDescriptor}, pinned byte by byte, and the header checks. */
@ExtendWith(LeakDetectionExtension.class)
class FrameCodecTest {

    private final FakeSerializer fake = FakeSerializer.standard();
    private final FrameWriter writer = new FrameWriter(PooledByteBufAllocator.DEFAULT, 1024);
    private final HeaderDecoder decoder = new HeaderDecoder(SerializerSet.of(fake), EnumSet.allOf(FrameKind.class),
            "test");

    @Test
    void shouldWriteTheDocumentedLayout() {
        ByteBuf frame = writer.message(FrameKind.REQUEST, fake, TestTypes.ECHO_ID, 0x0102030405060708L,
                new Echo(1, "A"));
        String expected = "0000001a" // length: 15 header bytes + 11 payload bytes
                + "5277" + "02" + "01" // magic, version, serializer id
                + "01" + "0400" // flags (kind REQUEST), type id 1024
                + "0102030405060708" // correlation id
                + "0000000000000001" + "0001" + "41"; // fake payload: n, text length, "A"
        assertEquals(expected, ByteBufUtil.hexDump(frame));
        assertEquals(FrameDescriptor.HEADER_LENGTH + 11, frame.readableBytes());
        frame.release();
    }

    @Test
    void shouldDecodeWhatItWrites() {
        ByteBuf frame = writer.message(FrameKind.RESPONSE, fake, TestTypes.ECHO_ID, 42, new Echo(7, "seven"));
        frame.skipBytes(FrameDescriptor.LENGTH_FIELD_LENGTH);
        Frame decoded = decoder.decode(frame);
        frame.release();
        assertEquals(FrameKind.RESPONSE, decoded.kind());
        assertEquals(1, decoded.serializerId());
        assertEquals(TestTypes.ECHO_ID, decoded.typeId());
        assertEquals(42, decoded.correlationId());
        assertEquals(new Echo(7, "seven"), fake.decode(decoded.typeId(), decoded.payload()));
        decoded.release();
    }

    @Test
    void shouldRefuseFramesOverTheLimitWhenWriting() {
        FrameException e = assertThrows(FrameException.class, () -> writer.message(FrameKind.REQUEST, fake,
                TestTypes.ECHO_ID, 1, new Echo(1, "x".repeat(2000))));
        assertEquals(ErrorCode.FRAME_TOO_LARGE, e.code());
        assertEquals("type 1024 encodes to a 2029-byte frame (expected: <= max-frame-bytes 1024)", e.getMessage());
    }

    @Test
    void shouldWriteRawPayloadAsTheSameFrame() {
        ByteBuf payload = Unpooled.buffer();
        fake.encode(new Echo(1, "A"), payload);
        ByteBuf raw = writer.raw(FrameKind.REQUEST, 1, TestTypes.ECHO_ID, 0x0102030405060708L, payload);
        ByteBuf encoded = writer.message(FrameKind.REQUEST, fake, TestTypes.ECHO_ID, 0x0102030405060708L,
                new Echo(1, "A"));
        assertEquals(ByteBufUtil.hexDump(encoded), ByteBufUtil.hexDump(raw));
        raw.release();
        encoded.release();
        payload.release();
    }

    @Test
    void shouldRefuseBadFlagsAndKinds() {
        assertEquals("frame kind = 0 (expected: 1..7)",
                assertThrows(FrameException.class, () -> FrameDescriptor.kindOf(0)).getMessage());
        assertEquals("flags = 0x9 (expected: reserved bits 3..7 clear)",
                assertThrows(FrameException.class, () -> FrameDescriptor.kindOf(9)).getMessage());
        for (FrameKind k : FrameKind.values()) {
            assertEquals(k, FrameDescriptor.kindOf(k.code()));
        }
    }

    @Test
    void shouldRefuseSerializerIdOnControlFrame() {
        ByteBuf ping = writer.ping();
        ping.setByte(FrameDescriptor.SERIALIZER_ID_OFFSET, 1).skipBytes(4);
        FrameException e = assertThrows(FrameException.class, () -> decoder.decode(ping));
        assertEquals("serializer id = 1 on a PING frame (expected: 0)", e.getMessage());
        ping.release();
    }

    @Test
    void shouldRoundTripErrorPayloadAndCutLongMessages() {
        ByteBuf b = Unpooled.buffer();
        new ErrorPayload(ErrorCode.HANDLER_FAILED, "é".repeat(400)).writeTo(b);
        ErrorPayload p = ErrorPayload.readFrom(b);
        assertEquals(ErrorCode.HANDLER_FAILED, p.code());
        assertEquals(ErrorPayload.MAX_MESSAGE_CHARS, p.message().length());
        b.clear().writeByte(99).writeShort(0);
        assertEquals(ErrorCode.UNKNOWN, ErrorPayload.readFrom(b).code());
        b.clear().writeByte(1).writeShort(5).writeByte('x');
        assertEquals("error frame: message length = 5 (expected: the 1 bytes remaining)",
                assertThrows(FrameException.class, () -> ErrorPayload.readFrom(b)).getMessage());
        b.release();
    }

    @Test
    void shouldRefuseSerializersThatCannotShareAConnection() {
        IllegalArgumentException sameId = assertThrows(IllegalArgumentException.class, () -> new SerializerSet(fake,
                List.of(new FakeSerializer(1, "twin", TestTypes.registry()))));
        assertEquals("serializers fake and twin share id 1 (expected: one serializer per id)", sameId.getMessage());
        IllegalArgumentException otherTypes = assertThrows(IllegalArgumentException.class, () -> new SerializerSet(
                fake, List.of(new FakeSerializer(2, "wide", TestTypes.registryWithExtra()))));
        assertTrue(otherTypes.getMessage().startsWith("serializer wide registry = TypeRegistry["),
                otherTypes.getMessage());
        assertEquals("fake (1)", new SerializerSet(fake, List.of(fake)).describeAccepted());
    }

    @Test
    void shouldRoundTripHandshake() {
        SerializerSet two = new SerializerSet(fake, List.of(new FakeSerializer(2, "other", TestTypes.registry())));
        Handshake h = Handshake.of("cluster-a", "node-1", "node-2", Handshake.Lane.BULK, 4096, 300, two);
        ByteBuf b = Unpooled.buffer();
        h.writeTo(b);
        assertEquals(h, Handshake.readFrom(b));
        b.release();
    }

    @Test
    void shouldWriteTheDocumentedHandshakeLayout() {
        Handshake h = new Handshake("c", "n1", "n2", Handshake.Lane.BULK, 16_777_216, 300, 0x0102030405060708L, 3,
                1, List.of(new Handshake.SerializerInfo(1, "kr", 0x1112131415161718L)));
        ByteBuf b = Unpooled.buffer();
        h.writeTo(b);
        String expected = "01" + "63" // cluster id "c"
                + "02" + "6e31" // node id "n1"
                + "02" + "6e32" // target id "n2"
                + "01" // lane BULK
                + "01000000" // max frame bytes 16777216
                + "0000012c" // idle timeout 300 ms
                + "0102030405060708" + "00000003" // registry fingerprint, type count
                + "01" + "01" // send serializer id, accepted count
                + "01" + "1112131415161718" + "02" + "6b72"; // id 1, fingerprint, name "kr"
        assertEquals(expected, ByteBufUtil.hexDump(b));
        assertEquals(h, Handshake.readFrom(b));
        b.release();
    }

    @Test
    void shouldRefuseHandshakeLimitsOutOfRange() {
        Handshake ok = new Handshake("c", "n1", "", Handshake.Lane.URGENT, 1024, 0, 1, 1, 1,
                List.of(new Handshake.SerializerInfo(1, "kr", 2)));
        ByteBuf b = Unpooled.buffer();
        ok.writeTo(b);
        int maxFrameOffset = 2 + 3 + 1 + 1;
        b.setInt(maxFrameOffset, 1023);
        assertEquals("handshake: max frame bytes = 1023 (expected: >= 1024)",
                assertThrows(FrameException.class, () -> Handshake.readFrom(b.duplicate())).getMessage());
        b.setInt(maxFrameOffset, 1024).setInt(maxFrameOffset + 4, -1);
        assertEquals("handshake: idle timeout ms = -1 (expected: >= 0, 0 = off)",
                assertThrows(FrameException.class, () -> Handshake.readFrom(b.duplicate())).getMessage());
        b.setInt(maxFrameOffset + 4, 0);
        assertEquals(ok, Handshake.readFrom(b));
        b.release();
    }

    @Test
    void shouldRefuseEveryTruncationOfAHandshake() {
        Handshake h = Handshake.of("cluster-a", "node-1", "node-2", Handshake.Lane.URGENT, 4096, 300,
                SerializerSet.of(fake));
        ByteBuf full = Unpooled.buffer();
        h.writeTo(full);
        for (int length = 0; length < full.readableBytes(); length++) {
            ByteBuf cut = full.slice(0, length);
            FrameException e = assertThrows(FrameException.class, () -> Handshake.readFrom(cut), "length " + length);
            assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
        }
        full.writeByte(0);
        assertEquals("handshake: 1 bytes after the last field (expected: none)",
                assertThrows(FrameException.class, () -> Handshake.readFrom(full)).getMessage());
        full.release();
    }

    @Test
    void shouldRefuseNonAsciiIdsInHandshake() {
        ByteBuf b = Unpooled.buffer().writeByte(2).writeByte('a').writeByte(0x07);
        assertEquals("handshake: cluster id byte 1 = 0x7 (expected: printable ASCII)",
                assertThrows(FrameException.class, () -> Handshake.readFrom(b)).getMessage());
        b.release();
    }

    @Test
    void shouldListEveryHandshakeDifference() {
        Handshake local = Handshake.of("a", "n1", "", Handshake.Lane.URGENT, 4096, 300, SerializerSet.of(fake));
        Handshake other = Handshake.of("b", "n2", "n3", Handshake.Lane.URGENT, 2048, 0,
                SerializerSet.of(new FakeSerializer(1, "fake", TestTypes.registryWithExtra())));
        List<HandshakeCheck.Problem> problems = HandshakeCheck.checkHello(local, other);
        assertEquals(3, problems.size(), problems.toString());
        assertEquals(new HandshakeCheck.Problem("cluster id", "cluster id = b (expected: a)"), problems.get(0));
        assertEquals(new HandshakeCheck.Problem("target member id", "member id = n1 (expected by n2: n3)"),
                problems.get(2));
        assertEquals("failed checks: cluster id, registry fingerprint, target member id",
                HandshakeCheck.peerMessage(problems));
    }

    @Test
    void shouldRefuseSerializerWithOtherFormat() {
        Handshake local = Handshake.of("a", "n1", "", Handshake.Lane.URGENT, 4096, 300, SerializerSet.of(fake));
        Handshake remote = new Handshake("a", "n2", "n1", Handshake.Lane.URGENT, 1024, 0, local.registryFingerprint(),
                local.typeCount(), 1, List.of(new Handshake.SerializerInfo(1, "fake", 12345)));
        List<HandshakeCheck.Problem> problems = HandshakeCheck.checkHello(local, remote);
        assertEquals("serializer fake (1) fingerprint = 0000000000003039 (expected: "
                + String.format("%016x", fake.fingerprint()) + "; the same provider format version on every"
                + " node)", HandshakeCheck.details(problems));
        assertEquals("failed checks: serializer", HandshakeCheck.peerMessage(problems));
    }

    /**
     * The stream after a refused frame cannot be trusted: a frame that arrived in the same read, after it, must not be
     * passed on (it used to be, and a client's command sent after a frame with a bad magic was applied).
     */
    @Test
    @Timeout(10)
    void shouldPassOnNothingAfterARefusedFrameOfTheSameRead() {
        EmbeddedChannel channel = new EmbeddedChannel(FrameDescriptor.newFrameDecoder(1024), decoder);
        ByteBuf bad = writer.message(FrameKind.REQUEST, fake, TestTypes.ECHO_ID, 1, new Echo(1, "bad"));
        bad.setShort(FrameDescriptor.LENGTH_FIELD_LENGTH, 0x1234); // magic
        ByteBuf good = writer.message(FrameKind.REQUEST, fake, TestTypes.ECHO_ID, 2, new Echo(2, "after"));

        FrameException refused = assertThrows(FrameException.class,
                () -> channel.writeInbound(Unpooled.wrappedBuffer(bad, good)));

        assertTrue(refused.getMessage().contains("magic"), refused.getMessage());
        Object passedOn = channel.readInbound();
        if (passedOn instanceof Frame f) {
            f.release();
        }
        assertNull(passedOn, "a frame after the refused one was passed on");
        channel.finishAndReleaseAll();
    }
}
