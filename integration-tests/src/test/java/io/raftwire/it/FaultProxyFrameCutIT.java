package io.raftwire.it;

import io.raftwire.config.HostPort;
import io.raftwire.testkit.Seeds;
import io.raftwire.transport.netty.codec.FrameDescriptor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FaultProxy#resetInFrame}: raftwire frames written through the proxy over plain sockets; the first frame of the
 * armed type and direction is cut strictly inside (at least its first byte forwarded, never its last), the frames
 * before it arrive whole, both ends see the reset (RST), and the arm is used once.
 */
@Timeout(30)
class FaultProxyFrameCutIT {

    private static final int SNAPSHOT_TYPE = 113;
    private static final int OTHER_TYPE = 7;
    private static final int READ_SECONDS = 20;

    private ServerSocket target;
    private FaultProxy proxy;
    private SplittableRandom random;
    private String seedNote;

    @BeforeEach
    void start() throws IOException {
        long seed = Seeds.seed("FaultProxyFrameCutIT");
        seedNote = " (seed " + seed + ", replay with -D" + Seeds.PROPERTY + "=" + seed + ")";
        random = new SplittableRandom(seed);
        target = new ServerSocket();
        target.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        proxy = new FaultProxy(new HostPort("127.0.0.1", target.getLocalPort()));
    }

    @AfterEach
    void stop() throws IOException {
        proxy.close();
        target.close();
    }

    @Test
    void cutsTheArmedFrameStrictlyInsideResetsBothEndsOnce() throws Exception {
        byte[] handshake = frame(0, 40);
        byte[] before = frame(OTHER_TYPE, 1 + random.nextInt(3000));
        byte[] snapshot = frame(SNAPSHOT_TYPE, 20 + random.nextInt(4000));
        byte[] after = frame(OTHER_TYPE, 100);
        byte[] stream = concat(handshake, before, snapshot, after);
        proxy.resetInFrame(FaultProxy.Direction.CLIENT_TO_SERVER, SNAPSHOT_TYPE, random);

        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.address().port())) {
            client.setSoTimeout(READ_SECONDS * 1000);
            CompletableFuture<Received> server = receive();
            client.getOutputStream().write(stream);
            client.getOutputStream().flush();
            SocketException atClient = assertThrows(SocketException.class,
                    () -> client.getInputStream().read(), "the client end must be reset" + seedNote);
            assertTrue(atClient.getMessage().contains("reset"), atClient + seedNote);

            Received got = server.get(READ_SECONDS, TimeUnit.SECONDS);
            assertTrue(got.error() instanceof SocketException && got.error().getMessage().contains("reset"),
                    "the server end must be reset, it saw " + got.error() + seedNote);
            int whole = handshake.length + before.length;
            int ofSnapshot = got.bytes().length - whole;
            assertTrue(ofSnapshot >= 1 && ofSnapshot <= snapshot.length - 1, "forwarded " + ofSnapshot + " of the "
                    + snapshot.length + "-byte frame (expected: 1.." + (snapshot.length - 1) + ")" + seedNote);
            assertArrayEquals(Arrays.copyOf(stream, got.bytes().length), got.bytes(),
                    "the frames before the cut arrive whole and unchanged" + seedNote);
        }
        assertEquals(1, proxy.framesCut(), seedNote);
        assertEquals(1, proxy.resets(), seedNote);
        assertFalse(proxy.frameCutArmed(), "the arm is used up" + seedNote);

        // one shot: the next connection carries the same frames whole
        assertForwardedWhole(stream);
        assertEquals(1, proxy.framesCut(), seedNote);
    }

    @Test
    void leavesOtherDirectionsUnframedStreamsAndHealedArmsAlone() throws Exception {
        byte[] snapshot = frame(SNAPSHOT_TYPE, 500);
        proxy.resetInFrame(FaultProxy.Direction.SERVER_TO_CLIENT, SNAPSHOT_TYPE, random);
        assertForwardedWhole(concat(frame(0, 40), snapshot));

        // not raftwire framing (wrong magic): followed no further, forwarded as it is
        byte[] unframed = new byte[FrameCursor.HEAD_BYTES + 600];
        random.nextBytes(unframed);
        ByteBuffer.wrap(unframed).putInt(600 + FrameCursor.HEAD_BYTES - FrameDescriptor.LENGTH_FIELD_LENGTH)
                .putShort((short) (FrameDescriptor.MAGIC + 1));
        proxy.resetInFrame(FaultProxy.Direction.CLIENT_TO_SERVER, SNAPSHOT_TYPE, random);
        assertForwardedWhole(concat(unframed, snapshot));
        assertTrue(proxy.frameCutArmed(), "an arm no frame matched is still pending" + seedNote);

        proxy.heal();
        assertFalse(proxy.frameCutArmed(), "heal() disarms" + seedNote);
        assertForwardedWhole(concat(frame(0, 40), snapshot));
        assertEquals(0, proxy.framesCut(), seedNote);
        assertEquals(0, proxy.resets(), seedNote);
    }

    @Test
    void refusesATypeIdTheHeaderCannotHold() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> proxy.resetInFrame(FaultProxy.Direction.CLIENT_TO_SERVER, 70_000, random));
        assertEquals("messageTypeId = 70000 (expected: 0..65535)", e.getMessage());
    }

    /** Writes {@code stream} through a new connection, ends it (FIN), and asserts the target got it all unchanged. */
    private void assertForwardedWhole(byte[] stream) throws Exception {
        try (Socket client = new Socket(InetAddress.getLoopbackAddress(), proxy.address().port())) {
            CompletableFuture<Received> server = receive();
            client.getOutputStream().write(stream);
            client.shutdownOutput();
            Received got = server.get(READ_SECONDS, TimeUnit.SECONDS);
            assertEquals(null, got.error(), "the connection ends with a FIN, not a reset" + seedNote);
            assertArrayEquals(stream, got.bytes(), "every byte forwarded unchanged" + seedNote);
        }
    }

    /** What the target read from one accepted connection until it ended, and how it ended (null: end of stream). */
    private record Received(byte[] bytes, IOException error) {
    }

    private CompletableFuture<Received> receive() {
        return CompletableFuture.supplyAsync(() -> {
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            try (Socket s = target.accept()) {
                s.setSoTimeout(READ_SECONDS * 1000);
                InputStream in = s.getInputStream();
                byte[] buffer = new byte[1024];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    got.write(buffer, 0, n);
                }
                return new Received(got.toByteArray(), null);
            } catch (IOException e) {
                return new Received(got.toByteArray(), e);
            }
        });
    }

    /** A frame laid out as {@link FrameDescriptor} says, with {@code payload} random bytes. */
    private byte[] frame(int typeId, int payload) {
        byte[] body = new byte[payload];
        random.nextBytes(body);
        return ByteBuffer.allocate(FrameDescriptor.HEADER_LENGTH + payload)
                .putInt(FrameDescriptor.HEADER_LENGTH_AFTER_LENGTH_FIELD + payload)
                .putShort((short) FrameDescriptor.MAGIC)
                .put((byte) FrameDescriptor.VERSION)
                .put((byte) (typeId == 0 ? FrameDescriptor.NO_SERIALIZER : 2))
                .put((byte) (typeId == 0 ? 1 : 0))
                .putShort((short) typeId)
                .putLong(random.nextLong())
                .put(body)
                .array();
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }
}
