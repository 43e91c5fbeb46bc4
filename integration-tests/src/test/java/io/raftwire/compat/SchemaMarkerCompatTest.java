package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import io.raftwire.transport.netty.codec.SchemaMarker;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The schema marker against release {@value CompatFixtures#VERSION}'s golden HELLO and WELCOME, per provider: today's
 * handshake is that release's, byte for byte, with the accepted count one higher and the marker entry appended, so a
 * member of that release reads it as one more accepted serializer (it reads up to 16, any id) and never sends with
 * it; and a check whose own side is that release's recorded declaration (no marker) accepts today's. (The reverse,
 * today's check accepting the recorded frames, is {@code FrameCompatTest}.)
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class SchemaMarkerCompatTest {

    static Iterable<String> providers() {
        return CompatFixtures.PROVIDERS;
    }

    @ParameterizedTest
    @MethodSource("providers")
    void todaysHelloAndWelcomeAreTheRecordedOnesPlusTheMarker(String provider) throws Exception {
        Path frames = CompatFixtures.folder(CompatFixtures.VERSION, provider).resolve("frames");
        SerializerSet set = SerializerSet.of(CompatFixtures.serializer(provider));
        String marker = "7f" + String.format("%016x", set.schema().digest()) + "0a"
                + ByteBufUtil.hexDump("levels-1-1".getBytes(StandardCharsets.US_ASCII));
        assertEquals(withMarker(hex(frames.resolve("hello.hex")), "node-1", marker),
                todays(FrameKind.HELLO, "node-1", "node-2", set), provider + " HELLO");
        assertEquals(withMarker(hex(frames.resolve("welcome.hex")), "node-2", marker),
                todays(FrameKind.WELCOME, "node-2", "node-1", set), provider + " WELCOME");
    }

    @ParameterizedTest
    @MethodSource("providers")
    void aMemberOfThatReleaseAcceptsTodaysHelloAndWelcome(String provider) throws Exception {
        Path frames = CompatFixtures.folder(CompatFixtures.VERSION, provider).resolve("frames");
        Handshake oldHello = read(hex(frames.resolve("hello.hex")));
        Handshake oldWelcome = read(hex(frames.resolve("welcome.hex")));
        assertNull(SchemaMarker.find(oldHello), "that release sends no marker");
        SerializerSet set = SerializerSet.of(CompatFixtures.serializer(provider));
        Handshake newHello = read(todays(FrameKind.HELLO, "node-1", "node-2", set));
        Handshake newWelcome = read(todays(FrameKind.WELCOME, "node-2", "node-1", set));
        // node-2 of that release (its recorded WELCOME is its declaration) checks today's node-1, and the reverse
        assertEquals(List.of(), HandshakeCheck.checkHello(oldWelcome, newHello), provider);
        assertEquals(List.of(), HandshakeCheck.checkWelcome(oldHello, "node-2", newWelcome), provider);
        assertEquals(oldHello.accepted(), newHello.serializers(), "the same serializers, the marker aside");
        assertFalse(HandshakeCheck.exchangesSchemas(newHello, oldWelcome, List.of(new HandshakeCheck.Problem(
                HandshakeCheck.REGISTRY, "any"))), "no schema frame ever goes to a member of that release");
    }

    /** The recorded frame with the accepted count one higher and {@code marker} appended (length field adjusted). */
    private static String withMarker(String recorded, String node, String marker) {
        byte[] b = ByteBufUtil.decodeHexDump(recorded);
        int targetAt = FrameDescriptor.HEADER_LENGTH + (1 + CompatFixtures.GROUP.length()) + (1 + node.length());
        // after the target id: lane, max frame bytes, idle timeout, registry fingerprint, type count, send serializer
        int countAt = targetAt + 1 + b[targetAt] + 1 + 4 + 4 + 8 + 4 + 1;
        b[countAt]++;
        ByteBuf out = Unpooled.wrappedBuffer(b);
        try {
            out.setInt(0, out.getInt(0) + marker.length() / 2);
            return ByteBufUtil.hexDump(out) + marker;
        } finally {
            out.release();
        }
    }

    private static String todays(FrameKind kind, String node, String target, SerializerSet set) {
        FrameWriter w = new FrameWriter(ByteBufAllocator.DEFAULT, FrameDescriptor.MIN_MAX_FRAME_BYTES * 16);
        // as FrameFixtures wrote the recorded ones: the WELCOME names a target too
        ByteBuf frame = w.handshake(kind, Handshake.of(CompatFixtures.GROUP, node, target, Handshake.Lane.URGENT,
                16 * 1024 * 1024, 3000, set));
        try {
            return ByteBufUtil.hexDump(frame);
        } finally {
            frame.release();
        }
    }

    private static String hex(Path file) throws Exception {
        return Files.readString(file, StandardCharsets.US_ASCII).strip();
    }

    private static Handshake read(String hex) {
        ByteBuf whole = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(hex));
        try {
            whole.skipBytes(FrameDescriptor.HEADER_LENGTH);
            return Handshake.readFrom(whole);
        } finally {
            whole.release();
        }
    }
}
