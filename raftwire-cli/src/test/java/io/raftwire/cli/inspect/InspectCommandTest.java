package io.raftwire.cli.inspect;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.raftwire.cli.ExitCodes;
import io.raftwire.cli.Run;
import io.raftwire.cli.codecs.SampleMessages;
import io.raftwire.message.MessageType;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.value.MemberId;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.VoteRequestModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.transport.netty.capture.CaptureRecord.Direction;
import io.raftwire.transport.netty.capture.CaptureWriter;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code raftwire inspect} on frames written by the transport's own {@link FrameWriter} with the real serializers:
 * every header field by name, the right type names, every field of the message, control frames, and bad frames shown
 * with their reason while the next frame still decodes.
 */
@ExtendWith(LeakDetectionExtension.class)
class InspectCommandTest {

    private static final TypeRegistry REGISTRY = InspectRegistry.registry();
    private static final VoteRequest VOTE = new VoteRequest(5, new MemberId("node-1"), 10, 4);

    @TempDir
    Path dir;

    private final FrameWriter writer = new FrameWriter(PooledByteBufAllocator.DEFAULT, 1024 * 1024);

    @Test
    void shouldShowEveryHeaderFieldAndEveryMessageField() {
        byte[] frame = message(FrameKind.REQUEST, "kryo", 7, VOTE);
        Run run = Run.of("inspect", "--hex", HexFormat.of().formatHex(frame));
        assertEquals(ExitCodes.OK, run.status(), run.err());
        assertEquals(List.of(
                "frame 0 (offset 0), " + frame.length + " bytes",
                "  length: " + (frame.length - 4) + " (bytes after the length field)",
                "  magic: 0x5277",
                "  version: 2",
                "  serializer: kryo (1)",
                "  flags: 0x01 (kind REQUEST)",
                "  type: VoteRequest (17)",
                "  correlation id: 7",
                "  payload: " + (frame.length - 19) + " bytes",
                "  message: VoteRequest (17)",
                "    term: 5",
                "    candidate: MemberId (61)",
                "      id: \"node-1\"",
                "    lastLogIndex: 10",
                "    lastLogTerm: 4",
                "1 frame: 1 decoded, 0 could not be decoded"), run.outLines());
        assertEquals("", run.err());
    }

    @Test
    void shouldDecodeEveryProviderTheFrameNames() {
        for (String provider : List.of("kryo", "protostuff", "jdk")) {
            byte[] frame = message(FrameKind.RESPONSE, provider, 1, VOTE);
            Run run = Run.of("inspect", "--hex", HexFormat.of().formatHex(frame));
            assertEquals(ExitCodes.OK, run.status(), provider + ": " + run.out());
            int id = Serializers.provider(provider).id();
            assertTrue(run.out().contains("  serializer: " + provider + " (" + id + ")\n"), run.out());
            assertTrue(run.out().contains("  flags: 0x02 (kind RESPONSE)\n"), run.out());
            assertTrue(run.out().contains("      id: \"node-1\"\n"), run.out());
        }
    }

    @Test
    void shouldPrintNestedPolymorphicListsAndByteArrays() {
        SampleMessages samples = new SampleMessages(3);
        byte[] append = message(FrameKind.REQUEST, "protostuff", 2, samples.sample(MessageType.APPEND_REQUEST));
        byte[] install = message(FrameKind.ONE_WAY, "kryo", 0, samples.sample(MessageType.INSTALL_REQUEST));
        Run run = Run.of("inspect", "--hex", HexFormat.of().formatHex(append) + " " + HexFormat.of().formatHex(install));
        assertEquals(ExitCodes.OK, run.status(), run.out());
        String out = run.out();
        assertTrue(out.contains("    entries: List[15]\n      [0] OpenSessionEntry (43)\n        term: 0\n"), out);
        assertTrue(out.contains("      [6] CommandEntry (47)\n"), out);
        assertTrue(out.contains("          id: DefaultOperationId (66)\n"), out);
        assertTrue(out.contains("  flags: 0x03 (kind ONE_WAY)\n"), out);
        assertTrue(out.contains("    data: byte[31500] 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 ...\n"), out);
        assertTrue(out.contains("    serviceConfig: byte[65] 74 68 69 73 20 69 73 20 61 20 74 65 73 74 20 73 ..."
                + "  \"this is a test s...\"\n"), out);
        assertTrue(out.contains("2 frames: 2 decoded, 0 could not be decoded"), out);
    }

