package io.raftwire.bench.handwritten;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.serializer.SerializationException;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hand codec is a fair baseline only if it carries every catalog message exactly, and refuses broken input. */
@ExtendWith(LeakDetectionExtension.class)
class HandwrittenCodecTest {

    private final HandwrittenCodec codec = new HandwrittenCodec();

    @Test
    void shouldRoundTripEveryFixtureOfEveryType() {
        List<Object> fixtures = fixtures();
        Set<MessageType> covered = EnumSet.noneOf(MessageType.class);
        for (Object fixture : fixtures) {
            ByteBuf buf = Unpooled.directBuffer();
            try {
                int written = codec.encode(fixture, buf);
                assertEquals(buf.readableBytes(), written, "encode result for " + fixture);
                int typeId = TypeRegistry.catalog().idOf(fixture);
                assertEquals(fixture, codec.decode(typeId, buf));
                assertEquals(0, buf.readableBytes(), "bytes left after decoding " + fixture);
                covered.add(MessageType.ofId(typeId));
            } finally {
                buf.release();
            }
        }
        assertEquals(EnumSet.allOf(MessageType.class), covered);
    }

    @Test
    void shouldRefuseEveryTruncatedPayload() {
        for (Object fixture : new CatalogFixtures(7).all()) {
            ByteBuf buf = Unpooled.buffer();
            try {
                codec.encode(fixture, buf);
                buf.writerIndex(buf.writerIndex() - 1);
                int typeId = TypeRegistry.catalog().idOf(fixture);
                SerializationException e = assertThrows(SerializationException.class, () -> codec.decode(typeId, buf),
                        () -> "truncated " + fixture);
                assertEquals(typeId, e.typeId());
            } finally {
                buf.release();
            }
        }
    }

    @Test
    void shouldRefuseTrailingBytesAndUnknownTypes() {
        ByteBuf buf = Unpooled.buffer();
        try {
            codec.encode(new VoteRequest(1, new MemberId("n1"), 2, 3), buf);
            buf.writeByte(0);
            SerializationException trailing = assertThrows(SerializationException.class,
                    () -> codec.decode(MessageType.VOTE_REQUEST.id(), buf));
            assertTrue(trailing.getMessage().contains("1 bytes left"), trailing.getMessage());
            buf.clear().writeByte(0);
            assertThrows(SerializationException.class, () -> codec.decode(MessageType.MAX_RESERVED_ID, buf));
            int before = buf.clear().writerIndex();
            assertThrows(SerializationException.class, () -> codec.encode("not a catalog type", buf));
            assertEquals(before, buf.writerIndex());
        } finally {
            buf.release();
        }
    }

    private static List<Object> fixtures() {
        List<Object> fixtures = new ArrayList<>(new CatalogFixtures(42).all());
        for (long seed = 0; seed < 5; seed++) {
            fixtures.addAll(new CatalogFixtures(seed).messageSet());
        }
        return fixtures;
    }
}
