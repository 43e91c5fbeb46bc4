package io.raftwire.transport.netty;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import io.raftwire.transport.netty.codec.Frame;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Blob;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.transport.netty.testkit.FrameMutator;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.message.MessageType;
import io.raftwire.message.fixtures.CatalogFixtures;
import io.raftwire.serializer.Serializer;
import io.raftwire.serializer.SerializerOptions;
import io.raftwire.serializer.Serializers;
import io.raftwire.serializer.TypeRegistry;
import io.raftwire.testkit.Seeds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Seeded mutations of valid frames through the whole inbound pipeline of an accepted connection (framing, header
 * checks, handshake, serializer, dispatch, error handling). Pass: no {@link Error}, no exception other than ours, no
 * unexpected failure, every written frame valid, every buffer released. Each run prints its seed and names it in
 * any failure; replay one with {@code -Dtest.seed=...} ({@link Seeds}).
 */
@ExtendWith(LeakDetectionExtension.class)
class InboundFuzzTest {

    /** Inputs per run: {@code -Dfuzz.iterations}; the parent POM sets 1,500 for the test command, 10,000 for -Plong. */
    static final int ITERATIONS = Integer.getInteger("fuzz.iterations", 10_000);

    @Test
    void shouldSurviveMutatedFramesWithTheFakeSerializer() {
        FakeSerializer fake = FakeSerializer.standard();
        List<Object> messages = List.of(new Echo(1, "hello"), new Echo(-1, ""), new Blob(7, new byte[300]),
                new Blob(0, new byte[0]));
        long seed = seed("fake");
        Outcome o = run(SerializerSet.of(fake), messages, new Echo(0, "answer"), seed);
        assertTrue(o.answered > 0 && o.refused > 0, "seed " + seed + ": " + o);
    }

    @ParameterizedTest
    @ValueSource(strings = {"kryo", "protostuff", "jdk"})
    void shouldSurviveMutatedCatalogFramesWithEachSerializer(String name) {
        CatalogFixtures fixtures = new CatalogFixtures(7);
        List<Object> requests = new ArrayList<>();
        for (MessageType type : CatalogFixtures.MESSAGE_SET) {
            if (type.name().endsWith("_REQUEST")) {
                requests.add(fixtures.realistic(type));
            }
        }
        Serializer serializer = Serializers.create(name, TypeRegistry.catalog(), SerializerOptions.defaults());
        long seed = seed(name);
        Outcome o = run(SerializerSet.of(serializer), requests, fixtures.realistic(MessageType.VOTE_RESPONSE), seed);
        assertTrue(o.answered > 0 && o.refused > 0 && o.errorAnswers > 0, "seed " + seed + ": " + o);
    }

    static long seed(String name) {
        return Seeds.seed("InboundFuzzTest " + name);
    }

    /** Counts of what happened to the mutated inputs. */
    static final class Outcome {
        int answered;
        int errorAnswers;
        int refused;
        int silent;

        @Override
        public String toString() {
            return "answered=" + answered + ", errorAnswers=" + errorAnswers + ", refused=" + refused
                    + ", silent (incomplete frames, one-way)=" + silent;
        }
    }

    /**
     * Runs {@link #ITERATIONS} mutated inputs through fresh accepted pipelines.
     *
     * @param messages the requests whose frames are mutated
     * @param response what the catch-all handler answers
     */
    static Outcome run(SerializerSet serializers, List<Object> messages, Object response, long seed) {
        // A fresh thread has a shallow stack, which makes the paranoid leak detector's access records (one stack
        // trace per buffer operation) several times cheaper than under JUnit's deep stack.
        CompletableFuture<Outcome> result = new CompletableFuture<>();
        Thread worker = new Thread(() -> {
            try {
                result.complete(runHere(serializers, messages, response, seed));
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }, "fuzz-" + serializers.sender().name());
        worker.start();
        try {
            return result.join();
        } catch (java.util.concurrent.CompletionException e) {
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw e;
        }
    }

    private static Outcome runHere(SerializerSet serializers, List<Object> messages, Object response, long seed) {
        EmbeddedHarness h = new EmbeddedHarness(EmbeddedHarness.quietSettings(), serializers);
        Outcome outcome = new Outcome();
        try {
            h.context.handlers().onRequest(Object.class, (from, m) -> CompletableFuture.completedFuture(response));
            h.context.handlers().onMessage(Object.class, (from, m) -> {
            });
            List<byte[]> frames = new ArrayList<>();
            for (Object m : messages) {
                frames.add(bytes(h.request(FrameKind.REQUEST, 1, m)));
                frames.add(bytes(h.request(FrameKind.ONE_WAY, 0, m)));
            }
            byte[] hello = bytes(h.hello(EmbeddedHarness.REMOTE));
            SplittableRandom random = new SplittableRandom(seed);
            FrameMutator mutator = new FrameMutator(random);
            for (int i = 0; i < ITERATIONS; i++) {
                byte[] input = mutator.mutate(frames);
                try {
                    feed(h, hello, input, random, outcome);
                } catch (Throwable t) {
                    fail("seed " + seed + ", iteration " + i + ", input " + ByteBufUtil.hexDump(input) + ": " + t, t);
                }
            }
            assertEquals(0, h.context.metrics().unexpectedErrors.sum(), "seed " + seed);
            return outcome;
        } finally {
            h.close();
        }
    }

    private static void feed(EmbeddedHarness h, byte[] hello, byte[] input, SplittableRandom random, Outcome o) {
        EmbeddedChannel ch = h.accepted();
        // read before the input goes in: an error answer it provokes raises the counter
        long errorsBefore = h.context.metrics().errorsSent.sum();
        ByteBuf in = PooledByteBufAllocator.DEFAULT.buffer(hello.length + input.length);
        in.writeBytes(hello).writeBytes(input);
        while (in.isReadable() && ch.isOpen()) {
            ch.writeInbound(in.readRetainedSlice(Math.min(in.readableBytes(), 1 + random.nextInt(400))));
        }
        in.release();
        ch.runPendingTasks();
        Set<FrameKind> seen = EnumSet.noneOf(FrameKind.class);
        for (ByteBuf out = ch.readOutbound(); out != null; out = ch.readOutbound()) {
            Frame f = h.parse(out);
            seen.add(f.kind());
            f.release();
        }
        assertTrue(EnumSet.of(FrameKind.WELCOME, FrameKind.RESPONSE, FrameKind.ERROR).containsAll(seen),
                "frames written: " + seen);
        if (!ch.isOpen()) {
            o.refused++;
        } else if (seen.contains(FrameKind.RESPONSE)) {
            o.answered++;
        } else if (seen.contains(FrameKind.ERROR) || h.context.metrics().errorsSent.sum() > errorsBefore) {
            o.errorAnswers++;
        } else {
            o.silent++;
        }
        ch.checkException();
        ch.finishAndReleaseAll();
        assertEquals(0, in.refCnt());
    }

    private static byte[] bytes(ByteBuf b) {
        byte[] a = ByteBufUtil.getBytes(b);
        b.release();
        return a;
    }
}