    @Test
    void shouldDecodeTheRaftEngineTypes() {
        VoteRequestModel vote = new VoteRequestModel("group-1", new NodeEndpoint("node-2"), 3, 2, 17, false);
        byte[] frame = message(FrameKind.ONE_WAY, "kryo", 0, vote);
        Run run = Run.of("inspect", "--hex", HexFormat.of().formatHex(frame));
        assertEquals(ExitCodes.OK, run.status(), run.out());
        assertTrue(run.out().contains("  type: VoteRequestModel (117)\n"), run.out());
        assertTrue(run.out().contains("    sender: NodeEndpoint (100)\n      id: \"node-2\"\n"), run.out());
        assertTrue(run.out().contains("    sticky: false\n"), run.out());
    }

    @Test
    void shouldShowTheFieldsOfControlFrames() {
        Serializer kryo = serializer("kryo");
        Handshake hello = Handshake.of("cluster-a", "node-1", "node-2", Handshake.Lane.URGENT, 65536, 3000,
                SerializerSet.of(kryo));
        byte[] handshake = bytes(writer.handshake(FrameKind.HELLO, hello));
        byte[] error = bytes(writer.error(9, 17, new ErrorPayload(ErrorCode.NO_HANDLER,
                "no handler for \u001b[2Jvotes")));
        byte[] ping = bytes(writer.ping());
        Run run = Run.of("inspect", "--hex", hex(handshake, error, ping));
        assertEquals(ExitCodes.OK, run.status(), run.out());
        String out = run.out();
        assertTrue(out.contains("  serializer: 0 (none: control frame)\n  flags: 0x05 (kind HELLO)\n"), out);
        assertTrue(out.contains("    cluster id: \"cluster-a\"\n    node id: \"node-1\"\n    target id: \"node-2\"\n"
                + "    lane: URGENT\n    max frame bytes: 65536\n    idle timeout ms: 3000\n"), out);
        assertTrue(out.contains(String.format(Locale.ROOT, "    registry fingerprint: 0x%016x (same as inspect's"
                + " registry)\n", REGISTRY.fingerprint())), out);
        assertTrue(out.contains("    send serializer: kryo (1)\n    accepted: kryo (1, fingerprint 0x"), out);
        assertTrue(out.contains("  flags: 0x04 (kind ERROR)\n  type: VoteRequest (17)\n  correlation id: 9\n"), out);
        assertTrue(out.contains("  error code: NO_HANDLER (6)\n"), out);
        assertTrue(out.contains("  error message: \"no handler for \\u001b[2Jvotes\"\n"),
                "a peer's text is escaped: " + out);
        assertTrue(out.contains("  flags: 0x07 (kind PING)\n"), out);
        assertTrue(out.contains("3 frames: 3 decoded, 0 could not be decoded"), out);
    }

