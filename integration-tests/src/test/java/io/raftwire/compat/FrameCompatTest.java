package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.serializer.Serializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HandshakeCheck;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Today's decoders read the golden frames of release {@value CompatFixtures#VERSION} (issue 26's N-1 fixtures), per
 * provider: every frame kind decodes to what {@code frames/expected.properties} records, and today's handshake check
 * accepts the recorded HELLO and WELCOME, so a member of that release could still connect.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class FrameCompatTest {

    static Iterable<String> providers() {
        return CompatFixtures.PROVIDERS;
    }

    @ParameterizedTest
    @MethodSource("providers")
    void everyGoldenFrameDecodesToItsRecordedValue(String provider) throws Exception {
        Path frames = CompatFixtures.folder(CompatFixtures.VERSION, provider).resolve("frames");
        Map<String, String> expected = CompatFixtures.read(frames.resolve("expected.properties"));
        Serializer serializer = CompatFixtures.serializer(provider);
        Map<String, String> actual = new TreeMap<>();
        for (String name : FrameFixtures.NAMES) {
            actual.putAll(read(frames, name, serializer));
        }
        assertEquals(expected, actual, provider + " golden frames in " + frames);
    }

    @ParameterizedTest
    @MethodSource("providers")
    void todaysHandshakeCheckAcceptsTheRecordedHelloAndWelcome(String provider) throws Exception {
        Path frames = CompatFixtures.folder(CompatFixtures.VERSION, provider).resolve("frames");
        Serializer serializer = CompatFixtures.serializer(provider);
        SerializerSet set = SerializerSet.of(serializer);
        Handshake hello = handshake(frames.resolve("hello.hex"));
        Handshake welcome = handshake(frames.resolve("welcome.hex"));
        Handshake node2 = Handshake.of(CompatFixtures.GROUP, "node-2", "node-1", Handshake.Lane.URGENT,
                16 * 1024 * 1024, 3000, set);
        Handshake node1 = Handshake.of(CompatFixtures.GROUP, "node-1", "node-2", Handshake.Lane.URGENT,
                16 * 1024 * 1024, 3000, set);
        assertEquals(List.of(), HandshakeCheck.checkHello(node2, hello), "node-2 today, HELLO of " + provider
                + " release " + CompatFixtures.VERSION);
        assertEquals(List.of(), HandshakeCheck.checkWelcome(node1, "node-2", welcome), "node-1 today, WELCOME of "
                + provider + " release " + CompatFixtures.VERSION);
    }

    /** The frame list the fixture holds is the one the writer writes: a new frame kind needs a new version folder. */
    @ParameterizedTest
    @MethodSource("providers")
    void theFixtureHoldsAFrameOfEveryKind(String provider) throws Exception {
        Path frames = CompatFixtures.folder(CompatFixtures.VERSION, provider).resolve("frames");
        Map<String, String> expected = CompatFixtures.read(frames.resolve("expected.properties"));
        for (FrameKind kind : FrameKind.values()) {
            assertTrue(expected.values().stream().anyMatch(v -> v.startsWith("kind " + kind + ",")),
                    "no golden " + kind + " frame for " + provider + " in " + frames);
        }
    }

    private static Map<String, String> read(Path frames, String name, Serializer serializer) throws Exception {
        ByteBuf whole = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(
                Files.readString(frames.resolve(name + ".hex"), StandardCharsets.US_ASCII).strip()));
        try {
            return new LinkedHashMap<>(FrameFixtures.read(name, serializer, whole));
        } finally {
            whole.release();
        }
    }

    private static Handshake handshake(Path hex) throws Exception {
        ByteBuf whole = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(
                Files.readString(hex, StandardCharsets.US_ASCII).strip()));
        try {
            whole.skipBytes(FrameDescriptor.HEADER_LENGTH);
            return Handshake.readFrom(whole);
        } finally {
            whole.release();
        }
    }
}
