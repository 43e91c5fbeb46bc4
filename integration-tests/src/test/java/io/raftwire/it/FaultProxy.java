package io.raftwire.it;

import io.raftwire.config.HostPort;
import io.raftwire.transport.netty.codec.FrameDescriptor;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.random.RandomGenerator;

/**
 * A TCP proxy on the loopback address for faults that need real sockets: it forwards both ways until told to
 * {@link #resetAfter reset} a connection after a number of bytes (an RST, {@code SO_LINGER} 0, in the middle of
 * whatever frame those bytes belong to), to {@link #resetInFrame reset} it in the middle of the next raftwire frame of
 * a given message type, or to make it {@link #halfOpen half-open} (bytes in one direction are read and discarded; no
 * FIN, no RST, the other direction still flows). Generalises the transport test kit's
 * {@code TcpProxy}, which blackholes both directions or stops reading.
 *
 * <p>Two platform threads per connection, each in a blocking read loop that ends when its socket closes;
 * {@link #close()} closes every socket, so every loop ends. Each loop follows the raftwire frames of its direction
 * with its own {@link FrameCursor}.
 */
public final class FaultProxy implements AutoCloseable {

    /** Which bytes a fault applies to. */
    public enum Direction {
        /** From the connecting side (the node that dialled) to the target. */
        CLIENT_TO_SERVER,
        /** From the target back to the connecting side. */
        SERVER_TO_CLIENT
    }

    private final HostPort target;
    private final ServerSocket server;
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger resets = new AtomicInteger();
    private final AtomicInteger framesCut = new AtomicInteger();
    private final AtomicReference<FrameCut> frameCut = new AtomicReference<>();
    private final Set<Direction> halfOpen = ConcurrentHashMap.newKeySet();
    private final Set<Direction> stalled = ConcurrentHashMap.newKeySet();
    private final Object stallLock = new Object();
    private final Object resetLock = new Object();
    private Direction resetDirection;
    private long resetRemaining = -1;
    private volatile boolean closed;

    /** Starts accepting on 127.0.0.1 at an ephemeral port, forwarding to {@code target}. */
    public FaultProxy(HostPort target) throws IOException {
        this.target = target;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        start("fault-proxy-accept", this::acceptLoop);
    }

    /** Where clients connect. */
    public HostPort address() {
        return new HostPort("127.0.0.1", server.getLocalPort());
    }

    /** Connections accepted so far. */
    public int accepted() {
        return accepted.get();
    }

    /** Connections reset so far. */
    public int resets() {
        return resets.get();
    }

    /** Connections reset inside a frame by {@link #resetInFrame}, so far (also counted in {@link #resets()}). */
    public int framesCut() {
        return framesCut.get();
    }

    /**
     * The next frame of message type {@code messageTypeId} that begins in {@code direction} on any connection is cut:
     * the proxy forwards a part of it, at least its first byte and at most all but its last byte, then resets both
     * sockets of that connection (RST) and counts the reset in {@link #resets()} and {@link #framesCut()}. Where the
     * cut falls inside the frame is drawn from {@code random} here, on the caller's thread (a seeded source replays the
     * same fraction). One shot: later frames and connections are unaffected; arming again replaces a pending arm;
     * {@link #heal()} disarms.
     *
     * @param direction     the direction whose frames are cut
     * @param messageTypeId the type id in the frame header ({@code FrameDescriptor.TYPE_ID_OFFSET}), 0..65535
     * @param random        where the cut point comes from
     */
    public void resetInFrame(Direction direction, int messageTypeId, RandomGenerator random) {
        if (messageTypeId < 0 || messageTypeId > FrameDescriptor.MAX_TYPE_ID) {
            throw new IllegalArgumentException("messageTypeId = " + messageTypeId + " (expected: 0.."
                    + FrameDescriptor.MAX_TYPE_ID + ")");
        }
        frameCut.set(new FrameCut(direction, messageTypeId, random.nextDouble()));
    }

    /** Whether a {@link #resetInFrame} arm is still pending (not yet used, not healed). */
    public boolean frameCutArmed() {
        return frameCut.get() != null;
    }

    /**
     * The next connection that forwards bytes in {@code direction} forwards {@code bytes} more of them, then both its
     * sockets are reset. One shot: later connections are unaffected.
     */
    public void resetAfter(Direction direction, long bytes) {
        synchronized (resetLock) {
            resetDirection = direction;
            resetRemaining = bytes;
        }
    }

    /** From now on, bytes in {@code direction} are read and discarded on every connection; nothing is closed. */
    public void halfOpen(Direction direction) {
        halfOpen.add(direction);
    }

