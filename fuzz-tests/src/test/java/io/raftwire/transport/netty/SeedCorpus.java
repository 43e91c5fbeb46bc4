package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.raftwire.fuzz.SeedInputs;
import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.transport.netty.codec.FrameKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the committed seed corpora (run from the fuzz-tests module directory; not a test):
 * {@code java -cp <test classpath> io.raftwire.transport.netty.SeedCorpus}. Every seed is a valid input built from
 * {@link CatalogFixtures} (realistic instances and every edge case), so fuzzing starts from the shapes real traffic
 * has. Existing {@code crash-*} files are never touched. Seeds are deterministic: rerunning rewrites the same bytes.
 */
public final class SeedCorpus {

    private static final Path RESOURCES = Path.of("src", "test", "resources");

    private SeedCorpus() {
    }

    public static void main(String[] args) throws IOException {
        SeedInputs.writeDecodeSeeds(RESOURCES);
        writePipelineSeeds(RESOURCES.resolve("io/raftwire/transport/netty/InboundPipelineFuzzTestInputs/"
                + "acceptedConnection"));
    }

    private static void writePipelineSeeds(Path dir) throws IOException {
        Files.createDirectories(dir);
        CatalogFixtures fixtures = new CatalogFixtures(7);
        int n = 0;
        int[] serializerIds = {1, 2, 3};
        for (MessageType t : MessageType.values()) {
            if (!t.name().endsWith("_REQUEST")) {
                continue;
            }
            for (int id : serializerIds) {
                FrameKind kind = t == MessageType.PUBLISH_REQUEST || t == MessageType.RESET_REQUEST
                        ? FrameKind.ONE_WAY : FrameKind.REQUEST;
                ByteBuf frame = InboundPipelineFuzzTest.frame(kind, id, fixtures.realistic(t), n + 1);
                write(dir, String.format("seed-%03d-%s-%d", n++, t.name().toLowerCase(), id), (byte) 1,
                        (byte) (n * 7), frame);
            }
        }
        // the handshake itself, sent by the input (no HELLO prefix), whole and split
        write(dir, String.format("seed-%03d-hello", n++), (byte) 0, (byte) 255, InboundPipelineFuzzTest.hello());
        write(dir, String.format("seed-%03d-hello-split", n++), (byte) 0, (byte) 9, InboundPipelineFuzzTest.hello());
        ByteBuf two = Unpooled.buffer();
        for (MessageType t : List.of(MessageType.VOTE_REQUEST, MessageType.APPEND_REQUEST)) {
            ByteBuf f = InboundPipelineFuzzTest.frame(FrameKind.REQUEST, 1, fixtures.realistic(t), 5);
            two.writeBytes(f);
            f.release();
        }
        write(dir, String.format("seed-%03d-two-frames", n), (byte) 1, (byte) 40, two);
    }

    private static void write(Path dir, String name, byte flags, byte split, ByteBuf frame) throws IOException {
        byte[] bytes = new byte[2 + frame.readableBytes()];
        bytes[0] = flags;
        bytes[1] = split;
        frame.getBytes(frame.readerIndex(), bytes, 2, frame.readableBytes());
        frame.release();
        Files.write(dir.resolve(name), bytes);
    }
}
