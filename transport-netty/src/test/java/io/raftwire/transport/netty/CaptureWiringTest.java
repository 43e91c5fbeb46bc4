package io.raftwire.transport.netty;

import io.raftwire.transport.netty.capture.CaptureReader;
import io.raftwire.transport.netty.capture.CaptureRecord;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import io.raftwire.transport.netty.codec.FrameKind;
import io.raftwire.transport.netty.codec.SerializerSet;
import io.raftwire.transport.netty.testkit.Await;
import io.raftwire.transport.netty.testkit.Echo;
import io.raftwire.transport.netty.testkit.FakeSerializer;
import io.raftwire.testkit.leak.LeakDetectionExtension;
import io.raftwire.testkit.leak.LeakGate;
import io.raftwire.transport.netty.testkit.LogCapture;
import io.raftwire.transport.netty.testkit.LoopbackCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code raftwire.transport.capture-file} wired into real loopback connections: each node records the frames it sends
 * and receives on the connections it opened and on those it accepted.
 */
@ExtendWith(LeakDetectionExtension.class)
class CaptureWiringTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir
    Path dir;

    /** Each capturing transport says so at WARN when it is created: asserted here, not printed. */
    @RegisterExtension
    final LogCapture logs = LogCapture.of("WARN", NettyTransport.class.getName());

    @Test
    @Timeout(30)
    void shouldCaptureBothDirectionsOfOutboundAndAcceptedConnectionsOnBothSides() throws IOException {
        assertTrue(LeakGate.installed(), "the counting leak detector must be armed");
        try (LoopbackCluster cluster = new LoopbackCluster(List.of("a", "b"),
                id -> EmbeddedHarness.quietSettings().captureFile(dir.resolve(id + ".rwcap").toString()),
                id -> SerializerSet.of(FakeSerializer.standard()),
                t -> t.onRequest(Echo.class, (from, echo) -> CompletableFuture.completedFuture(
                        new Echo(echo.n() + 1, t.memberId() + " answers " + from))))) {
            // a started before b listened: its first attempt may have failed and be backing off
            cluster.awaitConnected(WAIT);
            assertEquals(new Echo(42, "b answers a"),
                    Await.value(cluster.node("a").request("b", new Echo(41, "from a"), Echo.class), WAIT));
            assertEquals(new Echo(8, "a answers b"),
                    Await.value(cluster.node("b").request("a", new Echo(7, "from b"), Echo.class), WAIT));
            for (String id : List.of("a", "b")) {
                logs.await("raftwire transport " + id + " copies every frame it sends and receives, in plaintext, to "
                        + dir.resolve(id + ".rwcap") + " (raftwire.transport.capture-file)");
            }
        }
        // closing the transports closed the writers: the files are complete

        List<String> a = describe(dir.resolve("a.rwcap"));
        List<String> b = describe(dir.resolve("b.rwcap"));
        // a's outbound connection to b: HELLO and the request out, WELCOME and the response in
        assertContains(a, "OUTBOUND b HELLO", "INBOUND b WELCOME", "OUTBOUND b REQUEST", "INBOUND b RESPONSE");
        // the connection a accepted from b: HELLO before the peer is known, then b's request in, a's answer out
        assertContains(a, "INBOUND - HELLO", "OUTBOUND b WELCOME", "INBOUND b REQUEST", "OUTBOUND b RESPONSE");
        assertContains(b, "OUTBOUND a HELLO", "INBOUND a WELCOME", "OUTBOUND a REQUEST", "INBOUND a RESPONSE");
        assertContains(b, "INBOUND - HELLO", "OUTBOUND a WELCOME", "INBOUND a REQUEST", "OUTBOUND a RESPONSE");
    }

    /**
     * Two transports writing one file would overwrite each other's records (the second truncates the file and writes
     * from its start while the first goes on at its own offset), leaving only the second one's frames readable: the
     * second transport is refused instead, and the first one's capture stays whole.
     */
    @Test
    @Timeout(30)
    @SuppressWarnings("try") // the first transport is only held open while the second is refused
    void shouldRefuseASecondTransportWritingTheSameCaptureFile() throws IOException {
        Path file = dir.resolve("shared.rwcap");
        TransportSettings.Builder settings = EmbeddedHarness.quietSettings().captureFile(file.toString());
        try (NettyTransport first = new NettyTransport(settings.nodeId("a").build(),
                SerializerSet.of(FakeSerializer.standard()))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new NettyTransport(
                    settings.nodeId("b").build(), SerializerSet.of(FakeSerializer.standard())));
            assertEquals("raftwire.transport.capture-file = " + file + ": " + file + " is already being written by"
                    + " another capture (expected: a file of its own for each transport)", e.getMessage());
            assertEquals(List.of(), describe(file), "the first transport's file is left alone");
        }

        Path nowhere = dir.resolve("no-such-directory").resolve("x.rwcap");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new NettyTransport(
                EmbeddedHarness.quietSettings().captureFile(nowhere.toString()).build(),
                SerializerSet.of(FakeSerializer.standard())));
        assertEquals("raftwire.transport.capture-file = " + nowhere + ": cannot be created: its directory does not"
                + " exist (expected: a file in an existing directory)", e.getMessage());
    }

    private static void assertContains(List<String> records, String... expected) {
        for (String e : expected) {
            assertTrue(records.contains(e), () -> e + " not among the captured records " + records);
        }
    }

    /** Each record as "DIRECTION peer KIND" ("-" for a peer not known yet), checking each frame's length field. */
    private static List<String> describe(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        try (CaptureReader reader = new CaptureReader(Files.newInputStream(file))) {
            for (CaptureRecord r = reader.next(); r != null; r = reader.next()) {
                ByteBuffer frame = ByteBuffer.wrap(r.frame());
                assertEquals(r.frame().length - FrameDescriptor.LENGTH_FIELD_LENGTH, frame.getInt(0),
                        "a record holds the whole frame, its length field included");
                FrameKind kind = FrameKind.ofCode(frame.get(FrameDescriptor.FLAGS_OFFSET)
                        & FrameDescriptor.KIND_MASK);
                out.add(r.direction() + " " + (r.peerId().isEmpty() ? "-" : r.peerId()) + " " + kind);
            }
        }
        return out.stream().distinct().collect(Collectors.toList());
    }
}
