package io.raftwire.compat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.raftwire.message.MessageType;
import io.raftwire.message.RaftResponse;
import io.raftwire.message.request.VoteRequest;
import io.raftwire.message.response.VoteResponse;
import io.raftwire.message.value.MemberId;
import io.raftwire.node.model.EngineType;
import io.raftwire.node.model.NodeEndpoint;
import io.raftwire.node.model.VoteRequestModel;
import io.raftwire.serializer.Serializer;
import io.raftwire.transport.netty.codec.ErrorCode;
import io.raftwire.transport.netty.codec.ErrorPayload;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.FrameWriter;
import io.raftwire.transport.netty.codec.Handshake;
import io.raftwire.transport.netty.codec.HeaderDecoder;
import io.raftwire.transport.netty.codec.SerializerSet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The golden frames of a fixture version: one frame of every kind the transport writes (REQUEST, RESPONSE, ONE_WAY,
 * ERROR answering a request, ERROR refusing a handshake, HELLO, WELCOME, PING), with the provider's real payloads and
 * fingerprints, stored as {@code frames/<name>.hex} (the whole frame, length field included) with what they decode to
 * in {@code frames/expected.properties}. Payload bytes of every catalog type are pinned per provider in the serializer
 * modules' {@code golden/} folders and the frame layout with a fake serializer in transport-netty's
 * {@code FrameCodecTest}; these add the whole frame of each kind per provider. Stateless.
 */
final class FrameFixtures {

    /** A request's correlation id in the fixtures. */
    static final long CORRELATION = 0x0102030405060708L;

    /** The frames' names, in the order {@link #frames} writes them. */
    static final List<String> NAMES = List.of("request", "response", "one-way", "error", "handshake-refused", "hello",
            "welcome", "ping");

    private FrameFixtures() {
    }

    /** The frames, by name, written with {@code serializer}; the caller releases them. */
    static Map<String, ByteBuf> frames(Serializer serializer) {
        FrameWriter w = new FrameWriter(ByteBufAllocator.DEFAULT, FrameDescriptor.MIN_MAX_FRAME_BYTES * 16);
        SerializerSet set = SerializerSet.of(serializer);
        Map<String, ByteBuf> frames = new LinkedHashMap<>();
        frames.put("request", w.message(FrameKind.REQUEST, serializer, MessageType.VOTE_REQUEST.id(), CORRELATION,
                new VoteRequest(7, new MemberId("node-1"), 41, 6)));
        frames.put("response", w.message(FrameKind.RESPONSE, serializer, MessageType.VOTE_RESPONSE.id(), CORRELATION,
                new VoteResponse(RaftResponse.Status.OK, null, 7, true)));
        frames.put("one-way", w.message(FrameKind.ONE_WAY, serializer, EngineType.VOTE_REQUEST.id(), 0,
                new VoteRequestModel(CompatFixtures.GROUP, new NodeEndpoint("node-1"), 7, 6, 41, false)));
        frames.put("error", w.error(CORRELATION, MessageType.VOTE_REQUEST.id(),
                new ErrorPayload(ErrorCode.HANDLER_FAILED, "handler failed: état ✓")));
        frames.put("handshake-refused", w.error(0, 0, new ErrorPayload(ErrorCode.HANDSHAKE_REFUSED,
                "cluster id = blue (expected: " + CompatFixtures.GROUP + ")")));
        frames.put("hello", w.handshake(FrameKind.HELLO, Handshake.of(CompatFixtures.GROUP, "node-1", "node-2",
                Handshake.Lane.URGENT, 16 * 1024 * 1024, 3000, set)));
        frames.put("welcome", w.handshake(FrameKind.WELCOME, Handshake.of(CompatFixtures.GROUP, "node-2", "node-1",
                Handshake.Lane.URGENT, 16 * 1024 * 1024, 3000, set)));
        frames.put("ping", w.ping());
        return frames;
    }

    /**
     * Reads one whole frame (length field included) with today's decoders: the header through {@link HeaderDecoder}
     * accepting {@code serializer}, the payload through the serializer, {@link Handshake} or {@link ErrorPayload}.
     *
     * @return the header and what the payload decoded to, as {@code <name>.header} and {@code <name>.decoded}
     */
    static Map<String, String> read(String name, Serializer serializer, ByteBuf whole) {
        int length = whole.readInt();
        if (length != whole.readableBytes()) {
            throw new IllegalStateException(name + ": length field " + length + " (expected: the "
                    + whole.readableBytes() + " bytes after it)");
        }
        HeaderDecoder decoder = new HeaderDecoder(SerializerSet.of(serializer), EnumSet.allOf(FrameKind.class),
                "compat");
        Frame frame = decoder.decode(whole);
        try {
            Object decoded;
            if (frame.kind().carriesMessage()) {
                decoded = serializer.decode(frame.typeId(), frame.payload());
            } else if (frame.kind() == FrameKind.HELLO || frame.kind() == FrameKind.WELCOME) {
                decoded = Handshake.readFrom(frame.payload());
            } else if (frame.kind() == FrameKind.ERROR) {
                decoded = ErrorPayload.readFrom(frame.payload());
            } else {
                decoded = frame.payload().readableBytes() + " payload bytes";
            }
            if (frame.payload().isReadable()) {
                throw new IllegalStateException(name + ": " + frame.payload().readableBytes()
                        + " payload bytes left after decoding (expected: none)");
            }
            Map<String, String> m = new LinkedHashMap<>();
            m.put(name + ".header", "kind " + frame.kind() + ", serializer " + frame.serializerId() + ", type "
                    + frame.typeId() + ", correlation " + frame.correlationId());
            m.put(name + ".decoded", String.valueOf(decoded));
            return m;
        } finally {
            frame.release();
        }
    }

    /** Writes the frames of {@code provider} and their expectation into {@code dir} (created). */
    static void write(String provider, Path dir) throws IOException {
        Files.createDirectories(dir);
        Serializer serializer = CompatFixtures.serializer(provider);
        Map<String, String> expected = new LinkedHashMap<>();
        for (Map.Entry<String, ByteBuf> e : frames(serializer).entrySet()) {
            ByteBuf frame = e.getValue();
            try {
                String hex = ByteBufUtil.hexDump(frame);
                Files.writeString(dir.resolve(e.getKey() + ".hex"), hex + "\n", StandardCharsets.US_ASCII);
                ByteBuf copy = Unpooled.wrappedBuffer(ByteBufUtil.decodeHexDump(hex));
                try {
                    expected.putAll(read(e.getKey(), serializer, copy));
                } finally {
                    copy.release();
                }
            } finally {
                frame.release();
            }
        }
        CompatFixtures.write(dir.resolve("expected.properties"), List.of(
                "Golden frames written by CompatFixtureWriter with " + provider + " (frame version "
                        + FrameDescriptor.VERSION + "); <name>.hex is the whole frame, length field included.",
                "Read by FrameCompatTest through today's HeaderDecoder and decoders."), expected);
    }
}
