package io.raftwire.transport.netty.capture;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.transport.netty.capture.CaptureRecord.Direction;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.testkit.leak.LeakGate;
import io.raftwire.transport.netty.testkit.TestTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FrameCaptureHandler} placed where it belongs (after the frame decoder) records the bytes that travelled in
 * both directions, forwards the same buffers, and leaks nothing.
 */
@ExtendWith(LeakDetectionExtension.class)
class FrameCaptureHandlerTest {

    static {
        QuietCapture.hideExpectedWarnings();
    }

    @TempDir
    Path dir;

    private final FakeSerializer fake = FakeSerializer.standard();
    private final FrameWriter frames = new FrameWriter(PooledByteBufAllocator.DEFAULT, 4096);

    @Test
    void shouldRecordInboundAndOutboundFramesAsTheyTravelled() throws IOException {
        assertTrue(LeakGate.installed(), "the counting leak detector must be armed");
        Path file = dir.resolve("channel.rwcap");
        ByteBuf request = frames.message(FrameKind.REQUEST, fake, TestTypes.ECHO_ID, 7, new Echo(1, "hello"));
        ByteBuf error = frames.error(7, TestTypes.ECHO_ID, new ErrorPayload(ErrorCode.NO_HANDLER, "none here"));
        ByteBuf response = frames.message(FrameKind.RESPONSE, fake, TestTypes.ECHO_ID, 9, new Echo(2, "back"));
        String requestHex = ByteBufUtil.hexDump(request);
        String errorHex = ByteBufUtil.hexDump(error);
        String responseHex = ByteBufUtil.hexDump(response);

        try (CaptureWriter writer = CaptureWriter.open(file)) {
            EmbeddedChannel channel = new EmbeddedChannel(FrameDescriptor.newFrameDecoder(4096),
                    new FrameCaptureHandler(writer, ch -> "node-2"));
            // two inbound frames in one read, split at an odd place, as TCP may deliver them
            CompositeByteBuf stream = PooledByteBufAllocator.DEFAULT.compositeBuffer();
            stream.addComponents(true, request, error);
            ByteBuf first = stream.readRetainedSlice(5);
            ByteBuf rest = stream.readRetainedSlice(stream.readableBytes());
            stream.release();
            channel.writeInbound(first);
            channel.writeInbound(rest);
            for (int i = 0; i < 2; i++) {
                // a slice of the decoder's cumulation: one release here must free it (the leak gate checks)
                ByteBuf stripped = channel.readInbound();
                stripped.release();
            }

            assertTrue(channel.writeOutbound(response));
            ByteBuf sent = channel.readOutbound();
            assertSame(response, sent, "the handler forwards the buffer it was given");
            assertEquals(1, sent.refCnt(), "the handler must not retain or release outbound frames");
            assertEquals(0, sent.readerIndex(), "the handler must not move the indexes");
            sent.release();
            channel.finishAndReleaseAll();
            assertEquals(3, writer.recorded());
        }

        List<CaptureRecord> records = CaptureFileTest.readAll(Files.newInputStream(file));
        assertEquals(3, records.size());
        assertRecord(records.get(0), Direction.INBOUND, requestHex);
        assertRecord(records.get(1), Direction.INBOUND, errorHex);
        assertRecord(records.get(2), Direction.OUTBOUND, responseHex);
    }

    @Test
    void shouldPassOtherOutboundMessagesThroughUnrecorded() throws IOException {
        try (CaptureWriter writer = CaptureWriter.open(dir.resolve("other.rwcap"))) {
            EmbeddedChannel channel = new EmbeddedChannel(new FrameCaptureHandler(writer, ch -> null));
            channel.writeOutbound("not a frame");
            assertEquals("not a frame", channel.readOutbound());
            channel.finishAndReleaseAll();
            assertEquals(0, writer.recorded());
        }
    }

    private static void assertRecord(CaptureRecord record, Direction direction, String frameHex) {
        assertEquals(direction, record.direction());
        assertEquals("node-2", record.peerId());
        assertEquals(frameHex, ByteBufUtil.hexDump(record.frame()));
    }
}
