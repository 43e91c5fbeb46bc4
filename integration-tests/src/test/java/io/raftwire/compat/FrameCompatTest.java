package io.raftwire.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
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
import io.raftwire.transport.netty.codec.SchemaMarker;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Today's decoders read the golden frames of every fixture folder ({@link CompatFixtures#VERSIONS}, issue 26's N-1
 * fixtures), per provider: every frame kind decodes to what {@code frames/expected.properties} records, and today's handshake check
 * accepts the recorded HELLO and WELCOME, so a member of that release could still connect.
 */
@ExtendWith(LeakDetectionExtension.class)
@Timeout(30)
class FrameCompatTest {

    static Iterable<String> providers() {
        return CompatFixtures.PROVIDERS;
    }

    static Stream<Arguments> folders() {
        return CompatFixtures.VERSIONS.stream().flatMap(v -> CompatFixtures.PROVIDERS.stream()
                .map(p -> Arguments.of(v, p)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("folders")
    void everyGoldenFrameDecodesToItsRecordedValue(String version, String provider) throws Exception {
        Path frames = CompatFixtures.folder(version, provider).resolve("frames");
        Map<String, String> expected = CompatFixtures.read(frames.resolve("expected.properties"));
        Serializer serializer = CompatFixtures.serializer(provider);
        Map<String, String> actual = new TreeMap<>();
        for (String name : FrameFixtures.NAMES) {
            actual.putAll(read(frames, name, serializer));
        }
        assertEquals(expected, actual, provider + " golden frames in " + frames);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("folders")
    void todaysHandshakeCheckAcceptsTheRecordedHelloAndWelcome(String version, String provider) throws Exception {
        Path frames = CompatFixtures.folder(version, provider).resolve("frames");
        Serializer serializer = CompatFixtures.serializer(provider);
        SerializerSet set = SerializerSet.of(serializer);
        Handshake hello = handshake(frames.resolve("hello.hex"));
        Handshake welcome = handshake(frames.resolve("welcome.hex"));
        Handshake node2 = Handshake.of(CompatFixtures.GROUP, "node-2", "node-1", Handshake.Lane.URGENT,
                16 * 1024 * 1024, 3000, set);
        Handshake node1 = Handshake.of(CompatFixtures.GROUP, "node-1", "node-2", Handshake.Lane.URGENT,
                16 * 1024 * 1024, 3000, set);
        assertEquals(List.of(), HandshakeCheck.checkHello(node2, hello), "node-2 today, HELLO of " + provider
                + " release " + version);
        assertEquals(List.of(), HandshakeCheck.checkWelcome(node1, "node-2", welcome), "node-1 today, WELCOME of "
                + provider + " release " + version);
    }

    /** The frame list the fixture holds is the one the writer writes: a new frame kind needs a new version folder. */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("folders")
    void theFixtureHoldsAFrameOfEveryKind(String version, String provider) throws Exception {
        Path frames = CompatFixtures.folder(version, provider).resolve("frames");
        Map<String, String> expected = CompatFixtures.read(frames.resolve("expected.properties"));
        for (FrameKind kind : FrameKind.values()) {
            assertTrue(expected.values().stream().anyMatch(v -> v.startsWith("kind " + kind + ",")),
                    "no golden " + kind + " frame for " + provider + " in " + frames);
        }
    }

    /**
     * The levels folder's HELLO and WELCOME carry the schema marker (the entry a 0.1.0 member reads as one more
     * accepted serializer) announcing levels 1..1 and the digest of the registry's schema, the digest its data
     * directories record as level 1.
     */
    @ParameterizedTest
    @MethodSource("providers")
    void theLevelsFolderHandshakesAnnounceTheSchemaOfLevelOne(String provider) throws Exception {
        Path frames = CompatFixtures.folder(CompatFixtures.LEVELS_VERSION, provider).resolve("frames");
        long digest = CompatFixtures.levelOne().current().orElseThrow().digest();
        for (String name : List.of("hello", "welcome")) {
            Handshake.SerializerInfo marker = SchemaMarker.find(handshake(frames.resolve(name + ".hex")));
            assertNotNull(marker, provider + " " + name + " of " + CompatFixtures.LEVELS_VERSION
                    + " (expected: a schema marker entry)");
            assertEquals(new Handshake.SerializerInfo(SchemaMarker.ID, SchemaMarker.LEVELS, digest), marker,
                    provider + " " + name + "'s marker (expected: levels 1..1 and level 1's schema digest)");
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