    /**
     * From now on, nothing more is read in {@code direction} on any connection, as a peer that stops reading its
     * socket: the sender's kernel buffers fill and its writes back up. Nothing is closed; {@link #heal()} resumes.
     */
    public void stopReading(Direction direction) {
        stalled.add(direction);
    }

    /** Forwards both ways again (reading resumes) and disarms a pending reset (by bytes or in a frame). */
    public void heal() {
        halfOpen.clear();
        synchronized (stallLock) {
            stalled.clear();
            stallLock.notifyAll();
        }
        synchronized (resetLock) {
            resetRemaining = -1;
        }
        frameCut.set(null);
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket client = server.accept();
                Socket upstream;
                try {
                    upstream = new Socket(target.host(), target.port());
                } catch (IOException refused) {
                    // the target is not listening (not started yet, or stopped): close the dialler's socket now, as a
                    // refused connection would be, so it dials again after its backoff; left open, it waited for its
                    // handshake timeout (2 s), which delayed every proxied cluster's first election
                    closeQuietly(client);
                    continue;
                }
                int index = accepted.getAndIncrement();
                sockets.add(client);
                sockets.add(upstream);
                start("fault-proxy-up-" + index, () -> pump(client, upstream, Direction.CLIENT_TO_SERVER));
                start("fault-proxy-down-" + index, () -> pump(upstream, client, Direction.SERVER_TO_CLIENT));
            } catch (IOException e) {
                // a closed server ends the loop
            }
        }
    }

    private void pump(Socket from, Socket to, Direction direction) {
        byte[] buffer = new byte[8192];
        FrameCursor frames = new FrameCursor();
        long cutAt = -1;
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            while (!closed) {
                awaitReading(direction);
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                long chunkStart = frames.position();
                for (int i = 0; i < n; ) {
                    i += frames.consume(buffer, i, n - i);
                    if (cutAt < 0 && frames.headJustComplete()) {
                        cutAt = claimCut(frames, direction, chunkStart);
                    }
                }
                if (halfOpen.contains(direction)) {
                    continue;
                }
                int forward = n;
                boolean reset = false;
                if (cutAt >= 0 && cutAt - chunkStart <= n) {
                    forward = (int) (cutAt - chunkStart);
                    reset = true;
                    framesCut.incrementAndGet();
                }
                synchronized (resetLock) {
                    if (!reset && resetRemaining >= 0 && resetDirection == direction) {
                        forward = (int) Math.min(n, resetRemaining);
                        resetRemaining -= forward;
                        reset = resetRemaining == 0;
                        if (reset) {
                            resetRemaining = -1;
                        }
                    }
                }
                out.write(buffer, 0, forward);
                if (reset) {
                    out.flush();
                    resets.incrementAndGet();
                    abort(from);
                    abort(to);
                    return;
                }
            }
        } catch (IOException e) {
            // the connection is gone (closed or reset by a side, or by close())
        }
        closeQuietly(from);
        closeQuietly(to);
    }

    /**
     * Takes the pending frame cut if it applies to the frame whose head {@code frames} just read; returns the stream
     * offset to cut at (strictly inside that frame, and not before {@code forwardedUpTo}, the bytes this direction has
     * already forwarded), or -1.
     */
    private long claimCut(FrameCursor frames, Direction direction, long forwardedUpTo) {
        FrameCut arm = frameCut.get();
        if (arm == null || arm.direction != direction || arm.typeId != frames.typeId()
                || !frameCut.compareAndSet(arm, null)) {
            return -1;
        }
        long first = Math.max(1, forwardedUpTo - frames.frameStart());
        long last = frames.frameBytes() - 1;
        long inside = first + Math.min(last - first, (long) (arm.fraction * (last - first + 1)));
        return frames.frameStart() + inside;
    }

    private void awaitReading(Direction direction) {
        synchronized (stallLock) {
            while (stalled.contains(direction) && !closed) {
                try {
                    stallLock.wait(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Closes with an RST instead of a FIN. */
    private static void abort(Socket s) {
        try {
            s.setSoLinger(true, 0);
        } catch (IOException e) {
            // already closed
        }
        closeQuietly(s);
    }

    /** A pending {@link #resetInFrame}: which frames, and where inside the frame (a fraction in [0, 1)). */
    private record FrameCut(Direction direction, int typeId, double fraction) {
    }

    private static void start(String name, Runnable task) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        t.start();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (stallLock) {
            stallLock.notifyAll();
        }
        closeQuietly(server);
        sockets.forEach(FaultProxy::closeQuietly);
    }
}
