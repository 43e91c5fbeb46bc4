package io.raftwire.transport.netty.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.raftwire.serializer.model.Kind;
import io.raftwire.serializer.schema.FieldSchema;
import io.raftwire.serializer.schema.Schema;
import io.raftwire.serializer.schema.ShapeSchema;
import io.raftwire.serializer.schema.TypeSchema;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.transport.netty.testkit.TestTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The capability marker in the handshake and the schema frame: bytes, limits and refusals. */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class SchemaHandshakeCodecTest {

    private final FakeSerializer fake = FakeSerializer.standard();
    private final FrameWriter writer = new FrameWriter(UnpooledByteBufAllocator.DEFAULT, 4096);

    /** One type 1024 {@code a.B} built through its constructor, one native component {@code long n}, tag 1. */
    private static final Schema TINY = new Schema(List.of(new TypeSchema(1024, "a.B", false, List.of(
            new FieldSchema(1, "n", false, new ShapeSchema(Kind.LONG, false, null, null, 0, List.of(), null,
                    null))))));

    @Test
    void theMarkerIsTheLastAcceptedEntryWithTheSchemaDigestAndTheSupportedLevels() {
        SerializerSet set = SerializerSet.of(fake);
        Handshake h = Handshake.of("c", "n1", "n2", Handshake.Lane.URGENT, 4096, 300, set);
        Handshake.SerializerInfo marker = h.accepted().get(h.accepted().size() - 1);
        assertEquals(new Handshake.SerializerInfo(127, "levels-1-1", TestTypes.registry().schema().digest()), marker);
        assertEquals(marker, SchemaMarker.find(h));
        assertEquals("1..1", SchemaMarker.levels(marker));
        assertNull(h.acceptedInfo(127), "the marker is no serializer");
        assertEquals(List.of(Handshake.SerializerInfo.of(fake)), h.serializers());

        ByteBuf b = Unpooled.buffer();
        h.writeTo(b);
        String hex = ByteBufUtil.hexDump(b);
        // accepted count 2, then the fake serializer's entry, then the marker: id 0x7f, digest, "levels-1-1"
        String fakeEntry = "01" + String.format("%016x", fake.fingerprint()) + "04" + hex("fake");
        String markerEntry = "7f" + String.format("%016x", set.schema().digest()) + "0a" + hex("levels-1-1");
        assertTrue(hex.endsWith("01" + "02" + fakeEntry + markerEntry), hex);
        assertEquals(h, Handshake.readFrom(b));
        b.release();
    }

    @Test
    void aMarkerNameIsReadLeniently() {
        assertEquals("1..2", SchemaMarker.levels(new Handshake.SerializerInfo(127, "levels-1-2/at-2", 0)));
        assertEquals("unknown", SchemaMarker.levels(new Handshake.SerializerInfo(127, "x", 0)));
    }

    @Test
    void serializerIdOneHundredTwentySevenAndASixteenthSerializerAreRefused() {
        IllegalArgumentException reserved = assertThrows(IllegalArgumentException.class,
                () -> SerializerSet.of(new FakeSerializer(127, "late", TestTypes.registry())));
        assertEquals("serializer late id = 127 (expected: 1..126; 127 is reserved for the handshake's schema marker)",
                reserved.getMessage());
        List<io.raftwire.serializer.Serializer> more = new java.util.ArrayList<>();
        for (int id = 2; id <= 16; id++) {
            more.add(new FakeSerializer(id, "s" + id, TestTypes.registry()));
        }
        IllegalArgumentException many = assertThrows(IllegalArgumentException.class,
                () -> new SerializerSet(fake, more));
        assertEquals("16 serializers (expected: at most 15, which with the schema marker fill the 16 entries a"
                + " handshake holds)", many.getMessage());
    }

    @Test
    void theSchemaFrameHasTheDocumentedBytes() {
        ByteBuf frame = writer.schema(LocalSchema.of(TINY));
        String payload = "525753" + "01" // magic "RWS", version 1
                + "01" // one type
                + "8008" + "03" + hex("a.B") + "00" // id 1024 (varint), class name, built through its constructor
                + "01" // one component
                + "01" + "01" + hex("n") + "00" // tag 1, name "n", native
                + "00" + "00"; // kind LONG, flags 0 (non-null)
        String header = "00000022" // 15 header bytes after the length field + 19 payload bytes
                + "5277" + "02" // magic, version
                + "7f" // serializer id 127: the marker's
                + "03" // flags: ONE_WAY
                + "0000" // type id 0
                + "0000000000000000"; // correlation id 0
        assertEquals(header + payload, ByteBufUtil.hexDump(frame));
        frame.skipBytes(FrameDescriptor.LENGTH_FIELD_LENGTH);
        Frame parsed = new HeaderDecoder(SerializerSet.of(fake), EnumSet.of(FrameKind.ONE_WAY), "test").decode(frame);
        frame.release();
        assertTrue(SchemaFrame.is(parsed));
        assertEquals(TINY, SchemaFrame.read(parsed.payload()));
        assertFalse(parsed.payload().isReadable());
        parsed.release();
    }

    @Test
    void hostileSchemaBytesAreRefusedWithTheOffsetAndWhatWasExpected() {
        assertEquals("schema frame: schema bytes: at byte 1 (expected: not a schema: the magic bytes 52 57 53"
                + " (\"RWS\"))", refusal(Unpooled.wrappedBuffer(new byte[] {'R', 'X', 'S', 1, 0})));
        byte[] good = io.raftwire.serializer.schema.SchemaCodec.write(TINY);
        byte[] longer = java.util.Arrays.copyOf(good, good.length + 1);
        assertEquals("schema frame: schema bytes: at byte 19 (expected: the end of the schema, found 1 more"
                + " byte(s))", refusal(Unpooled.wrappedBuffer(longer)));
        byte[] manyTypes = {'R', 'W', 'S', 1, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07};
        assertEquals("schema frame: schema bytes: at byte 4 (expected: type count of at most 1 for the bytes left,"
                + " found 2147483647)", refusal(Unpooled.wrappedBuffer(manyTypes)));
    }

    @Test
    void aSchemaOverTheLimitIsRefusedUnread() {
        ByteBuf big = Unpooled.buffer(SchemaFrame.MAX_SCHEMA_BYTES + 1).writeZero(SchemaFrame.MAX_SCHEMA_BYTES + 1);
        assertEquals("schema frame of 1048577 payload bytes (expected: at most 1048576)", refusal(big));
    }

    @Test
    void aSchemaFrameWithATypeIdOrCorrelationIdIsRefusedByTheHeaderDecoder() {
        ByteBuf frame = writer.raw(FrameKind.ONE_WAY, 127, 5, 0, Unpooled.EMPTY_BUFFER);
        frame.skipBytes(FrameDescriptor.LENGTH_FIELD_LENGTH);
        HeaderDecoder decoder = new HeaderDecoder(SerializerSet.of(fake), EnumSet.of(FrameKind.ONE_WAY), "test");
        FrameException e = assertThrows(FrameException.class, () -> decoder.decode(frame));
        frame.release();
        assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
        assertEquals("schema frame with type id = 5 and correlation id = 0 (expected: 0 and 0)", e.getMessage());
    }

    private static String refusal(ByteBuf payload) {
        try {
            FrameException e = assertThrows(FrameException.class, () -> SchemaFrame.read(payload));
            assertEquals(ErrorCode.PROTOCOL_ERROR, e.code());
            return e.getMessage();
        } finally {
            payload.release();
        }
    }

    private static String hex(String ascii) {
        return ByteBufUtil.hexDump(ascii.getBytes(StandardCharsets.US_ASCII));
    }
}