    @Test
    void shouldShowWhyAFrameCannotBeDecodedAndGoOn() {
        byte[] good = message(FrameKind.REQUEST, "kryo", 1, VOTE);
        byte[] badMagic = good.clone();
        badMagic[5] = 0x78;
        byte[] badPayload = message(FrameKind.REQUEST, "kryo", 2, VOTE);
        badPayload[badPayload.length - 1] = (byte) 0xFF; // lastLogTerm becomes an unterminated varint
        byte[] unknownSerializer = good.clone();
        unknownSerializer[7] = 9;
        byte[] unknownType = good.clone();
        unknownType[10] = (byte) 0xFF;
        Run run = Run.of("inspect", "--hex", hex(good, badMagic, badPayload, unknownSerializer, unknownType, good));
        assertEquals(ExitCodes.FOUND_PROBLEMS, run.status());
        String out = run.out();
        assertTrue(out.contains("  magic: 0x5278\n  cannot decode: magic = 0x5278 (expected: 0x5277)\nframe 2"), out);
        assertTrue(out.contains("frame 2 (offset " + 2 * good.length + ")"), out);
        assertTrue(out.contains("  serializer: unknown (9)\n"), out);
        assertTrue(out.contains("  cannot decode: serializer id = 9 (expected: one of the serializers installed here:"
                + " fory (4), jdk (3), kryo (1), protostuff (2))\n"), out);
        assertTrue(out.contains("  type: unknown type (" + (17 | 0xFF) + ")\n"), out);
        assertTrue(out.contains("  cannot decode: message type id = " + (17 | 0xFF) + " (expected: a type id"
                + " registered here"), out);
        long reasons = out.lines().filter(l -> l.startsWith("  cannot decode: ")).count();
        assertEquals(4, reasons, out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("  cannot decode: ") && l.contains("kryo")),
                "the serializer's reason names the provider: " + out);
        assertTrue(out.endsWith("frame 5 (offset " + (good.length * 5) + "), " + good.length + " bytes\n"
                + String.join("\n", run.outLines().subList(1, 15)) + "\n"
                + "6 frames: 2 decoded, 4 could not be decoded\n"), "the last frame decodes fully: " + out);
        assertEquals("", run.err(), "no stack trace");
    }

    @Test
    void shouldShowTheWholeReasonRaftwireGaveEvenWhenLong() {
        byte[] full = message(FrameKind.REQUEST, "protostuff", 3, VOTE);
        byte[] noPayload = Arrays.copyOf(full, 19); // the header alone: every field of VoteRequest missing
        noPayload[3] = 15;
        Run run = Run.of("inspect", "--hex", hex(noPayload));
        assertEquals(ExitCodes.FOUND_PROBLEMS, run.status(), run.out());
        String reason = run.outLines().stream().filter(l -> l.startsWith("  cannot decode: ")).findFirst()
                .orElseThrow();
        assertTrue(reason.length() > 2 + Text.MAX_STRING_CHARS, "long enough that it used to be cut: " + reason);
        assertTrue(reason.endsWith(" is missing (expected: every long, int and boolean component present, and every"
                + " component of another shape than String, byte[], long[], enum, registered value, List or Set)"),
                "our own reason is not cut: " + reason);
        assertTrue(reason.contains("protostuff"), "names the provider: " + reason);
    }

    @Test
    void shouldStopWhereTheInputIsCutShort() {
        byte[] good = message(FrameKind.REQUEST, "kryo", 1, VOTE);
        String cut = HexFormat.of().formatHex(good) + HexFormat.of().formatHex(good).substring(0, 20);
        Run run = Run.of("inspect", "--hex", cut);
        assertEquals(ExitCodes.FOUND_PROBLEMS, run.status());
        assertTrue(run.out().contains("input cut short: offset " + good.length + ": frame length = "
                + (good.length - 4) + " but only 6 bytes follow (expected: the whole frame; the input is cut"
                + " short)\n1 frame: 1 decoded, 0 could not be decoded; the rest of the input could not be read\n"),
                run.out());
    }

    @Test
    void shouldReadRawFramesFromAFileAndFromStdin() throws IOException {
        byte[] one = message(FrameKind.REQUEST, "kryo", 1, VOTE);
        byte[] two = message(FrameKind.RESPONSE, "jdk", 1, VOTE);
        Path file = dir.resolve("frames.bin");
        Files.write(file, concat(one, two));
        Run fromFile = Run.of("inspect", file.toString());
        assertEquals(ExitCodes.OK, fromFile.status(), fromFile.out());
        assertTrue(fromFile.out().contains("frame 1 (offset " + one.length + ")"), fromFile.out());

        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream(concat(one, two)));
            Run fromStdin = Run.of("inspect", "-");
            assertEquals(fromFile.out(), fromStdin.out());
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void shouldReadBackWhatACaptureWriterRecorded() throws IOException {
        byte[] request = message(FrameKind.REQUEST, "protostuff", 11, VOTE);
        byte[] response = message(FrameKind.RESPONSE, "protostuff", 11,
                new SampleMessages(1).sample(MessageType.VOTE_RESPONSE));
        Path file = dir.resolve("node-1.rwcap");
        long micros = 1_700_000_000_123_456L;
        try (CaptureWriter capture = CaptureWriter.open(file, 1 << 20, 1 << 20, () -> micros)) {
            ByteBuf sent = PooledByteBufAllocator.DEFAULT.buffer().writeBytes(request);
            capture.offerFrame(Direction.OUTBOUND, "node-2", sent);
            sent.release();
            // inbound frames reach the capture handler with their length field stripped
            ByteBuf received = PooledByteBufAllocator.DEFAULT.buffer().writeBytes(response, 4, response.length - 4);
            capture.offerStrippedFrame(Direction.INBOUND, "node-2", received);
            received.release();
        }
        Run run = Run.of("inspect", file.toString());
        assertEquals(ExitCodes.OK, run.status(), run.out());
        String out = run.out();
        assertTrue(out.startsWith("frame 0 (sent to node-2 at 2023-11-14T22:13:20.123456Z), " + request.length
                + " bytes\n"), out);
        assertTrue(out.contains("frame 1 (received from node-2 at 2023-11-14T22:13:20.123456Z), " + response.length
                + " bytes\n"), out);
        assertTrue(out.contains("  message: VoteResponse (35)\n    status: OK\n    error: RaftError (64)\n"), out);
        assertTrue(out.contains("2 frames: 2 decoded, 0 could not be decoded"), out);
    }

    @Test
    void shouldRefuseAPeerIdThatCouldForgeALineOrDriveTheTerminal() throws IOException {
        byte[] frame = message(FrameKind.REQUEST, "kryo", 1, VOTE);
        String forged = "node-2\u001b[31m\nframe 7 (forged line)\u001b[0m";
        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(new byte[] {'R', 'W', 'C', 'P', 1});
        byte[] good = captureRecord(Direction.OUTBOUND, "node-2", frame);
        file.writeBytes(good);
        file.writeBytes(captureRecord(Direction.INBOUND, forged, frame));
        file.writeBytes(good);
        Path capture = dir.resolve("crafted.rwcap");
        Files.write(capture, file.toByteArray());
        Run run = Run.of("inspect", capture.toString());
        assertEquals(ExitCodes.FOUND_PROBLEMS, run.status(), run.out());
        String out = run.out();
        assertTrue(out.startsWith("frame 0 (sent to node-2 at "), out);
        assertTrue(out.endsWith("\ninput cut short: capture record 1 at offset " + (5 + good.length) + ": peer id"
                + " \"node-2\\u001b[31m\\nframe 7 (forged line)\\u001b[0m\" has a non-printable character at index 6"
                + " (expected: printable ASCII, as a capture writer records it; the file is damaged or was not written"
                + " by raftwire)\n1 frame: 1 decoded, 0 could not be decoded; the rest of the input could not be"
                + " read\n"), out);
        assertTrue(out.lines().noneMatch(l -> l.startsWith("frame 7")), "no forged line: " + out);
        assertTrue(out.chars().noneMatch(c -> c == 0x1b), "no terminal escape: " + out);
    }

    @Test
    void shouldSayACaptureHeaderIsCutShortRatherThanItsMagicWrong() throws IOException {
        Path file = dir.resolve("cut.rwcap");
        Files.write(file, new byte[] {'R', 'W', 'C', 'P'});
        Run run = Run.of("inspect", file.toString());
        assertEquals(ExitCodes.FOUND_PROBLEMS, run.status(), run.out());
        assertEquals(List.of("input cut short: the input ends after 4 byte(s), inside the 5-byte header of a capture"
                + " file (expected: the magic 52 57 43 50 \"RWCP\" and a version byte)",
                "0 frames: 0 decoded, 0 could not be decoded; the rest of the input could not be read"),
                run.outLines(), "our own message, its quotes not escaped");

        Run forced = Run.of("inspect", "--format", "capture", "--hex", "5257");
        assertEquals(ExitCodes.FOUND_PROBLEMS, forced.status(), forced.out());
        assertTrue(forced.out().startsWith("input cut short: the input ends after 2 byte(s), inside the 5-byte"
                + " header"), forced.out());

        Run other = Run.of("inspect", "--format", "capture", "--hex", "5258");
        assertTrue(other.out().startsWith("input cut short: not a raftwire capture file: it starts with 52 58"
                + " (expected: the magic 52 57 43 50 \"RWCP\" and a version byte)\n"),
                "bytes that are not the magic are still called so: " + other.out());
    }

    @Test
    void shouldRefuseAnEmptyFileOrStdinAsItRefusesNoHexDigits() throws IOException {
        Run hex = Run.of("inspect", "--hex", "");
        assertEquals(ExitCodes.USAGE, hex.status());
        assertEquals(List.of("raftwire inspect: --hex: no hex digits (expected: at least one frame) (see 'raftwire"
                + " inspect --help')"), hex.errLines());

        Path empty = dir.resolve("empty.bin");
        Files.write(empty, new byte[0]);
        for (String format : List.of("auto", "raw", "capture")) {
            Run run = Run.of("inspect", "--format", format, empty.toString());
            assertEquals(ExitCodes.USAGE, run.status(), format + ": " + run.out());
            assertEquals(List.of("raftwire inspect: FILE " + empty + " is empty (expected: at least one frame) (see"
                    + " 'raftwire inspect --help')"), run.errLines(), format);
            assertEquals("", run.out(), "no report of 0 frames");
        }
        Path headerOnly = dir.resolve("nothing-recorded.rwcap");
        Files.write(headerOnly, new byte[] {'R', 'W', 'C', 'P', 1});
        Run noRecords = Run.of("inspect", headerOnly.toString());
        assertEquals(ExitCodes.OK, noRecords.status(), "a capture that recorded nothing yet is not empty: "
                + noRecords.err());
        assertEquals(List.of("0 frames: 0 decoded, 0 could not be decoded"), noRecords.outLines());

        InputStream stdin = System.in;
        try {
            System.setIn(new ByteArrayInputStream(new byte[0]));
            Run fromStdin = Run.of("inspect", "-");
            assertEquals(ExitCodes.USAGE, fromStdin.status(), fromStdin.out());
            assertEquals(List.of("raftwire inspect: stdin is empty (expected: at least one frame) (see 'raftwire"
                    + " inspect --help')"), fromStdin.errLines());
        } finally {
            System.setIn(stdin);
        }
    }

    @Test
    void shouldRefuseBadHexInOneLine() {
        Run run = Run.of("inspect", "--hex", "00 1g");
        assertEquals(ExitCodes.USAGE, run.status());
        assertEquals(List.of("raftwire inspect: --hex: character 5 is 'g' (expected: hex digits 0-9 a-f; blanks and"
                + " ':' are ignored) (see 'raftwire inspect --help')"), run.errLines());
        Run odd = Run.of("inspect", "--hex", "000");
        assertEquals(List.of("raftwire inspect: --hex: 3 hex digits (expected: an even number, two per byte) (see"
                + " 'raftwire inspect --help')"), odd.errLines());
    }

    @Test
    void shouldRefuseNoInputAndTwoInputs() {
        Run none = Run.of("inspect");
        assertEquals(ExitCodes.USAGE, none.status());
        assertEquals(List.of("raftwire inspect: no input (expected: FILE, '-' for stdin, or --hex) (see 'raftwire"
                + " inspect --help')"), none.errLines());
        Run both = Run.of("inspect", "--hex", "00", "frames.bin");
        assertEquals(ExitCodes.USAGE, both.status());
        assertEquals(1, both.errLines().size(), both.err());
        assertTrue(both.err().contains("both FILE and --hex given (expected: one input)"), both.err());
    }

    @Test
    void shouldReportAMissingFileAsARuntimeFailure() {
        Path missing = dir.resolve("nothing-here.bin");
        Run run = Run.of("inspect", missing.toString());
        assertEquals(ExitCodes.FAILURE, run.status());
        assertEquals(List.of("raftwire inspect: no such file: " + missing + " (expected: a file of raw frames or a"
                + " capture file)"), run.errLines());
    }

    /** One record in the capture file layout, the peer id written byte for byte as given (no writer's cleaning). */
    private static byte[] captureRecord(Direction direction, String peer, byte[] frame) {
        ByteBuffer b = ByteBuffer.allocate(14 + peer.length() + frame.length);
        b.put((byte) direction.code()).putLong(1_700_000_000_000_000L).put((byte) peer.length());
        b.put(peer.getBytes(StandardCharsets.ISO_8859_1)).putInt(frame.length).put(frame);
        return b.array();
    }

    private byte[] message(FrameKind kind, String provider, long correlationId, Object value) {
        Serializer serializer = serializer(provider);
        return bytes(writer.message(kind, serializer, REGISTRY.idOf(value), correlationId, value));
    }

    private static Serializer serializer(String provider) {
        return Serializers.create(provider, REGISTRY, SerializerOptions.defaults());
    }

    /** The frame's bytes; releases the frame. */
    private static byte[] bytes(ByteBuf frame) {
        try {
            return ByteBufUtil.getBytes(frame);
        } finally {
            frame.release();
        }
    }

    private static byte[] concat(byte[]... frames) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] f : frames) {
            out.writeBytes(f);
        }
        return out.toByteArray();
    }

    private static String hex(byte[]... frames) {
        return HexFormat.of().formatHex(concat(frames));
    }
}
